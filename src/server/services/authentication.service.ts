import { deviceIdSchema } from '@shared/api/devices';
import { ErrorCode } from '@shared/api/errors';
import { getPlan } from '@shared/plans';
import { MINUTE_MS } from '@shared/time';

import { isoAfter, isoNow, type AppContext, type Caller } from '../context';
import type { SessionFacts } from '../db/auth-changes';
import { findApiKeyWithUser, touchApiKey } from '../db/repositories/api-keys.repository';
import { findSessionFacts } from '../db/repositories/sessions.repository';
import { unauthorized } from '../errors';
import type { AccessClaims, VerifyResult } from '../security/jwt';
import { revokedSessionError } from '../security/session-revocation';
import { hashToken } from '../security/tokens';
import { toUser } from './account.service';
import { includesApiKeys, isApiKey, planFeatureRequired } from './api-key.service';

/** The X-Device-ID header as the request carries it: absent, one value, or (sent twice) several. */
export type DeviceIdHeader = string | string[] | undefined;

/**
 * Who calls, from what a request shows: a session's access token or a personal API key, and the
 * X-Device-ID header. Every refusal is said here, in one place, for both kinds of token.
 *
 * Two doors to one answer: `knownCaller` answers at once (no promise) for a token checked before
 * whose live session's facts are kept, which is most requests; anything else, including every
 * refusal, goes through `authenticate` (docs/patterns.md, "Fast reads").
 */
export class AuthenticationService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * The caller when the token was checked before and its live session's facts are kept (both
   * caches as `authenticate` uses them), else null: `authenticate` then does the work, and answers
   * every refusal (no token, expired, revoked, …) with its own words.
   */
  knownCaller(token: string | null, deviceIdHeader: DeviceIdHeader): Caller | null {
    if (!token || isApiKey(token)) return null;
    const verified = this.ctx.accessTokens.knownResult(token);
    if (!verified?.ok) return null;
    const row = this.ctx.authCache.fresh(verified.claims.sid);
    if (!row || row.user_id !== verified.claims.sub || row.revoked_at) return null;
    return sessionCaller(verified.claims, row, deviceIdHeader);
  }

  /**
   * The caller behind a bearer token: 401 AUTHENTICATION_REQUIRED without one; for an access token
   * 401 TOKEN_EXPIRED, TOKEN_INVALID, or the revoked session's own code and reason; for an API key
   * 401 API_KEY_INVALID, or 403 PLAN_FEATURE_REQUIRED once the owner's plan no longer includes keys.
   */
  async authenticate(token: string | null, deviceIdHeader: DeviceIdHeader): Promise<Caller> {
    if (!token) throw unauthorized('Authentication required', ErrorCode.AUTHENTICATION_REQUIRED);
    // A key is never a device: the device-admin calls refuse it (SESSION_REQUIRED), and nothing it sends names one.
    if (isApiKey(token)) return this.keyCaller(token);
    const claims = checkedClaims(await this.ctx.accessTokens.verify(token));
    const row = await this.ctx.authCache.facts(claims.sid, () => findSessionFacts(this.ctx.db, claims.sid));
    return sessionCaller(claims, row, deviceIdHeader);
  }

  /** The owner of a live API key while the plan includes keys; records the use at most once a minute. */
  private async keyCaller(key: string): Promise<Caller> {
    const row = await findApiKeyWithUser(this.ctx.db, hashToken(key));
    if (!row || row.revoked_at) {
      throw unauthorized('This API key is not valid or has been revoked', ErrorCode.API_KEY_INVALID);
    }
    const plan = getPlan(row.plan);
    if (!includesApiKeys(plan)) throw planFeatureRequired();
    const now = isoNow(this.ctx.clock);
    const staleBefore = isoAfter(this.ctx.clock, -MINUTE_MS);
    if (!row.last_used_at || row.last_used_at < staleBefore) await touchApiKey(this.ctx.db, row.api_key_id, now, staleBefore);
    return {
      userId: row.user_id,
      sessionId: null,
      apiKeyId: row.api_key_id,
      user: toUser({ ...row, id: row.user_id }),
      plan,
      deviceId: null,
      claimedDeviceId: null,
    };
  }
}

/**
 * The device X-Device-ID names when it is one well-formed device id, else null. It says which
 * device a browser believes it is; it proves nothing (see `Caller.claimedDeviceId`).
 */
export function claimedDeviceIdOf(header: DeviceIdHeader): string | null {
  const parsed = deviceIdSchema.safeParse(typeof header === 'string' ? header : undefined);
  return parsed.success ? parsed.data : null;
}

function checkedClaims(verified: VerifyResult): AccessClaims {
  if (!verified.ok) {
    throw verified.reason === 'expired'
      ? unauthorized('Your session has expired. Please sign in again.', ErrorCode.TOKEN_EXPIRED)
      : unauthorized('Your session is not valid. Please sign in again.', ErrorCode.TOKEN_INVALID);
  }
  return verified.claims;
}

/** The caller of a live session the token belongs to; 401 for a session that is not, or was ended. */
function sessionCaller(claims: AccessClaims, row: SessionFacts | undefined, deviceIdHeader: DeviceIdHeader): Caller {
  if (!row || row.user_id !== claims.sub) {
    throw unauthorized('Your session is not valid. Please sign in again.', ErrorCode.TOKEN_INVALID);
  }
  if (row.revoked_at) {
    throw revokedSessionError(row.revoked_reason);
  }
  const { user, plan } = accountOf(row);
  return {
    userId: row.user_id,
    sessionId: row.session_id,
    apiKeyId: null,
    user,
    plan,
    // The session's own device, never the header: a header is what any script can send.
    deviceId: row.session_device_id,
    // Parsed when asked: only the device registration calls do.
    get claimedDeviceId() {
      return claimedDeviceIdOf(deviceIdHeader);
    },
  };
}

/** The user and plan of kept session facts, made once per facts (the cache keeps the same object a few seconds). */
const accounts = new WeakMap<SessionFacts, Pick<Caller, 'user' | 'plan'>>();
function accountOf(row: SessionFacts): Pick<Caller, 'user' | 'plan'> {
  let account = accounts.get(row);
  if (!account) {
    account = { user: Object.freeze(toUser({ ...row, id: row.user_id })), plan: getPlan(row.plan) };
    accounts.set(row, account);
  }
  return account;
}
