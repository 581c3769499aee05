import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';

import { ErrorCode } from '@shared/api/errors';

import { badRequest, type AppError } from '../errors';
import { RATE_LIMITED } from '../plugins/api-docs';
import { deviceIdHeader, deviceSecretHeader } from '../plugins/auth';
import type { SessionOrigin } from '../services/session.service';

/**
 * onRequest hook: counts the call against the caller's IP before the body is even read, so
 * floods are refused before any password hashing (it costs a core ~25 ms). One bucket per action.
 */
export function limitPerIp(app: FastifyInstance, action: string, budget: 'authPerIp' | 'tokenPerIp' = 'authPerIp') {
  const hook = async (request: FastifyRequest): Promise<void> => {
    const limits = app.ctx.config.rateLimit;
    await app.rateLimiter.hit(`${action}:ip:${request.ip}`, { limit: limits[budget], windowMs: limits.windowMs });
  };
  // The API document lists 429 for every route that has this hook.
  return Object.assign(hook, { [RATE_LIMITED]: true });
}

/** Where a sign-in comes from: the X-Device-ID header and its proof, the browser's user agent and the client's address. */
export function sessionOrigin(request: FastifyRequest): SessionOrigin {
  const userAgent = request.headers['user-agent'];
  return {
    deviceId: deviceIdHeader(request),
    deviceSecret: deviceSecretHeader(request),
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    ip: request.ip,
  };
}

/**
 * For calls that take no body (logout, resend): some clients still send
 * `Content-Type: application/json` with nothing after it, which the default parser refuses.
 * Inside the calling plugin's scope a JSON body is read (within the body limit) and ignored.
 */
export function ignoreJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
}

/** A zod failure of input read by hand (multipart fields) as the same 400 the schema validator gives. */
export function validationFailed(error: ZodError): AppError {
  const details: Record<string, string> = {};
  for (const issue of error.issues) details[issue.path.join('.') || 'body'] ??= issue.message;
  return badRequest(error.issues[0]?.message ?? 'The request is not valid', ErrorCode.VALIDATION_ERROR, details);
}
