import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';

import { deviceIdSchema } from '@shared/api/devices';
import { ErrorCode } from '@shared/api/errors';
import { getPlan } from '@shared/plans';

import type { AppContext, Caller } from '../context';
import type { SessionFacts } from '../db/auth-changes';
import { findSessionFacts } from '../db/repositories/sessions.repository';
import { forbidden, unauthorized } from '../errors';
import type { AccessClaims, VerifyResult } from '../security/jwt';
import { revokedSessionError } from '../security/session-revocation';
import { toUser } from '../services/account.service';
import { isApiKey } from '../services/api-key.service';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Caller | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the bearer token is valid and its session is live. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** `authenticate` as a callback-style onRequest hook, for the hottest reads: a known caller goes on without a promise. */
    authenticateHook: onRequestHookHandler;
    /** preHandler: authenticate, then 403 unless the user is an admin. */
    requireAdmin(request: FastifyRequest): Promise<void>;
    /** preHandler: authenticate, then 403 SESSION_REQUIRED for a personal API key (account-sensitive calls). */
    requireSession(request: FastifyRequest): Promise<void>;
  }
}

export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);

  app.decorate('authenticate', (request: FastifyRequest) => {
    // Most requests carry a token checked before, of a live session whose facts are kept:
    // answered at once, without the promises of the full path (a tenth of a signed-in read).
    const known = knownCaller(ctx, request);
    if (known) {
      request.auth = known;
      return SETTLED;
    }
    return resolveAuth(app, ctx, request).then((caller) => {
      request.auth = caller;
    });
  });

  app.decorate('authenticateHook', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const known = knownCaller(ctx, request);
    if (known) {
      request.auth = known;
      done();
      return;
    }
    resolveAuth(app, ctx, request).then((caller) => {
      request.auth = caller;
      done();
    }, done);
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    request.auth ??= await resolveAuth(app, ctx, request);
    if (!request.auth.user.isAdmin) throw forbidden('Admin access is required', ErrorCode.FORBIDDEN);
    // A key copied into a script must not carry the catalogue and the admin console with it.
    if (request.auth.apiKeyId !== null)
      throw forbidden('Admin actions need you to sign in; API keys cannot do them.', ErrorCode.SESSION_REQUIRED);
  });

  app.decorate('requireSession', async (request: FastifyRequest) => {
    request.auth ??= await resolveAuth(app, ctx, request);
    sessionIdOf(request);
  });
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const SETTLED = Promise.resolve();

function requiredToken(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Authentication required', ErrorCode.AUTHENTICATION_REQUIRED);
  return token;
}

function checkedClaims(verified: VerifyResult): AccessClaims {
  if (!verified.ok) {
    throw verified.reason === 'expired'
      ? unauthorized('Your session has expired. Please sign in again.', ErrorCode.TOKEN_EXPIRED)
      : unauthorized('Your session is not valid. Please sign in again.', ErrorCode.TOKEN_INVALID);
  }
  return verified.claims;
}

/**
 * The caller when the token was checked before and its live session's facts are kept (both
 * caches as `resolveAuth` uses them), else null: `resolveAuth` then does the work, and answers
 * every refusal (no token, expired, revoked, …) with its own words.
 */
function knownCaller(ctx: AppContext, request: FastifyRequest): Caller | null {
  const token = bearerToken(request);
  if (!token || isApiKey(token)) return null;
  const verified = ctx.accessTokens.knownResult(token);
  if (!verified?.ok) return null;
  const row = ctx.authCache.fresh(verified.claims.sid);
  if (!row || row.user_id !== verified.claims.sub || row.revoked_at) return null;
  return sessionCaller(request, verified.claims, row);
}

async function resolveAuth(app: FastifyInstance, ctx: AppContext, request: FastifyRequest): Promise<Caller> {
  const token = requiredToken(request);
  // A key is never a device: the device-admin calls refuse it (SESSION_REQUIRED), and nothing it sends names one.
  if (isApiKey(token)) return app.services.apiKeys.authenticate(token);
  const claims = checkedClaims(await ctx.accessTokens.verify(token));
  const row = await ctx.authCache.facts(claims.sid, () => findSessionFacts(ctx.db, claims.sid));
  return sessionCaller(request, claims, row);
}

/** The caller of a live session the token belongs to; 401 for a session that is not, or was ended. */
function sessionCaller(request: FastifyRequest, claims: AccessClaims, row: SessionFacts | undefined): Caller {
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
    // Read when asked: only the device registration calls do.
    get claimedDeviceId() {
      return deviceIdHeader(request);
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

/** The one way a route learns who calls: user, session and device of a request that went through `authenticate`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * The session of a signed-in caller; 403 SESSION_REQUIRED for a personal API key, which
 * must not change the password or e-mail, delete the account, mint keys or pay.
 */
export function sessionIdOf(request: FastifyRequest): string {
  const { sessionId } = callerOf(request);
  if (!sessionId) {
    throw forbidden('This action needs you to sign in; API keys cannot do it.', ErrorCode.SESSION_REQUIRED);
  }
  return sessionId;
}

/**
 * The X-Device-ID header when it is a well-formed device id, else null. It says which device a
 * browser believes it is; it proves nothing (see `Caller.claimedDeviceId`).
 */
export function deviceIdHeader(request: FastifyRequest): string | null {
  const header = request.headers['x-device-id'];
  const parsed = deviceIdSchema.safeParse(typeof header === 'string' ? header : undefined);
  return parsed.success ? parsed.data : null;
}

/** What a browser shows to prove it is the device it names: the secret it was given when it registered. */
export function deviceSecretHeader(request: FastifyRequest): string | null {
  const header = request.headers['x-device-secret'];
  return typeof header === 'string' && header.length > 0 && header.length <= 128 ? header : null;
}
