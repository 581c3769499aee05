import type { Kysely, Migration } from 'kysely';

// The payment sandbox answers an Idempotency-Key the way Stripe does: the same key with the same
// request replays the first answer, with another request it is refused. Kept in the database so
// that every server process replays the same answer. The request is kept only as a hash (it
// holds a card number); the answer holds none.
export const migration0024SandboxIdempotencyKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sandbox_idempotency_keys')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('response', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('sandbox_idempotency_keys_pk', ['user_id', 'idempotency_key'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sandbox_idempotency_keys').ifExists().execute();
  },
};
