import type { Kysely, Migration } from 'kysely';

// Installations (a list or some apps onto some devices), their per-device jobs and per-app
// items, and each device's latest inventory as its agent reported it.
export const migration0004Installations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('installations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      // Not a foreign key: the installation outlives its list, under the name it had.
      .addColumn('list_id', 'text')
      .addColumn('list_name', 'text')
      .addColumn('idempotency_key', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addUniqueConstraint('installations_idempotency_key', ['user_id', 'idempotency_key'])
      .execute();
    await db.schema.createIndex('installations_user_idx').on('installations').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('installation_targets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('installation_id', 'text', (c) => c.notNull().references('installations.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      // devices.id (the row), which stays the same across the device's renames.
      .addColumn('device_row_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text')
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema.createIndex('installation_targets_installation_idx').on('installation_targets').column('installation_id').execute();
    await db.schema
      .createIndex('installation_targets_device_idx')
      .on('installation_targets')
      .columns(['device_row_id', 'status'])
      .execute();

    await db.schema
      .createTable('installation_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('target_id', 'text', (c) => c.notNull().references('installation_targets.id').onDelete('cascade'))
      .addColumn('installation_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      // Not a foreign key: the record outlives an app deleted from the catalogue.
      .addColumn('app_id', 'integer', (c) => c.notNull())
      .addColumn('app_name', 'text', (c) => c.notNull())
      /** JSON of the app's package ids when the job was created (what the agent is sent). */
      .addColumn('packages', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('manager', 'text')
      .addColumn('version', 'text')
      .addColumn('exit_code', 'integer')
      .addColumn('message', 'text')
      .addColumn('log', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('installation_items_target_idx').on('installation_items').columns(['target_id', 'position']).execute();

    await db.schema
      .createTable('device_inventory')
      .addColumn('device_row_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('manager', 'text', (c) => c.notNull())
      .addColumn('package_id', 'text', (c) => c.notNull())
      .addColumn('installed_version', 'text', (c) => c.notNull())
      .addColumn('available_version', 'text')
      .addPrimaryKeyConstraint('device_inventory_pkey', ['device_row_id', 'manager', 'package_id'])
      .execute();
    await db.schema.alterTable('devices').addColumn('inventory_checked_at', 'text').execute();
    await db.schema.alterTable('devices').addColumn('managers', 'text').execute();
    await db.schema.alterTable('devices').addColumn('agent_seen_at', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('devices').dropColumn('agent_seen_at').execute();
    await db.schema.alterTable('devices').dropColumn('managers').execute();
    await db.schema.alterTable('devices').dropColumn('inventory_checked_at').execute();
    for (const table of ['device_inventory', 'installation_items', 'installation_targets', 'installations']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
