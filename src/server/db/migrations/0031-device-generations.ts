import type { Kysely, Migration } from 'kysely';

// Generations: what a machine had (apps and versions) after each change Loadout made to it,
// numbered per machine, with the changes that made it; and, on an installation that rolls a
// machine back, the generation it returns to. They go with the device and the account.
export const migration0031DeviceGenerations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('device_generations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('device_row_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('number', 'integer', (c) => c.notNull())
      // install | upgrade | uninstall | rollback
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('installation_id', 'text')
      .addColumn('rolled_back_to', 'integer')
      // JSON: [{ appId, name, manager, version }], the machine's apps after the change.
      .addColumn('apps', 'text', (c) => c.notNull())
      // JSON: [{ appId, name, from, to }], what the change did.
      .addColumn('changes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('device_generations_device_number_idx')
      .on('device_generations')
      .columns(['device_row_id', 'number'])
      .unique()
      .execute();
    // The generation a rollback installation returns to (null for every other installation).
    await db.schema.alterTable('installations').addColumn('rollback_to', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('installations').dropColumn('rollback_to').execute();
    await db.schema.dropTable('device_generations').ifExists().execute();
  },
};
