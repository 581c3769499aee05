import { sql, type Kysely, type Migration } from 'kysely';

// A group may remove what it no longer declares: its owner turns that on, and an app taken out of
// its lists becomes a removal to confirm, with a removal check asked of each member that has it.
// Nothing is removed before the owner confirms, once per change.
export const migration0033GroupRemovals: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('device_groups')
      .addColumn('remove_taken_out', 'integer', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
    await db.schema
      .createTable('group_removals')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('group_id', 'text', (c) => c.notNull().references('device_groups.id').onDelete('cascade'))
      .addColumn('app_id', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      // open | confirmed | kept
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'text')
      .execute();
    await db.schema.createIndex('group_removals_group_idx').on('group_removals').columns(['group_id', 'status']).execute();
    await db.schema
      .createTable('group_removal_machines')
      .addColumn('removal_id', 'text', (c) => c.notNull().references('group_removals.id').onDelete('cascade'))
      .addColumn('device_row_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      // The machine's latest removal check of the app (removal_checks.id; old checks are pruned, so no key).
      .addColumn('check_id', 'text', (c) => c.notNull())
      .addColumn('installation_id', 'text')
      .addPrimaryKeyConstraint('group_removal_machines_pk', ['removal_id', 'device_row_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('group_removal_machines').ifExists().execute();
    await db.schema.dropTable('group_removals').ifExists().execute();
    await db.schema.alterTable('device_groups').dropColumn('remove_taken_out').execute();
  },
};
