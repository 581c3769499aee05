import type { RefreshResponse } from '@shared/api/auth';
import { deviceIdSchema } from '@shared/api/devices';
import { ErrorCode } from '@shared/api/errors';
import { TOKEN_TTL } from '@shared/constants';
import { DAY_MS } from '@shared/time';

import { isoAfter, isoNow, type AppContext } from '../context';
import { findDeviceBySecret } from '../db/repositories/devices.repository';
import {
  claimRefreshToken,
  findRefreshTokenByHash,
  insertRefreshToken,
  insertSession,
  revokeSession,
  touchSession,
} from '../db/repositories/sessions.repository';
import type { Db } from '../db/schema';
import { unauthorized } from '../errors';
import { revokedSessionError } from '../security/session-revocation';
import { hashToken, newId, randomToken } from '../security/tokens';

/** Where a session was started from: X-Device-ID (or the body's deviceId) and its secret, the user agent and the client's address. */
export interface SessionOrigin {
  deviceId?: string | null;
  /** X-Device-Secret: the session belongs to `deviceId` only when this is that device's secret. */
  deviceSecret?: string | null;
  userAgent?: string | null;
  /** As Fastify reads it: the socket's address, or X-Forwarded-For's from a trusted proxy (TRUST_PROXY). */
  ip?: string | null;
}

export interface SessionTokens {
  sessionId: string;
  token: string;
  refreshToken: string;
}

type RefreshOutcome =
  | { kind: 'ok'; userId: string; sessionId: string; refreshToken: string }
  | { kind: 'invalid' | 'expired' }
  | { kind: 'revoked'; reason: string | null }
  | { kind: 'reused'; sessionId: string };

const REFRESH_TTL_MS = TOKEN_TTL.refreshTokenDays * DAY_MS;
/**
 * How long a spent refresh token may be presented again without ending the session. A page
 * reloaded while its refresh is on the way never receives the new token (the server rotated,
 * the answer went to a page that is gone), and two tabs whose access tokens expire together
 * both present the stored one; without this the owner is signed out everywhere. A thief has
 * the same half minute after the owner's refresh; later, reuse still revokes the session.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;
const MAX_USER_AGENT = 512;

/**
 * A session is one sign-in: a family of rotated refresh tokens plus the short-lived access
 * tokens issued from it. Revoking the session ends all of them at once.
 */
export class SessionService {
  constructor(private readonly ctx: AppContext) {}

  /** Starts a session; pass the transaction that created the account so both commit together. */
  async start(db: Db, userId: string, origin: SessionOrigin = {}): Promise<SessionTokens> {
    const now = isoNow(this.ctx.clock);
    const sessionId = newId();
    await insertSession(db, {
      id: sessionId,
      user_id: userId,
      device_id: await provenDeviceId(db, userId, origin),
      user_agent: origin.userAgent ? origin.userAgent.slice(0, MAX_USER_AGENT) : null,
      created_at: now,
      last_used_at: now,
      revoked_at: null,
      revoked_reason: null,
    });
    const refreshToken = await this.issueRefreshToken(db, sessionId, userId);
    const token = await this.ctx.accessTokens.sign({ sub: userId, sid: sessionId });
    return { sessionId, token, refreshToken };
  }

  /**
   * Rotation: the presented token is claimed and a new one issued in the same session. A token
   * presented again after the grace means it leaked (or a client is confused): the whole
   * session is revoked, so the thief's copy and the owner's newer token both stop working.
   */
  async refresh(presented: string): Promise<RefreshResponse> {
    const now = isoNow(this.ctx.clock);
    const outcome = await this.ctx.db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
      const row = await findRefreshTokenByHash(trx, hashToken(presented));
      if (!row) return { kind: 'invalid' };
      if (row.session_revoked_at) return { kind: 'revoked', reason: row.session_revoked_reason };
      if (row.used_at && !withinReuseGrace(row.used_at, now)) return { kind: 'reused', sessionId: row.session_id };
      if (row.expires_at <= now) return { kind: 'expired' };
      // Spent a moment ago (above), or by a request that claimed it between our read and this
      // write: either way within the grace, so this caller gets a successor of its own.
      if (!row.used_at) await claimRefreshToken(trx, row.id, now);
      const refreshToken = await this.issueRefreshToken(trx, row.session_id, row.user_id);
      await touchSession(trx, row.session_id, now);
      return { kind: 'ok', userId: row.user_id, sessionId: row.session_id, refreshToken };
    });

    switch (outcome.kind) {
      case 'ok':
        return {
          token: await this.ctx.accessTokens.sign({ sub: outcome.userId, sid: outcome.sessionId }),
          refreshToken: outcome.refreshToken,
        };
      case 'reused':
        // Outside the transaction above, which committed nothing for this case.
        await revokeSession(this.ctx.db, this.ctx.authCache, outcome.sessionId, now, 'refresh_token_reused');
        this.ctx.log.warn({ sessionId: outcome.sessionId }, 'refresh token reused; session revoked');
        throw unauthorized('This sign-in was ended for your security. Please sign in again.', ErrorCode.REFRESH_TOKEN_REUSED);
      case 'revoked':
        throw revokedSessionError(outcome.reason);
      case 'expired':
        throw unauthorized('Your session has expired. Please sign in again.', ErrorCode.REFRESH_TOKEN_INVALID);
      case 'invalid':
        throw unauthorized('Your session is not valid. Please sign in again.', ErrorCode.REFRESH_TOKEN_INVALID);
    }
  }

  async end(sessionId: string, reason: string): Promise<void> {
    await revokeSession(this.ctx.db, this.ctx.authCache, sessionId, isoNow(this.ctx.clock), reason);
  }

  private async issueRefreshToken(db: Db, sessionId: string, userId: string): Promise<string> {
    const token = randomToken();
    await insertRefreshToken(db, {
      id: newId(),
      session_id: sessionId,
      user_id: userId,
      token_hash: hashToken(token),
      created_at: isoNow(this.ctx.clock),
      expires_at: isoAfter(this.ctx.clock, REFRESH_TTL_MS),
      used_at: null,
    });
    return token;
  }
}

function withinReuseGrace(usedAt: string, now: string): boolean {
  return Date.parse(now) - Date.parse(usedAt) <= REFRESH_REUSE_GRACE_MS;
}

/**
 * The device a new session belongs to: the one the browser named, only when it also showed that
 * device's secret (deactivated devices too, so the browser hears why and can register again).
 * An id alone is what anyone can send, so it binds nothing.
 */
async function provenDeviceId(db: Db, userId: string, origin: SessionOrigin): Promise<string | null> {
  const parsed = deviceIdSchema.safeParse(origin.deviceId);
  if (!parsed.success || !origin.deviceSecret) return null;
  const device = await findDeviceBySecret(db, userId, parsed.data, hashToken(origin.deviceSecret));
  return device ? device.device_id : null;
}
