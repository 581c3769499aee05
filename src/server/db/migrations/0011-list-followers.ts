import type { Kysely, Migration } from 'kysely';

// Keep in sync: a device follows a list; apps added to the list later are installed
// there, and removed ones uninstalled when the follower asked for that. The follow goes with
// the list, the device row and the account (cascades); deactivation deletes it explicitly.
export const migration0011ListFollowers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('list_followers')
      .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
      .addColumn('device_row_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('uninstall_removed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('list_followers_pkey', ['list_id', 'device_row_id'])
      .execute();
    // A device's lists (the device page, deactivation).
    await db.schema.createIndex('list_followers_device_idx').on('list_followers').column('device_row_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('list_followers').ifExists().execute();
  },
};
