import type { Kysely, Migration } from 'kysely';

// Nothing is removed that the person did not see: before an uninstall the agent is asked what
// the removal would take with it (a removal check, answered once), and the uninstall's items
// carry the other packages the person confirmed from that answer.
export const migration0013RemovalChecks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('removal_checks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('device_row_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('app_id', 'integer', (c) => c.notNull())
      // pending (asked) | answered
      .addColumn('status', 'text', (c) => c.notNull())
      // JSON: the agent's removal.plan (manager, packageId, installedVersion, removes, refused).
      .addColumn('plan', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('answered_at', 'text')
      .execute();
    await db.schema.createIndex('removal_checks_created_idx').on('removal_checks').column('created_at').execute();
    // JSON array of package names; null for every kind but a confirmed uninstall.
    await db.schema.alterTable('installation_items').addColumn('also_remove', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('installation_items').dropColumn('also_remove').execute();
    await db.schema.dropTable('removal_checks').ifExists().execute();
  },
};
