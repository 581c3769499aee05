import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES, passwordContainsPersonalInfo } from '@shared/api/common';

/** Whose password it is: the server refuses a password that contains these (docs/security.md). */
export interface PasswordOwner {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * What the server would say about a new password, asked before sending so the form can show it
 * on the field at once; null when only the server can tell (it also refuses common passwords).
 * The words are the server's, so a message looks the same whichever side found the problem.
 * Imported by the lazy forms only: the shared module brings zod, which the first route must not.
 */
export function newPasswordProblem(password: string, owner?: PasswordOwner): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (owner && passwordContainsPersonalInfo(password, owner)) return PASSWORD_MESSAGES.personal;
  return null;
}
