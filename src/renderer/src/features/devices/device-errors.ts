import { ErrorCode } from '@shared/api/error-codes';

import { isApiError, toApiError, type ApiError } from '../../lib/api-errors';

function asApiError(error: unknown): ApiError {
  return isApiError(error) ? error : toApiError(error);
}

/** Deactivation refused: one text per server code, in the product's words. */
export function deactivationErrorMessage(error: unknown): string {
  const { code, message } = asApiError(error);
  switch (code) {
    case ErrorCode.DEVICE_DEACTIVATION_RATE_LIMIT:
      return `Rate limit exceeded: ${message ?? 'please try again later'}`;
    case ErrorCode.DEVICE_DEACTIVATION_COOLDOWN:
      // The server's words carry the hours or minutes left of the new-device protection.
      return message ?? 'This device was added recently. Please wait before deactivating it.';
    case ErrorCode.DEACTIVATION_COOLDOWN:
      // "Please wait {n} hours before deactivating another device.", n from the plan.
      return message ?? 'Please wait before deactivating another device.';
    case ErrorCode.NOT_ADMIN_DEVICE:
      return 'Only admin devices can deactivate other devices';
    case ErrorCode.ADMIN_DEVICE_PROTECTED:
      return 'Cannot deactivate admin devices';
    case ErrorCode.DEVICE_NOT_FOUND:
      return 'Device not found';
    case ErrorCode.LAST_ADMIN_DEVICE:
      return 'Cannot deactivate the only admin device';
    default:
      return 'Failed to deactivate device';
  }
}

/** Token generation refused: one text per status and code, in the product's words. */
export function tokenErrorMessage(error: unknown): string {
  const { status, code, message } = asApiError(error);
  if (status === 429) {
    return code === ErrorCode.TOKEN_RATE_LIMIT && message
      ? `Rate limit exceeded: ${message}`
      : 'Rate limit exceeded. Please wait before generating another token.';
  }
  if (status === 403) return 'You do not have permission to generate tokens';
  if (status === 400) return message ?? 'Invalid token parameters';
  return 'Failed to generate token. Please try again.';
}
