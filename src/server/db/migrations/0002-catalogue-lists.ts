import { sql, type Kysely, type Migration } from 'kysely';

import { autoIncrementPrimaryKey, binaryColumnType, kindOf } from '../dialect';

// The catalogue, users' lists of its apps, feedback, and a small key/value table (seed version).
export const migration0002CatalogueLists: Migration = {
  async up(db: Kysely<unknown>) {
    const kind = kindOf(db);

    await db.schema
      .createTable('meta')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('categories')
      .addColumn('id', 'integer', autoIncrementPrimaryKey(kind))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // "Browsers" and "browsers" are one category; the same for app names below.
    await db.schema
      .createIndex('categories_name_key')
      .on('categories')
      .unique()
      .expression(sql`lower(name)`)
      .execute();

    await db.schema
      .createTable('apps')
      .addColumn('id', 'integer', autoIncrementPrimaryKey(kind))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      // A category with apps cannot be deleted (the service says why; this is the backstop).
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('restrict'))
      .addColumn('website', 'text', (c) => c.notNull())
      .addColumn('file_size_kb', 'integer', (c) => c.notNull())
      .addColumn('winget_id', 'text')
      .addColumn('homebrew_cask', 'text')
      .addColumn('homebrew_formula', 'text')
      .addColumn('apt_package', 'text')
      .addColumn('flatpak_id', 'text')
      .addColumn('snap_name', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('apps_name_key')
      .on('apps')
      .unique()
      .expression(sql`lower(name)`)
      .execute();
    await db.schema.createIndex('apps_category_idx').on('apps').column('category_id').execute();

    await db.schema
      .createTable('app_icons')
      .addColumn('app_id', 'integer', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
      .addColumn('webp', binaryColumnType(kind), (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('lists')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('lists_user_idx').on('lists').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('list_items')
      .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
      // Deleting an app from the catalogue removes it from every list.
      .addColumn('app_id', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('added_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('list_items_pk', ['list_id', 'app_id'])
      .execute();
    await db.schema.createIndex('list_items_app_idx').on('list_items').column('app_id').execute();

    await db.schema
      .createTable('feedback')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('user_agent', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('client_timestamp', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('feedback_created_idx').on('feedback').column('created_at').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['feedback', 'list_items', 'lists', 'app_icons', 'apps', 'categories', 'meta']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
