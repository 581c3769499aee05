import type { PaymentIntentStatus } from '@shared/api/payment';

import { newestFirst } from '../newest-first';
import type { Db, PaymentsTable, SandboxIdempotencyKeysTable, SandboxPaymentIntentsTable } from '../schema';

// payments

export async function insertPayment(db: Db, row: PaymentsTable): Promise<void> {
  await db.insertInto('payments').values(row).execute();
}

export function findPaymentByIdempotencyKey(db: Db, userId: string, key: string) {
  return db.selectFrom('payments').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}

export function findPaymentByVerifyKey(db: Db, userId: string, key: string) {
  return db.selectFrom('payments').selectAll().where('user_id', '=', userId).where('verify_idempotency_key', '=', key).executeTakeFirst();
}

/** Another user's intent is not found: every read of a payment is scoped by its owner. */
export function findUserPaymentByIntent(db: Db, userId: string, intentId: string) {
  return db.selectFrom('payments').selectAll().where('user_id', '=', userId).where('provider_intent_id', '=', intentId).executeTakeFirst();
}

export function findPaymentByIntent(db: Db, intentId: string) {
  return db.selectFrom('payments').selectAll().where('provider_intent_id', '=', intentId).executeTakeFirst();
}

export function findPaymentBySecretHash(db: Db, userId: string, secretHash: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_secret_hash', '=', secretHash)
    .executeTakeFirst();
}

/** The user's newest payment of this plan since `since` that no plan change has used yet. */
export function latestUnusedPayment(db: Db, userId: string, plan: string, since: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('plan', '=', plan)
    .where('used_at', 'is', null)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * Payments made between `from` and `to` that no plan change has used, in pages: the oldest
 * first, `limit` at a time after the (created_at, id) of the last one seen, so that a run goes
 * through them all and old ones never hold back newer ones.
 */
export function unusedPaymentsBetween(
  db: Db,
  from: string,
  to: string,
  limit: number,
  after: { createdAt: string; id: string } | null = null,
) {
  let query = db
    .selectFrom('payments')
    .selectAll()
    .where('used_at', 'is', null)
    .where('status', 'in', ['pending', 'requires_action', 'succeeded'])
    .where('created_at', '>=', from)
    .where('created_at', '<=', to);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('created_at', '>', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)])]),
    );
  }
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}

/** The user's payments in one of `statuses`, newest first. */
export function paymentsOf(db: Db, userId: string, statuses: readonly PaymentsTable['status'][], limit = 100) {
  return newestFirst(
    db
      .selectFrom('payments')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', [...statuses]),
    limit,
  ).execute();
}

/** Records what the provider said; a succeeded payment never goes back to failed. */
export async function recordPaymentOutcome(
  db: Db,
  intentId: string,
  outcome: { status: PaymentsTable['status']; failureMessage: string | null; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({
      status: outcome.status,
      failure_message: outcome.failureMessage,
      // Waiting (for a card or for 3-D Secure) is not an outcome: no completion time yet.
      completed_at: outcome.status === 'pending' || outcome.status === 'requires_action' ? null : outcome.at,
    })
    .where('provider_intent_id', '=', intentId)
    .where('status', '!=', 'succeeded')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Claims the payment for one plan change: true for exactly one caller, ever. */
export async function claimPayment(db: Db, paymentId: string, at: string, verifyKey: string | null): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ used_at: at, verify_idempotency_key: verifyKey, status: 'succeeded', failure_message: null })
    .set((eb) => ({ completed_at: eb.fn.coalesce('completed_at', eb.val(at)) }))
    .where('id', '=', paymentId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// the sandbox provider's intents

export async function insertSandboxIntent(db: Db, row: SandboxPaymentIntentsTable): Promise<void> {
  await db.insertInto('sandbox_payment_intents').values(row).execute();
}

export function findSandboxIntent(db: Db, id: string) {
  return db.selectFrom('sandbox_payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSandboxIntentBySecretHash(db: Db, secretHash: string) {
  return db.selectFrom('sandbox_payment_intents').selectAll().where('client_secret_hash', '=', secretHash).executeTakeFirst();
}

/** Moves a sandbox intent on, only from one of the states `from` (a concurrent move loses). */
export async function updateSandboxIntent(
  db: Db,
  id: string,
  from: readonly PaymentIntentStatus[],
  change: { status: PaymentIntentStatus; lastErrorCode: string | null; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_payment_intents')
    .set({ status: change.status, last_error_code: change.lastErrorCode, updated_at: change.at })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The answer first given to this key of the user's, with the hash of its request; undefined when the key is new. */
export function findSandboxIdempotencyKey(db: Db, userId: string, key: string) {
  return db
    .selectFrom('sandbox_idempotency_keys')
    .select(['request_hash', 'response'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Keeps the first answer to a key; false when another request kept one first (it is the one replayed). */
export async function saveSandboxIdempotencyKey(db: Db, row: SandboxIdempotencyKeysTable): Promise<boolean> {
  const result = await db
    .insertInto('sandbox_idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

// webhooks

/** false when the event was seen before (a replay). */
export async function recordWebhookEvent(
  db: Db,
  row: { id: string; provider: string; type: string; received_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('webhook_events')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
