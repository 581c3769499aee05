import type { Db, SubscriptionsTable } from '../schema';

export function findSubscription(db: Db, userId: string) {
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function insertSubscription(db: Db, row: SubscriptionsTable): Promise<void> {
  await db.insertInto('subscriptions').values(row).execute();
}

/** Changes a user's plan (payments and admin tools; tests use it to move a user between plans). */
export async function setSubscriptionPlan(db: Db, userId: string, plan: string, at: string): Promise<void> {
  const result = await db
    .updateTable('subscriptions')
    .set({ plan, status: 'active', pending_plan: null, valid_until: null, updated_at: at })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    await insertSubscription(db, {
      user_id: userId,
      plan,
      status: 'active',
      pending_plan: null,
      valid_until: null,
      created_at: at,
      updated_at: at,
    });
  }
}
