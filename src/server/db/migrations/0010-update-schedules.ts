import type { Kysely, Migration } from 'kysely';

// Custom update schedules (premium): one per device or per list, daily or weekly at a
// time in the owner's time zone. next_run_at is the next occurrence in UTC; the scheduler claims a
// due row by moving it on (UPDATE … WHERE next_run_at = <old>), so each occurrence fires once.
export const migration0010UpdateSchedules: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('update_schedules')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // Exactly one of the two is set; removing the device or the list removes its schedule.
      .addColumn('device_row_id', 'text', (c) => c.references('devices.id').onDelete('cascade'))
      .addColumn('list_id', 'text', (c) => c.references('lists.id').onDelete('cascade'))
      .addColumn('cadence', 'text', (c) => c.notNull())
      // 0 (Sunday) … 6 (Saturday) for weekly schedules; null for daily ones.
      .addColumn('weekday', 'integer')
      .addColumn('time', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('window_minutes', 'integer')
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('next_run_at', 'text', (c) => c.notNull())
      .addColumn('last_run_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // One schedule per device and per list (NULLs are distinct on both databases).
    await db.schema.createIndex('update_schedules_device_idx').on('update_schedules').column('device_row_id').unique().execute();
    await db.schema.createIndex('update_schedules_list_idx').on('update_schedules').column('list_id').unique().execute();
    await db.schema.createIndex('update_schedules_user_idx').on('update_schedules').columns(['user_id', 'created_at']).execute();
    // The scheduler looks for enabled rows whose time has come.
    await db.schema.createIndex('update_schedules_due_idx').on('update_schedules').columns(['enabled', 'next_run_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('update_schedules').ifExists().execute();
  },
};
