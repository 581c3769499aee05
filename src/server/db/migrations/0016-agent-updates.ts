import type { Kysely, Migration } from 'kysely';

// Agents update themselves: each device keeps what kind of agent it runs and how its last
// update went (or that updates are held), for its page.
const COLUMNS = ['agent_build', 'agent_update_state', 'agent_update_version', 'agent_update_message', 'agent_update_at'] as const;

export const migration0016AgentUpdates: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of COLUMNS) await db.schema.alterTable('devices').addColumn(column, 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('devices').dropColumn(column).execute();
  },
};
