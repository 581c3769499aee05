/**
 * Why a session was ended for its user, and the one sentence that says so: the server puts it
 * in the 401 (`details.reason` and the message), the web app carries the reason to the sign-in
 * page (`?message=`), which shows that sentence. No zod: the first route reads it.
 */
export const SIGN_OUT_MESSAGES = {
  device_deactivated: 'Your device has been deactivated. Please sign in again.',
  device_deactivated_remotely: 'Your device has been deactivated from another location. Please sign in again.',
  password_changed: 'Your password was changed on another device, which signed you out here. Please sign in with the new password.',
  password_reset: 'Your password was reset, which signed you out here. Please sign in with the new password.',
  email_change_undone: 'A change of your email address was undone, which signed you out everywhere. Please sign in again.',
  refresh_token_reused: 'This sign-in was ended for your security. Please sign in again.',
  session_ended: 'Your session has ended. Please sign in again.',
} as const;

export type SignOutReason = keyof typeof SIGN_OUT_MESSAGES;

export function isSignOutReason(value: unknown): value is SignOutReason {
  return typeof value === 'string' && Object.hasOwn(SIGN_OUT_MESSAGES, value);
}
