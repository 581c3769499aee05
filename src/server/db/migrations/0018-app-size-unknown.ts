import { sql, type Kysely, type Migration } from 'kysely';

import { kindOf } from '../dialect';

// An app's size may be unknown: the catalogue keeps a size only where a package manager states
// one (resources/catalogue/SOURCES.md), and shows none rather than a guess.
//
// PostgreSQL drops the constraint in place. SQLite cannot, so the table is rebuilt as SQLite's
// ALTER TABLE page prescribes: with foreign keys off (dropping `apps` must not cascade into
// list_items and app_icons), copy, drop, rename, recreate the indexes, check the foreign keys,
// all in one transaction. Ids are copied, and the autoincrement counter is carried over so that
// the number of an app deleted before the rebuild is still never handed out again.
export const migration0018AppSizeUnknown: Migration = {
  async up(db: Kysely<unknown>) {
    if (kindOf(db) === 'postgres') {
      await db.schema
        .alterTable('apps')
        .alterColumn('file_size_kb', (column) => column.dropNotNull())
        .execute();
      return;
    }
    await rebuildAppsOnSqlite(db, 'null');
  },
  async down(db: Kysely<unknown>) {
    if (kindOf(db) === 'postgres') {
      await sql`update apps set file_size_kb = 0 where file_size_kb is null`.execute(db);
      await db.schema
        .alterTable('apps')
        .alterColumn('file_size_kb', (column) => column.setNotNull())
        .execute();
      return;
    }
    await rebuildAppsOnSqlite(db, 'not null');
  },
};

async function rebuildAppsOnSqlite(db: Kysely<unknown>, size: 'null' | 'not null'): Promise<void> {
  // Only outside a transaction does this pragma take effect (Kysely runs SQLite's migrations without one).
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const counter = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'apps'`.execute(trx);
      await trx.schema
        .createTable('apps_rebuilt')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('restrict'))
        .addColumn('website', 'text', (c) => c.notNull())
        .addColumn('file_size_kb', 'integer', (c) => (size === 'null' ? c : c.notNull()))
        .addColumn('winget_id', 'text')
        .addColumn('homebrew_cask', 'text')
        .addColumn('homebrew_formula', 'text')
        .addColumn('apt_package', 'text')
        .addColumn('flatpak_id', 'text')
        .addColumn('snap_name', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      const columns = sql.raw(
        'id, name, description, category_id, website, file_size_kb, winget_id, homebrew_cask, homebrew_formula, apt_package, flatpak_id, snap_name, created_at, updated_at',
      );
      const sizeValue = sql.raw(size === 'null' ? 'file_size_kb' : 'coalesce(file_size_kb, 0)');
      await sql`insert into apps_rebuilt (${columns})
        select id, name, description, category_id, website, ${sizeValue}, winget_id, homebrew_cask, homebrew_formula, apt_package, flatpak_id, snap_name, created_at, updated_at
        from apps`.execute(trx);
      await trx.schema.dropTable('apps').execute();
      await trx.schema.alterTable('apps_rebuilt').renameTo('apps').execute();
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
