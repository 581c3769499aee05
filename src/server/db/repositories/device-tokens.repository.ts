import type { Db, DeviceTokensTable } from '../schema';

export async function insertDeviceToken(db: Db, token: DeviceTokensTable): Promise<void> {
  await db.insertInto('device_tokens').values(token).execute();
}

export function findDeviceTokenByHash(db: Db, codeHash: string) {
  return db.selectFrom('device_tokens').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

/** Tokens that can still enrol a device: not revoked, not expired, uses left. */
export function activeDeviceTokensOf(db: Db, userId: string, now: string) {
  return db
    .selectFrom('device_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .whereRef('uses', '<', 'max_uses')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countTokensCreatedSince(db: Db, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('device_tokens')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Takes one use of the code, only if one is left: false when parallel enrolments used it up. */
export async function claimDeviceTokenUse(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('device_tokens')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', id)
    .whereRef('uses', '<', 'max_uses')
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Scoped by owner: another user's token is not found. */
export async function revokeDeviceToken(db: Db, userId: string, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('device_tokens')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
