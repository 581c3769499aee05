import type { Kysely, Migration } from 'kysely';

// What each package manager's index says, package by package, and which catalogue app each
// package was mapped to and why: a sync compares the index with this, and a reader of the
// catalogue can see the evidence of every mapping. A package the index no longer has is kept,
// marked gone (an app in someone's list must not vanish with it).
export const migration0028CatalogueIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('app_index_entries')
      // The app's package id field this index fills: apt_package, winget_id, homebrew_cask…
      .addColumn('field', 'text', (c) => c.notNull())
      .addColumn('package_id', 'text', (c) => c.notNull())
      // Null when the app was deleted by an admin: the package then maps to nothing until one is made again.
      .addColumn('app_id', 'integer', (c) => c.references('apps.id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('homepage', 'text', (c) => c.notNull())
      .addColumn('publisher', 'text', (c) => c.notNull())
      .addColumn('licence', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('popularity', 'integer', (c) => c.notNull())
      // Why this package is that app, in words a reader of the catalogue can check.
      .addColumn('evidence', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text', (c) => c.notNull())
      .addColumn('gone_at', 'text')
      .addPrimaryKeyConstraint('app_index_entries_pk', ['field', 'package_id'])
      .execute();
    await db.schema.createIndex('app_index_entries_app_idx').on('app_index_entries').column('app_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('app_index_entries').ifExists().execute();
  },
};
