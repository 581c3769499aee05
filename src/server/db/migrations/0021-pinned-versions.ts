import type { Kysely, Migration } from 'kysely';

// A list item may pin a version (docs/pinned-versions.md): installs of the list ask for it and
// updates leave the app at it. An installation item keeps the pin it was made with, so that a job
// sent again after the pin changed still asks for what the person saw when they started it.
export const migration0021PinnedVersions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('list_items').addColumn('pinned_version', 'text').execute();
    await db.schema.alterTable('installation_items').addColumn('pinned_version', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('installation_items').dropColumn('pinned_version').execute();
    await db.schema.alterTable('list_items').dropColumn('pinned_version').execute();
  },
};
