import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

import { ErrorCode, type ErrorResponse } from '@shared/api/errors';

import { AppError } from '../errors';
import { API_SECURITY_HEADERS, applySecurityHeaders } from './security-headers';

/**
 * The one place errors become responses: `{code, message}` always, with the security headers,
 * the real reason of a 5xx only in the log. Bad input is a 4xx with a message a person can act on.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);

  // Instead of Fastify's return503OnClosing, whose bare 503 skips every hook: requests that
  // arrive on open connections while the server shuts down get our envelope.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    done(closing ? new AppError(503, ErrorCode.INTERNAL_ERROR, 'The server is restarting. Please try again in a moment.') : undefined);
  });
}

/**
 * Fastify's `frameworkErrors`: errors the router meets before a route is chosen (a malformed
 * %-escape, a path segment over maxParamLength). No onRequest hook has run, so no header is set yet.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // Nor will any onSend hook run (cache-policy.ts): say no-store here.
  void sendError(error, request, reply.header('cache-control', 'no-store'));
}

/**
 * Fastify's `clientErrorHandler`: bytes Node cannot parse as HTTP never become a request, so
 * the answer is written to the socket by hand, still as `{code, message}` with the headers.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body]: [number, string, ErrorResponse] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', { code: ErrorCode.VALIDATION_ERROR, message: 'The request took too long to arrive' }]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', { code: ErrorCode.PAYLOAD_TOO_LARGE, message: 'The request headers are too large' }]
        : [400, 'Bad Request', { code: ErrorCode.VALIDATION_ERROR, message: 'The request is not valid HTTP' }];
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const payload = JSON.stringify(body);
    const headers = {
      ...API_SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(payload)),
      'cache-control': 'no-store',
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${reason}\r\n${head.join('')}\r\n${payload}`);
  }
  socket.destroy(error);
}

function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, body } = toResponse(error);
  if (status >= 500 && status !== 503) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: body.code, status }, body.message);
  applySecurityHeaders(request, reply);
  if (status === 429 && error instanceof AppError && error.details?.retryAfterSeconds) {
    void reply.header('retry-after', error.details.retryAfterSeconds);
  }
  return reply.status(status).send(body);
}

function toResponse(error: FastifyError): { status: number; body: ErrorResponse } {
  if (error instanceof AppError) {
    const { retryAfterSeconds: _hidden, ...details } = error.details ?? {};
    const body: ErrorResponse = { code: error.code, message: error.message };
    if (Object.keys(details).length > 0) body.details = details;
    return { status: error.statusCode, body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details: Record<string, string> = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
      details[path] ??= issue.message ?? 'Invalid value';
    }
    const message = error.validation[0]?.message ?? 'The request is not valid';
    return { status: 400, body: { code: ErrorCode.VALIDATION_ERROR, message, details } };
  }
  if (isResponseSerializationError(error)) return internal();
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { code: ErrorCode.INVALID_JSON, message: 'The request body is not valid JSON' } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { code: ErrorCode.PAYLOAD_TOO_LARGE, message: 'The request body is too large' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { code: ErrorCode.UNSUPPORTED_MEDIA_TYPE, message: 'Send the request body as JSON' } };
    case 'FST_ERR_BAD_URL':
      return { status: 400, body: { code: ErrorCode.VALIDATION_ERROR, message: 'The request address is not valid' } };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 400, body: { code: ErrorCode.VALIDATION_ERROR, message: 'A part of the request address is too long' } };
    default:
      break;
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { status: 400, body: { code: ErrorCode.INVALID_JSON, message: 'The request body is not valid JSON' } };
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return {
      status: error.statusCode,
      body: { code: CODE_OF_STATUS[error.statusCode] ?? ErrorCode.VALIDATION_ERROR, message: error.message },
    };
  }
  return internal();
}

/** Other 4xx errors of Fastify and its plugins, by status. */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  401: ErrorCode.AUTHENTICATION_REQUIRED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
};

function internal(): { status: number; body: ErrorResponse } {
  return { status: 500, body: { code: ErrorCode.INTERNAL_ERROR, message: 'Something went wrong on our side. Please try again.' } };
}
