import type { Kysely, Migration } from 'kysely';

// Searching a machine: a person's search of one device's package managers, answered by its
// agent manager by manager. Kept in the database (not in the process that was asked) so that
// any server process can read it back, whichever one holds the agent's connection.
export const migration0023DeviceSearches: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('device_searches')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('device_row_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('query', 'text', (c) => c.notNull())
      // searching | done (the agent said so) | superseded (a newer search of the device replaced it)
      .addColumn('status', 'text', (c) => c.notNull())
      // JSON array: the managers the agent named in its hello when the search started.
      .addColumn('managers', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema.createIndex('device_searches_device_idx').on('device_searches').columns(['device_row_id', 'created_at']).execute();
    await db.schema
      .createTable('device_search_results')
      .addColumn('search_id', 'text', (c) => c.notNull().references('device_searches.id').onDelete('cascade'))
      .addColumn('manager', 'text', (c) => c.notNull())
      // JSON array of results: id, name, version?, description?, cask?
      .addColumn('results', 'text', (c) => c.notNull())
      .addColumn('truncated', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('device_search_results_pk', ['search_id', 'manager'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('device_search_results').ifExists().execute();
    await db.schema.dropTable('device_searches').ifExists().execute();
  },
};
