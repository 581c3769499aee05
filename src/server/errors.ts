import { ErrorCode } from '@shared/api/errors';

/** A failure the client should see: HTTP status, a code from @shared/api/errors and a message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: string = ErrorCode.VALIDATION_ERROR, details?: Record<string, string>) =>
  new AppError(400, code, message, details);
export const unauthorized = (message = 'Authentication required', code: string = ErrorCode.AUTHENTICATION_REQUIRED) =>
  new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do that', code: string = ErrorCode.FORBIDDEN) =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found', code: string = ErrorCode.NOT_FOUND) => new AppError(404, code, message);
export const conflict = (message: string, code: string) => new AppError(409, code, message);
export const tooManyRequests = (message: string, code: string = ErrorCode.RATE_LIMITED) => new AppError(429, code, message);
