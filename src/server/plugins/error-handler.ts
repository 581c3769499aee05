import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ErrorResponse, ErrorCode } from '@shared/api/errors';
import { AppError } from '../errors';

/**
 * The one place errors become responses: `{code, message}` always, the real reason of a 5xx
 * only in the log. Bad input is a 4xx with a message a person can act on.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, body.message);
    if (status === 429 && error instanceof AppError && error.details?.retryAfterSeconds) {
      void reply.header('retry-after', error.details.retryAfterSeconds);
    }
    return reply.status(status).send(body);
  });

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
    default:
      break;
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { status: 400, body: { code: ErrorCode.INVALID_JSON, message: 'The request body is not valid JSON' } };
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, body: { code: ErrorCode.VALIDATION_ERROR, message: error.message } };
  }
  return internal();
}

function internal(): { status: number; body: ErrorResponse } {
  return { status: 500, body: { code: ErrorCode.INTERNAL_ERROR, message: 'Something went wrong on our side. Please try again.' } };
}
