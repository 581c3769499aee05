import type { Kysely, Migration } from 'kysely';

// A browser is a device only when it can show it: registering gives it a secret, kept by the
// browser beside its device id and here only as SHA-256. A sign-in that presents it binds its
// session to that device (sessions.device_id); an X-Device-ID header alone binds nothing, so
// another browser or a script with the user's token cannot act as a registered device.
// Sessions bound before this keep their device, so a browser signed in now can fetch its secret.
export const migration0014DeviceSecrets: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('devices').addColumn('secret_hash', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('devices').dropColumn('secret_hash').execute();
  },
};
