import type { Kysely, Migration } from 'kysely';

// Shared lists (docs/decisions.md, "Shared lists"): how a list is shared lives in a row of its
// own beside the list, made the first time its owner opens sharing. The hot list reads never
// join it; the gallery reads it by visibility. `share_id` is null while the list is private:
// sharing again after an unshare makes a new one, so an old link stays dead. The row goes with
// the list (cascade); a deleted category leaves the list without one.
export const migration0022SharedLists: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('list_shares')
      .addColumn('list_id', 'text', (c) => c.primaryKey().references('lists.id').onDelete('cascade'))
      .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('private'))
      .addColumn('share_id', 'text', (c) => c.unique())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
      .addColumn('copy_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('shared_at', 'text')
      .execute();
    // The gallery: public lists, newest or most copied first.
    await db.schema.createIndex('list_shares_visibility_shared_idx').on('list_shares').columns(['visibility', 'shared_at']).execute();
    await db.schema.createIndex('list_shares_visibility_copies_idx').on('list_shares').columns(['visibility', 'copy_count']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('list_shares').ifExists().execute();
  },
};
