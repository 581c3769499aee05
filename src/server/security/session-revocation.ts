import { ErrorCode } from '@shared/api/errors';

import { AppError } from '../errors';

/** Why a session ended → the 401 the web client acts on (SPEC §4 "401 handling"). */
const REVOKED_CODES: Record<string, { code: string; message: string }> = {
  device_deactivated: { code: ErrorCode.DEVICE_DEACTIVATED, message: 'Your device has been deactivated. Please sign in again.' },
  device_deactivated_remotely: {
    code: ErrorCode.DEVICE_DEACTIVATED_REMOTELY,
    message: 'Your device has been deactivated from another location. Please sign in again.',
  },
};

/**
 * The error for any use of a revoked session, by access token or by refresh token alike: a
 * browser whose access token expired learns why on its refresh call.
 */
export function revokedSessionError(reason: string | null): AppError {
  const revoked = REVOKED_CODES[reason ?? ''] ?? {
    code: ErrorCode.TOKEN_REVOKED,
    message: 'Your session has ended. Please sign in again.',
  };
  return new AppError(401, revoked.code, revoked.message);
}
