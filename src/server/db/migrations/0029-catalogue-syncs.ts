import type { Kysely, Migration } from 'kysely';

// Each time a package manager's index was read to keep the catalogue fresh: when, what it did to
// the catalogue (how many apps it made, linked, changed and marked gone, with some of their
// names), or why it failed. The admin console shows the latest; nothing else reads them.
export const migration0029CatalogueSyncs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('catalogue_sync_runs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('index_name', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      // applied | unchanged (the index answered "not modified") | failed
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('created', 'integer', (c) => c.notNull())
      .addColumn('linked', 'integer', (c) => c.notNull())
      .addColumn('changed', 'integer', (c) => c.notNull())
      .addColumn('gone', 'integer', (c) => c.notNull())
      // JSON: { created: string[], changed: string[], gone: string[] }, a few names of each.
      .addColumn('examples', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('catalogue_sync_runs_started_idx').on('catalogue_sync_runs').column('started_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('catalogue_sync_runs').ifExists().execute();
  },
};
