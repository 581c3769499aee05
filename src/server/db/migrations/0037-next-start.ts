import type { Kysely, Migration } from 'kysely';

// An installation made "when the machine next starts or connects": its job is sent only on an
// agent connection that began after `not_before` (the moment it was made), and it ends at its
// deadline (expires_at) if no such connection came. Null for every other job.
export const migration0037NextStart: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('installation_targets').addColumn('not_before', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('installation_targets').dropColumn('not_before').execute();
  },
};
