import { ErrorCode } from '@shared/api/errors';
import { isSignOutReason, SIGN_OUT_MESSAGES, type SignOutReason } from '@shared/api/sign-out-reasons';

import { AppError } from '../errors';

/** The reasons whose 401 has a code of its own (the web app warns with its own words for each); every other one is TOKEN_REVOKED. */
const REVOKED_CODES: Partial<Record<SignOutReason, string>> = {
  device_deactivated: ErrorCode.DEVICE_DEACTIVATED,
  device_deactivated_remotely: ErrorCode.DEVICE_DEACTIVATED_REMOTELY,
};

/**
 * The error for any use of a revoked session, by access token or by refresh token alike: a
 * browser whose access token expired learns why on its refresh call. The reason travels in
 * `details.reason`, so that the sign-in page says the same as this message.
 */
export function revokedSessionError(storedReason: string | null): AppError {
  const reason: SignOutReason = isSignOutReason(storedReason) ? storedReason : 'session_ended';
  return new AppError(401, REVOKED_CODES[reason] ?? ErrorCode.TOKEN_REVOKED, SIGN_OUT_MESSAGES[reason], { reason });
}
