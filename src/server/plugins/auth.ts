import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';

import { ErrorCode } from '@shared/api/errors';

import type { Caller } from '../context';
import { forbidden, unauthorized } from '../errors';
import { claimedDeviceIdOf } from '../services/authentication.service';

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

/**
 * Who calls is the authentication service's answer (`services/authentication.service.ts`); this
 * plugin reads the request's headers, asks it, and keeps the caller on the request.
 */
export function registerAuth(app: FastifyInstance): void {
  const authentication = app.services.authentication;
  const resolveAuth = (request: FastifyRequest) => authentication.authenticate(bearerToken(request), request.headers['x-device-id']);

  app.decorateRequest('auth', null);

  app.decorate('authenticate', (request: FastifyRequest) => {
    // Most requests carry a token checked before, of a live session whose facts are kept:
    // answered at once, without the promises of the full path (a tenth of a signed-in read).
    const token = bearerToken(request);
    const deviceId = request.headers['x-device-id'];
    const known = authentication.knownCaller(token, deviceId);
    if (known) {
      request.auth = known;
      return SETTLED;
    }
    return authentication.authenticate(token, deviceId).then((caller) => {
      request.auth = caller;
    });
  });

  app.decorate('authenticateHook', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const token = bearerToken(request);
    const deviceId = request.headers['x-device-id'];
    const known = authentication.knownCaller(token, deviceId);
    if (known) {
      request.auth = known;
      done();
      return;
    }
    authentication.authenticate(token, deviceId).then((caller) => {
      request.auth = caller;
      done();
    }, done);
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    request.auth ??= await resolveAuth(request);
    if (!request.auth.user.isAdmin) throw forbidden('Admin access is required', ErrorCode.FORBIDDEN);
    // A key copied into a script must not carry the catalogue and the admin console with it.
    if (request.auth.apiKeyId !== null)
      throw forbidden('Admin actions need you to sign in; API keys cannot do them.', ErrorCode.SESSION_REQUIRED);
  });

  app.decorate('requireSession', async (request: FastifyRequest) => {
    request.auth ??= await resolveAuth(request);
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
  return claimedDeviceIdOf(request.headers['x-device-id']);
}

/** What a browser shows to prove it is the device it names: the secret it was given when it registered. */
export function deviceSecretHeader(request: FastifyRequest): string | null {
  const header = request.headers['x-device-secret'];
  return typeof header === 'string' && header.length > 0 && header.length <= 128 ? header : null;
}
