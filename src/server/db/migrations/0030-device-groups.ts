import type { Kysely, Migration } from 'kysely';

// Device groups (Annual Premium): a group's machines and its lists (the desired state), the
// drift Loadout saw on each machine with when it first saw it, the tags agents report, and the
// group a registration token enrols into. Everything goes with its account, group, list or
// device (cascades); a token whose group is deleted simply joins none.
export const migration0030DeviceGroups: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('device_groups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      // The rule: each condition null when the rule does not name it; all null, no rule.
      .addColumn('rule_platform', 'text')
      .addColumn('rule_name_pattern', 'text')
      .addColumn('rule_tag', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('device_groups_user_name_idx').on('device_groups').columns(['user_id', 'name']).unique().execute();

    await db.schema
      .createTable('device_group_members')
      .addColumn('group_id', 'text', (c) => c.notNull().references('device_groups.id').onDelete('cascade'))
      .addColumn('device_row_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // hand | rule | token
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('joined_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('device_group_members_pkey', ['group_id', 'device_row_id'])
      .execute();
    await db.schema.createIndex('device_group_members_device_idx').on('device_group_members').column('device_row_id').execute();

    await db.schema
      .createTable('device_group_lists')
      .addColumn('group_id', 'text', (c) => c.notNull().references('device_groups.id').onDelete('cascade'))
      .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('added_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('device_group_lists_pkey', ['group_id', 'list_id'])
      .execute();
    // The groups of a list (an app added to it goes to their members).
    await db.schema.createIndex('device_group_lists_list_idx').on('device_group_lists').column('list_id').execute();

    await db.schema
      .createTable('device_drift')
      .addColumn('device_row_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('app_id', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // missing | extra | outdated | off_pin
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('installed_version', 'text')
      .addColumn('wanted_version', 'text')
      .addColumn('since', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('device_drift_pkey', ['device_row_id', 'app_id'])
      .execute();

    // JSON array of the tags the agent reported in its last hello; null before any.
    await db.schema.alterTable('devices').addColumn('tags', 'text').execute();
    await db.schema
      .alterTable('device_tokens')
      .addColumn('group_id', 'text', (c) => c.references('device_groups.id').onDelete('set null'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('device_tokens').dropColumn('group_id').execute();
    await db.schema.alterTable('devices').dropColumn('tags').execute();
    await db.schema.dropTable('device_drift').ifExists().execute();
    await db.schema.dropTable('device_group_lists').ifExists().execute();
    await db.schema.dropTable('device_group_members').ifExists().execute();
    await db.schema.dropTable('device_groups').ifExists().execute();
  },
};
