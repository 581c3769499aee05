import { readUser } from '../../lib/session';

/** sessionStorage: the tab's session, so a new browser session asks again. */
const DISMISSED_KEY = 'deviceRegistrationDismissed';

/**
 * "Not now" on the registration prompt holds for the rest of this browser session, page loads
 * included; it is kept per account, so another account signing in on this tab is still asked.
 */
export function registrationPromptDismissed(): boolean {
  const user = readUser();
  return user !== null && sessionStorage.getItem(DISMISSED_KEY) === user.id;
}

export function dismissRegistrationPrompt(): void {
  const user = readUser();
  if (user) sessionStorage.setItem(DISMISSED_KEY, user.id);
}
