import { sql, type Kysely, type Migration } from 'kysely';

import { migration0010UpdateSchedules } from './0010-update-schedules';

// Update policies replace update schedules. A policy belongs to the account (no target), a
// device group, a machine or a list; each has at most one. Its window opens at `time` on each
// machine's own clock (devices.time_zone, which agents now report; the policy's zone for those
// that have not). A run row is one window's updates sent to one machine: its key makes a window
// send them once, however many processes look. Every schedule becomes the policy it was: its
// window, or (without one) a window whose updates wait for a machine until the next one.
export const migration0035UpdatePolicies: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('update_policies')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('device_row_id', 'text', (c) => c.references('devices.id').onDelete('cascade'))
      .addColumn('group_id', 'text', (c) => c.references('device_groups.id').onDelete('cascade'))
      .addColumn('list_id', 'text', (c) => c.references('lists.id').onDelete('cascade'))
      // all | security | off
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('cadence', 'text', (c) => c.notNull())
      .addColumn('weekday', 'integer')
      .addColumn('time', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('window_minutes', 'integer', (c) => c.notNull())
      // next-connection | next-window
      .addColumn('offline', 'text', (c) => c.notNull())
      .addColumn('last_run_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // One policy per machine, group and list (NULLs are distinct on both databases), and one for the account.
    await db.schema.createIndex('update_policies_device_idx').on('update_policies').column('device_row_id').unique().execute();
    await db.schema.createIndex('update_policies_group_idx').on('update_policies').column('group_id').unique().execute();
    await db.schema.createIndex('update_policies_list_idx').on('update_policies').column('list_id').unique().execute();
    await db.schema
      .createIndex('update_policies_account_idx')
      .on('update_policies')
      .column('user_id')
      .unique()
      .where(sql.ref('device_row_id'), 'is', null)
      .where(sql.ref('group_id'), 'is', null)
      .where(sql.ref('list_id'), 'is', null)
      .execute();
    await db.schema.createIndex('update_policies_user_idx').on('update_policies').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('update_policy_exceptions')
      .addColumn('policy_id', 'text', (c) => c.notNull().references('update_policies.id').onDelete('cascade'))
      .addColumn('app_id', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('update_policy_exceptions_pk', ['policy_id', 'app_id'])
      .execute();

    await db.schema
      .createTable('update_policy_runs')
      .addColumn('policy_id', 'text', (c) => c.notNull().references('update_policies.id').onDelete('cascade'))
      .addColumn('device_row_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('window_opens_at', 'text', (c) => c.notNull())
      // The upgrade it made; null when nothing was out of date.
      .addColumn('installation_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('update_policy_runs_pk', ['policy_id', 'device_row_id', 'window_opens_at'])
      .execute();
    await db.schema.createIndex('update_policy_runs_created_idx').on('update_policy_runs').column('created_at').execute();

    await db.schema.alterTable('devices').addColumn('time_zone', 'text').execute();
    // What "security updates only" reads: apt's word that the newer version comes from a security suite.
    await db.schema
      .alterTable('device_inventory')
      .addColumn('available_security', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await sql`
      INSERT INTO update_policies
        (id, user_id, device_row_id, group_id, list_id, mode, cadence, weekday, time, time_zone, window_minutes, offline,
         last_run_at, created_at, updated_at)
      SELECT id, user_id, device_row_id, NULL, list_id,
        CASE WHEN enabled = 1 THEN 'all' ELSE 'off' END,
        cadence, weekday, time, time_zone, COALESCE(window_minutes, 120),
        CASE WHEN window_minutes IS NULL THEN 'next-connection' ELSE 'next-window' END,
        last_run_at, created_at, updated_at
      FROM update_schedules`.execute(db);
    await db.schema.dropTable('update_schedules').execute();
  },
  async down(db: Kysely<unknown>) {
    await migration0010UpdateSchedules.up(db);
    await db.schema.alterTable('devices').dropColumn('time_zone').execute();
    await db.schema.alterTable('device_inventory').dropColumn('available_security').execute();
    await db.schema.dropTable('update_policy_runs').ifExists().execute();
    await db.schema.dropTable('update_policy_exceptions').ifExists().execute();
    await db.schema.dropTable('update_policies').ifExists().execute();
  },
};
