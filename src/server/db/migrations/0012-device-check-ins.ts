import type { Kysely, Migration } from 'kysely';

// Advanced monitoring (premium): every time a machine's agent connects or reports its
// inventory, a check-in row (with the versions that changed since the report before), pruned
// by plan like the update history; and when the owner was last told the machine went silent.
export const migration0012DeviceCheckIns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('device_check_ins')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('device_row_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      // connected | inventory
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('agent_version', 'text')
      .addColumn('apps', 'integer')
      .addColumn('outdated', 'integer')
      // JSON: [{manager, packageId, from, to}], at most CHECK_IN_CHANGES_KEPT of them.
      .addColumn('changes', 'text')
      .addColumn('changes_total', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('device_check_ins_device_idx').on('device_check_ins').columns(['device_row_id', 'created_at']).execute();
    await db.schema.createIndex('device_check_ins_created_idx').on('device_check_ins').column('created_at').execute();
    await db.schema.alterTable('devices').addColumn('silence_alerted_at', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('devices').dropColumn('silence_alerted_at').execute();
    await db.schema.dropTable('device_check_ins').ifExists().execute();
  },
};
