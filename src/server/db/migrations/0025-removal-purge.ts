import type { Kysely, Migration } from 'kysely';

// An uninstall may also remove the app's settings (apt purge, a cask's zap, Flatpak's data, snap
// --purge) when the person ticked it in the removal dialog: 1 then, 0 for every other item.
export const migration0025RemovalPurge: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('installation_items')
      .addColumn('purge', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('installation_items').dropColumn('purge').execute();
  },
};
