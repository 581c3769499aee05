import type { Db, EmailTokenPurpose, EmailTokensTable } from '../schema';

export async function insertEmailToken(db: Db, token: EmailTokensTable): Promise<void> {
  await db.insertInto('email_tokens').values(token).execute();
}

export function findEmailTokenByHash(db: Db, purpose: EmailTokenPurpose, tokenHash: string) {
  return db.selectFrom('email_tokens').selectAll().where('token_hash', '=', tokenHash).where('purpose', '=', purpose).executeTakeFirst();
}

/** Marks a link used, only if nobody used it first: false means it was already spent. */
export async function claimEmailToken(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('email_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spends every open link of one kind for a user (a newer link, or the password changed). */
export async function invalidateEmailTokens(db: Db, userId: string, purpose: EmailTokenPurpose, at: string): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
