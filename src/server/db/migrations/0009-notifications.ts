import type { Kysely, Migration } from 'kysely';

// Notifications: the in-app notification centre (premium), each user's switches and
// when the last update digest went, and which (device, app, version) updates were already told.
export const migration0009Notifications: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notifications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('link', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('read_at', 'text')
      .execute();
    // Newest first per user (the centre), and the unread count.
    await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('notifications_unread_idx').on('notifications').columns(['user_id', 'read_at']).execute();

    // No row: every switch on, no digest sent yet.
    await db.schema
      .createTable('notification_settings')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('failure_mails', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('update_digest', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('priority_mails', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('in_app', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('last_digest_at', 'text')
      // SHA-256 of what the last digest listed: an unchanged list is not mailed again.
      .addColumn('last_digest_hash', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    // One row per update a premium user was told about at once: never told twice.
    await db.schema
      .createTable('update_alerts')
      .addColumn('device_row_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('app_id', 'integer', (c) => c.notNull())
      .addColumn('available_version', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('update_alerts_pk', ['device_row_id', 'app_id', 'available_version'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('update_alerts').ifExists().execute();
    await db.schema.dropTable('notification_settings').ifExists().execute();
    await db.schema.dropTable('notifications').ifExists().execute();
  },
};
