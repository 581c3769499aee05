/**
 * sessionStorage flags left by a third-party sign-up that still needs e-mail verification;
 * the sign-in screen reads them to say where the mail went. The navigation guard clears them
 * whenever sign-in or sign-up opens without ?pendingVerification in the address.
 */
const PENDING_EMAIL_KEY = 'pendingVerificationEmail';
const PENDING_FLAG_KEY = 'pendingVerification';

export function markPendingVerification(email: string | null): void {
  sessionStorage.setItem(PENDING_FLAG_KEY, '1');
  if (email) sessionStorage.setItem(PENDING_EMAIL_KEY, email);
}

export function readPendingVerificationEmail(): string | null {
  return sessionStorage.getItem(PENDING_EMAIL_KEY);
}

export function clearPendingVerification(): void {
  sessionStorage.removeItem(PENDING_FLAG_KEY);
  sessionStorage.removeItem(PENDING_EMAIL_KEY);
}
