import type { Kysely, Migration } from 'kysely';

// An "updates available" notice names its device and apps, so it can go once the apps it told
// of are current (the inventory says so, or an upgrade landed). Other notices leave them null.
export const migration0017NotificationSubjects: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('notifications').addColumn('device_row_id', 'text').execute();
    await db.schema.alterTable('notifications').addColumn('app_ids', 'text').execute();
    await db.schema.createIndex('notifications_device_row_id').on('notifications').column('device_row_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('notifications_device_row_id').execute();
    await db.schema.alterTable('notifications').dropColumn('app_ids').execute();
    await db.schema.alterTable('notifications').dropColumn('device_row_id').execute();
  },
};
