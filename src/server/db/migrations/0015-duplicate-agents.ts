import type { Kysely, Migration } from 'kysely';

// One agent per enrolment: when a second agent connects with a machine's credential (a copied
// or shared config folder), the device remembers when and from which address, for its page.
export const migration0015DuplicateAgents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('devices').addColumn('duplicate_agent_at', 'text').execute();
    await db.schema.alterTable('devices').addColumn('duplicate_agent_from', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('devices').dropColumn('duplicate_agent_from').execute();
    await db.schema.alterTable('devices').dropColumn('duplicate_agent_at').execute();
  },
};
