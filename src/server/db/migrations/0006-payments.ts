import type { Kysely, Migration } from 'kysely';

// Card payments: every payment with its outcome; the built-in sandbox provider's
// PaymentIntents; Stripe webhook events already handled (replays change nothing); and the
// lease that lets one server process at a time run the plan-change scheduler.
export const migration0006Payments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('payments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('plan', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_intent_id', 'text', (c) => c.notNull().unique())
      // pending → succeeded | failed (failed may still turn succeeded with another card) | canceled
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('failure_message', 'text')
      // SHA-256 of the client secret: never the secret itself.
      .addColumn('client_secret_hash', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'text')
      // Set once, when the payment changed the plan: a second verify finds it used.
      .addColumn('used_at', 'text')
      .addColumn('verify_idempotency_key', 'text')
      .addUniqueConstraint('payments_idempotency_key', ['user_id', 'idempotency_key'])
      .addUniqueConstraint('payments_verify_idempotency_key', ['user_id', 'verify_idempotency_key'])
      .execute();
    await db.schema.createIndex('payments_user_idx').on('payments').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('sandbox_payment_intents')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('client_secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      /** JSON object of strings, like Stripe's metadata (userId, plan). */
      .addColumn('metadata', 'text', (c) => c.notNull())
      .addColumn('last_error_code', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('webhook_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('scheduler_leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('subscriptions_due_idx').on('subscriptions').columns(['valid_until']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('subscriptions_due_idx').execute();
    await db.schema.dropTable('scheduler_leases').execute();
    await db.schema.dropTable('webhook_events').execute();
    await db.schema.dropTable('sandbox_payment_intents').execute();
    await db.schema.dropTable('payments').execute();
  },
};
