import type { Db, FeedbackTable } from '../schema';

export async function insertFeedback(db: Db, row: FeedbackTable): Promise<void> {
  await db.insertInto('feedback').values(row).execute();
}

/** Newest first, with the sender's current account e-mail when the account still exists. */
export function listFeedback(db: Db, limit: number) {
  return db
    .selectFrom('feedback')
    .leftJoin('users', 'users.id', 'feedback.user_id')
    .selectAll('feedback')
    .select('users.email as user_email')
    .orderBy('feedback.created_at', 'desc')
    .orderBy('feedback.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countFeedback(db: Db): Promise<number> {
  const row = await db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
