import type { Kysely, Migration } from 'kysely';

// Devices (browsers and enrolled machines), registration tokens, the device audit trail (also
// the history the deactivation cooldown reads) and logout notices for deactivated devices.
export const migration0003Devices: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('devices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('device_name', 'text', (c) => c.notNull())
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('device_type', 'text', (c) => c.notNull())
      .addColumn('registration_method', 'text', (c) => c.notNull())
      .addColumn('capabilities', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull())
      .addColumn('is_admin', 'integer', (c) => c.notNull())
      .addColumn('hardware_fingerprint', 'text')
      .addColumn('arch', 'text')
      .addColumn('agent_version', 'text')
      .addColumn('location', 'text')
      .addColumn('credential_hash', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_active_at', 'text')
      .addColumn('deactivated_at', 'text')
      .addColumn('deactivated_by', 'text')
      // The same browser may hold two accounts: a device id is unique per user only.
      .addUniqueConstraint('devices_user_device_key', ['user_id', 'device_id'])
      .execute();
    await db.schema.createIndex('devices_credential_key').on('devices').column('credential_hash').unique().execute();

    await db.schema
      .createTable('device_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('code_encrypted', 'text', (c) => c.notNull())
      .addColumn('max_uses', 'integer', (c) => c.notNull())
      .addColumn('uses', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('device_tokens_user_idx').on('device_tokens').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('device_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // Not a foreign key: the trail outlives a force-deleted device.
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('device_name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('actor_device_id', 'text')
      .addColumn('detail', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('device_events_user_idx').on('device_events').columns(['user_id', 'type', 'created_at']).execute();

    await db.schema
      .createTable('logout_notifications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('device_name', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('shown', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('logout_notifications_device_idx')
      .on('logout_notifications')
      .columns(['user_id', 'device_id', 'shown'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['logout_notifications', 'device_events', 'device_tokens', 'devices']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
