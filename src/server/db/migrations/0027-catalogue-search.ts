import type { Kysely, Migration } from 'kysely';

// The catalogue grows from the package managers' indexes: an app may have a publisher and a
// popularity (how many install it, in its index's own measure) to search and rank by, and apps
// that people wrote (curated: our description and icon) rank before those an index brought.
// Every app stored so far was written by hand, so curated.
export const migration0027CatalogueSearch: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('apps')
      .addColumn('publisher', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('apps')
      .addColumn('popularity', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('apps')
      .addColumn('curated', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['curated', 'popularity', 'publisher']) await db.schema.alterTable('apps').dropColumn(column).execute();
  },
};
