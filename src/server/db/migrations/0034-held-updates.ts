import type { Kysely, Migration } from 'kysely';

// An update that ran and left the app at the same version (or that its manager kept back) is
// not offered again for that same newer version: one row per machine and package, until a
// newer version comes, the installed one changes, or the owner asks to try again.
export const migration0034HeldUpdates: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('held_updates')
      .addColumn('device_row_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('manager', 'text', (c) => c.notNull())
      .addColumn('package_id', 'text', (c) => c.notNull())
      // The version the app stayed at, and the newer one the update did not reach.
      .addColumn('installed_version', 'text', (c) => c.notNull())
      .addColumn('available_version', 'text', (c) => c.notNull())
      // What the agent said ("Still 1.0 after the update: …").
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('since', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('held_updates_pk', ['device_row_id', 'manager', 'package_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('held_updates').ifExists().execute();
  },
};
