import type { Kysely, Migration } from 'kysely';

// What prompted a browser's last activity update (load, visible, hidden, unload, interval),
// kept beside last_active_at instead of being dropped by the server.
export const migration0005DeviceActivityEvent: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('devices').addColumn('last_activity_event', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('devices').dropColumn('last_activity_event').execute();
  },
};
