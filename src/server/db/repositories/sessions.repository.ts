import type { AuthChanges, SessionFacts } from '../auth-changes';
import { precompiled } from '../precompiled';
import type { Db, RefreshTokensTable, SessionsTable } from '../schema';

export async function insertSession(db: Db, session: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

const sessionFacts = precompiled((db: Db, sessionId: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('subscriptions', 'subscriptions.user_id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.revoked_at',
      'sessions.revoked_reason',
      'sessions.device_id as session_device_id',
      'users.id as user_id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.is_email_verified',
      'users.is_admin',
      'subscriptions.plan',
    ])
    .where('sessions.id', '=', sessionId),
);

/** The session behind an access token, with its user and plan (one query, compiled once, kept by security/auth-cache.ts). */
export async function findSessionFacts(db: Db, sessionId: string): Promise<SessionFacts | undefined> {
  const [row] = await sessionFacts(db, sessionId);
  return row;
}

export async function revokeSession(db: Db, auth: AuthChanges, sessionId: string, at: string, reason: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  await auth.changed(db, { sessionId });
}

/** Ends every session of a user, optionally keeping one (e.g. the one that changed the password). */
export async function revokeUserSessions(
  db: Db,
  auth: AuthChanges,
  userId: string,
  at: string,
  reason: string,
  keepSessionId?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
  await auth.changed(db, { userId });
}

export async function touchSession(db: Db, sessionId: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: at }).where('id', '=', sessionId).execute();
}

export async function insertRefreshToken(db: Db, token: RefreshTokensTable): Promise<void> {
  await db.insertInto('refresh_tokens').values(token).execute();
}

export function findRefreshTokenByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .select([
      'refresh_tokens.id',
      'refresh_tokens.session_id',
      'refresh_tokens.user_id',
      'refresh_tokens.expires_at',
      'refresh_tokens.used_at',
      'sessions.revoked_at as session_revoked_at',
      'sessions.revoked_reason as session_revoked_reason',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks a refresh token used, only if nobody else did first: returns false when another
 * request already rotated it (the caller treats that as reuse).
 */
export async function claimRefreshToken(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
