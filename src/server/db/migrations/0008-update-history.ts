import type { Kysely, Migration } from 'kysely';

// Update history: one row per app an agent finished installing, upgrading or
// uninstalling on a device, with the versions before and after. Pruned by plan (historyDays).
export const migration0008UpdateHistory: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('update_history')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('device_row_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      // Snapshots: the record keeps the names things had when it happened.
      .addColumn('device_name', 'text', (c) => c.notNull())
      // Not a foreign key: the history outlives an app deleted from the catalogue.
      .addColumn('app_id', 'integer', (c) => c.notNull())
      .addColumn('app_name', 'text', (c) => c.notNull())
      .addColumn('list_id', 'text')
      .addColumn('list_name', 'text')
      .addColumn('installation_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('manager', 'text')
      .addColumn('version_before', 'text')
      .addColumn('version_after', 'text')
      .addColumn('message', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // Newest first per user (the pages and the export), and per device, app or list within it.
    await db.schema.createIndex('update_history_user_idx').on('update_history').columns(['user_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('update_history_device_idx').on('update_history').columns(['device_row_id', 'created_at']).execute();
    await db.schema.createIndex('update_history_app_idx').on('update_history').columns(['user_id', 'app_id', 'created_at']).execute();
    await db.schema.createIndex('update_history_list_idx').on('update_history').columns(['user_id', 'list_id', 'created_at']).execute();
    // Pruning deletes by age across all users.
    await db.schema.createIndex('update_history_created_idx').on('update_history').column('created_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('update_history').ifExists().execute();
  },
};
