import type { Transaction } from 'kysely';

import { kindOf } from '../dialect';
import type { ApiKeysTable, Database, Db } from '../schema';

export async function insertApiKey(db: Db, row: ApiKeysTable): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** The user's live keys, newest first. */
export function liveApiKeysOf(db: Db, userId: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'name', 'last_four', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countLiveApiKeys(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Revokes one live key of this user: false when there is none by that id (or it is another user's). */
export async function revokeApiKey(db: Db, userId: string, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The key behind a bearer token, with its owner and the owner's plan (one query per request). */
export function findApiKeyWithUser(db: Db, keyHash: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .leftJoin('subscriptions', 'subscriptions.user_id', 'api_keys.user_id')
    .select([
      'api_keys.id as api_key_id',
      'api_keys.revoked_at',
      'api_keys.last_used_at',
      'users.id as user_id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.is_email_verified',
      'users.is_admin',
      'subscriptions.plan',
    ])
    .where('api_keys.key_hash', '=', keyHash)
    .executeTakeFirst();
}

/** Records a use, unless one was recorded since `staleBefore`: at most one write a minute per key. */
export async function touchApiKey(db: Db, id: string, at: string, staleBefore: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}

/** Serialises key creation per user on PostgreSQL, so parallel requests cannot pass the limit. */
export async function lockUserApiKeys(trx: Transaction<Database>, userId: string): Promise<void> {
  if (kindOf(trx) === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
