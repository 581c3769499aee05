import type { Kysely, Migration } from 'kysely';

// Reading an installation reads its apps by installation, and every read first expires the
// waiting jobs past their time: without these, both scanned every row of their table, so one
// read cost as much as all the installations ever made (10,000 machines' jobs: 23 s to read
// 400 installations back once).
export const migration0019InstallationReadIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('installation_items_installation_idx').on('installation_items').column('installation_id').execute();
    await db.schema
      .createIndex('installation_targets_status_expires_idx')
      .on('installation_targets')
      .columns(['status', 'expires_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('installation_targets_status_expires_idx').execute();
    await db.schema.dropIndex('installation_items_installation_idx').execute();
  },
};
