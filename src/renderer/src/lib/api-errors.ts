import { isAxiosError } from 'axios';

import { ErrorCode } from '@shared/api/error-codes';

/** What every failed call becomes in the web app: the `{code, message}` envelope plus status. */
export interface ApiError {
  status: number | null;
  code: string | null;
  message: string | null;
  details?: Record<string, string>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads the server's envelope; an older server sent `error` instead of `message`. */
export function readErrorBody(body: unknown): Pick<ApiError, 'code' | 'message' | 'details'> {
  if (!isRecord(body)) return { code: null, message: null };
  const code = typeof body.code === 'string' ? body.code : null;
  const message = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : null;
  const details = isRecord(body.details)
    ? Object.fromEntries(Object.entries(body.details).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : undefined;
  return details ? { code, message, details } : { code, message };
}

export function toApiError(error: unknown): ApiError {
  if (isAxiosError(error)) {
    const status = error.response?.status ?? null;
    return { status, ...readErrorBody(error.response?.data) };
  }
  if (isApiError(error)) return error;
  return { status: null, code: null, message: null };
}

export function isApiError(value: unknown): value is ApiError {
  // An AxiosError has status, code and message too, but its code is axios' (ERR_BAD_RESPONSE).
  return isRecord(value) && !isAxiosError(value) && 'status' in value && 'code' in value && 'message' in value;
}

/** The text to show for a failed call: the server's words when it sent some, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  const apiError = isApiError(error) ? error : toApiError(error);
  if (apiError.code === ErrorCode.VALIDATION_ERROR && apiError.details) {
    const first = Object.values(apiError.details)[0];
    if (first) return first;
  }
  // A 5xx message is generic by design (the server hides details); ours reads better.
  if (apiError.status !== null && apiError.status >= 500) return fallback;
  return apiError.message ?? fallback;
}

/** The server's message for one form field (a 400's `details[field]`), to show on that field. */
export function errorDetail(error: unknown, field: string): string | null {
  const apiError = isApiError(error) ? error : toApiError(error);
  return apiError.details?.[field] ?? null;
}

export function errorStatus(error: unknown): number | null {
  return (isApiError(error) ? error : toApiError(error)).status;
}

export function errorCode(error: unknown): string | null {
  return (isApiError(error) ? error : toApiError(error)).code;
}
