import { sql, type Kysely, type Migration } from 'kysely';

// Rings: a policy may roll each new version of an app out ring by ring. The policy keeps its
// rings (JSON: [{ groupId, percent }], null for none), how long a ring soaks and the share of
// failed updates that stops a rollout. A rollout is one (policy, app, version); each machine it
// was sent to keeps its ring, its installation and what came of it.
export const migration0036PolicyRollouts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('update_policies').addColumn('rings', 'text').execute();
    await db.schema
      .alterTable('update_policies')
      .addColumn('soak_hours', 'integer', (c) => c.notNull().defaultTo(sql`24`))
      .execute();
    await db.schema
      .alterTable('update_policies')
      .addColumn('failure_threshold', 'integer', (c) => c.notNull().defaultTo(sql`20`))
      .execute();

    await db.schema
      .createTable('policy_rollouts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('policy_id', 'text', (c) => c.notNull().references('update_policies.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('app_id', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('version', 'text', (c) => c.notNull())
      // running | stopped | cancelled | done
      .addColumn('state', 'text', (c) => c.notNull())
      // The ring open now, and when it opened.
      .addColumn('ring', 'integer', (c) => c.notNull())
      .addColumn('ring_opened_at', 'text', (c) => c.notNull())
      // When each ring opened: JSON array of ISO times, one per ring opened so far.
      .addColumn('opened', 'text', (c) => c.notNull())
      .addColumn('stopped_reason', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('policy_rollouts_key_idx')
      .on('policy_rollouts')
      .columns(['policy_id', 'app_id', 'version'])
      .unique()
      .execute();
    await db.schema.createIndex('policy_rollouts_state_idx').on('policy_rollouts').columns(['state', 'user_id']).execute();

    await db.schema
      .createTable('policy_rollout_machines')
      .addColumn('rollout_id', 'text', (c) => c.notNull().references('policy_rollouts.id').onDelete('cascade'))
      .addColumn('device_row_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('ring', 'integer', (c) => c.notNull())
      .addColumn('installation_id', 'text', (c) => c.notNull())
      // sent | succeeded | failed
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('message', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('policy_rollout_machines_pk', ['rollout_id', 'device_row_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('policy_rollout_machines').ifExists().execute();
    await db.schema.dropTable('policy_rollouts').ifExists().execute();
    await db.schema.alterTable('update_policies').dropColumn('failure_threshold').execute();
    await db.schema.alterTable('update_policies').dropColumn('soak_hours').execute();
    await db.schema.alterTable('update_policies').dropColumn('rings').execute();
  },
};
