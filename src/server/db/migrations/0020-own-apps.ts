import { sql, type Kysely, type Migration } from 'kysely';

import { kindOf } from '../dialect';

// Your own apps (docs/decisions.md#your-own-apps) live in `apps` beside the catalogue's, so that
// list items, installations, jobs and inventory keep one app id space. `owner_user_id` is null
// for a catalogue app and the owner's id for an own app (deleted with the account). An own app
// has no category (null), and an empty description and website. Catalogue names stay unique
// (any case); own apps' names are the owner's business, so the unique index covers catalogue apps only.
//
// PostgreSQL changes the table in place. SQLite cannot drop a NOT NULL, so the table is rebuilt
// exactly as 0018 does it: foreign keys off, copy, drop, rename, recreate the indexes, check the
// foreign keys, carry the autoincrement counter over, all in one transaction.
export const migration0020OwnApps: Migration = {
  async up(db: Kysely<unknown>) {
    if (kindOf(db) === 'postgres') {
      await db.schema
        .alterTable('apps')
        .addColumn('owner_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .execute();
      await db.schema
        .alterTable('apps')
        .alterColumn('category_id', (c) => c.dropNotNull())
        .execute();
      await db.schema.dropIndex('apps_name_key').execute();
      await createIndexes(db);
      return;
    }
    await rebuildAppsOnSqlite(db, 'own apps');
  },
  async down(db: Kysely<unknown>) {
    // Own apps have no place in the older shape: they go (with their place in lists, by cascade).
    await sql`delete from apps where owner_user_id is not null`.execute(db);
    if (kindOf(db) === 'postgres') {
      await db.schema.dropIndex('apps_owner_idx').execute();
      await db.schema.dropIndex('apps_name_key').execute();
      await db.schema.alterTable('apps').dropColumn('owner_user_id').execute();
      await db.schema
        .alterTable('apps')
        .alterColumn('category_id', (c) => c.setNotNull())
        .execute();
      await db.schema
        .createIndex('apps_name_key')
        .on('apps')
        .unique()
        .expression(sql`lower(name)`)
        .execute();
      return;
    }
    await rebuildAppsOnSqlite(db, 'catalogue only');
  },
};

async function createIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('apps_name_key')
    .on('apps')
    .unique()
    .expression(sql`lower(name)`)
    .where(sql.ref('owner_user_id'), 'is', null)
    .execute();
  await db.schema.createIndex('apps_owner_idx').on('apps').column('owner_user_id').execute();
}

async function rebuildAppsOnSqlite(db: Kysely<unknown>, shape: 'own apps' | 'catalogue only'): Promise<void> {
  const own = shape === 'own apps';
  // Only outside a transaction does this pragma take effect (Kysely runs SQLite's migrations without one).
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const counter = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'apps'`.execute(trx);
      let table = trx.schema
        .createTable('apps_rebuilt')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('category_id', 'integer', (c) => {
          const column = c.references('categories.id').onDelete('restrict');
          return own ? column : column.notNull();
        })
        .addColumn('website', 'text', (c) => c.notNull())
        .addColumn('file_size_kb', 'integer')
        .addColumn('winget_id', 'text')
        .addColumn('homebrew_cask', 'text')
        .addColumn('homebrew_formula', 'text')
        .addColumn('apt_package', 'text')
        .addColumn('flatpak_id', 'text')
        .addColumn('snap_name', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull());
      if (own) table = table.addColumn('owner_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'));
      await table.execute();
      const columns = sql.raw(
        'id, name, description, category_id, website, file_size_kb, winget_id, homebrew_cask, homebrew_formula, apt_package, flatpak_id, snap_name, created_at, updated_at',
      );
      await sql`insert into apps_rebuilt (${columns}) select ${columns} from apps`.execute(trx);
      await trx.schema.dropTable('apps').execute();
      await trx.schema.alterTable('apps_rebuilt').renameTo('apps').execute();
      if (own) await createIndexes(trx);
      else
        await trx.schema
          .createIndex('apps_name_key')
          .on('apps')
          .unique()
          .expression(sql`lower(name)`)
          .execute();
      await trx.schema.createIndex('apps_category_idx').on('apps').column('category_id').execute();
      const seq = counter.rows[0]?.seq;
      if (seq !== undefined) {
        await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = 'apps'`.execute(trx);
        await sql`insert into sqlite_sequence (name, seq) select 'apps', ${seq} where not exists (select 1 from sqlite_sequence where name = 'apps')`.execute(
          trx,
        );
      }
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`rebuilding apps would break ${broken.rows.length} foreign keys`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
