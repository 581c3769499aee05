import type { AuthChanges } from '../auth-changes';
import type { Db, SubscriptionsTable } from '../schema';

export function findSubscription(db: Db, userId: string) {
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function insertSubscription(db: Db, row: SubscriptionsTable): Promise<void> {
  await db.insertInto('subscriptions').values(row).execute();
}

/** Changes a user's plan with no end date (admin tools; tests use it to move a user between plans). */
export function setSubscriptionPlan(db: Db, auth: AuthChanges, userId: string, plan: string, at: string): Promise<void> {
  return setActivePlan(db, auth, userId, plan, null, at);
}

/** A paid plan bought until `validUntil`; a scheduled downgrade is dropped. */
export function setPaidPlan(db: Db, auth: AuthChanges, userId: string, plan: string, validUntil: string, at: string): Promise<void> {
  return setActivePlan(db, auth, userId, plan, validUntil, at);
}

/** The plan, active now, until `validUntil` (null: no end); a scheduled downgrade is dropped; the row is made when missing. */
async function setActivePlan(
  db: Db,
  auth: AuthChanges,
  userId: string,
  plan: string,
  validUntil: string | null,
  at: string,
): Promise<void> {
  const result = await db
    .updateTable('subscriptions')
    .set({ plan, status: 'active', pending_plan: null, valid_until: validUntil, updated_at: at })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    await insertSubscription(db, {
      user_id: userId,
      plan,
      status: 'active',
      pending_plan: null,
      valid_until: validUntil,
      created_at: at,
      updated_at: at,
    });
  }
  await auth.changed(db, { userId });
}

/** Status downgrade with pendingPlan, applied by the scheduler at valid_until. */
export async function scheduleDowngrade(db: Db, userId: string, pendingPlan: string, at: string): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ status: 'downgrade', pending_plan: pendingPlan, updated_at: at })
    .where('user_id', '=', userId)
    .execute();
}

/** false when no downgrade was scheduled. */
export async function cancelScheduledDowngrade(db: Db, userId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ status: 'active', pending_plan: null, updated_at: at })
    .where('user_id', '=', userId)
    .where('status', '=', 'downgrade')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Scheduled downgrades and paid plans whose period ended at or before `now`. */
export function dueSubscriptions(db: Db, now: string, limit = 500) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('valid_until', 'is not', null)
    .where('valid_until', '<=', now)
    .where((eb) => eb.or([eb('status', '=', 'downgrade'), eb('plan', '!=', 'free')]))
    .orderBy('valid_until')
    .limit(limit)
    .execute();
}

/**
 * Applies one due change if the row is still exactly as it was read: the WHERE on plan,
 * status and valid_until makes it happen once even when several processes try at once.
 */
export async function applyDueChange(
  db: Db,
  auth: AuthChanges,
  seen: SubscriptionsTable,
  next: { plan: string; validUntil: string | null },
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ plan: next.plan, status: 'active', pending_plan: null, valid_until: next.validUntil, updated_at: at })
    .where('user_id', '=', seen.user_id)
    .where('plan', '=', seen.plan)
    .where('status', '=', seen.status)
    .where('valid_until', '=', seen.valid_until)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await auth.changed(db, { userId: seen.user_id });
  return true;
}
