import type { Kysely, Migration } from 'kysely';

// Chocolatey joins the package managers: an app may have a Chocolatey package id (`7zip.install`),
// installed on Windows where winget has not got it. Null for every app until someone sets one.
export const migration0026ChocoId: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('apps').addColumn('choco_id', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('apps').dropColumn('choco_id').execute();
  },
};
