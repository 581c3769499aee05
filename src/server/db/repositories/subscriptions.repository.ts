import type { Kysely, Transaction } from 'kysely';
import type { Database, SubscriptionsTable } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

export function findSubscription(db: Db, userId: string) {
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function insertSubscription(db: Db, row: SubscriptionsTable): Promise<void> {
  await db.insertInto('subscriptions').values(row).execute();
}
