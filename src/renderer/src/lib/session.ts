import type { User } from '@shared/api/user';

import { forgetSignedOutDestination } from './navigation';

/** localStorage keys, under the product's names. */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  user: 'user',
  deviceId: 'deviceId',
  /** Given when this browser registered as a device: signing in with it makes the session that device's. */
  deviceSecret: 'deviceSecret',
} as const;

/**
 * Onboarding prompts remember their dismissal locally; deleting the account forgets them so
 * a new account on this browser starts fresh.
 */
export const ONBOARDING_FLAG_KEYS = [
  'onboardingComplete',
  'showDeviceRegistration',
  'deviceRegistrationDismissed',
  'desktopClientPromptDismissed',
  'tokenNoteDismissed',
] as const;

export interface StoredSession {
  token: string;
  refreshToken: string;
  user: User;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Lets the Redux store mirror what is in storage without lib depending on the store. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function readToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function readRefreshToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.refreshToken);
}

/**
 * Checked by hand rather than with the shared zod schema: this runs on the first route, which
 * must stay small (docs/decisions.md#performance-budgets). `satisfies` keeps the check in step with the User type.
 */
function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const types = {
    id: 'string',
    firstName: 'string',
    lastName: 'string',
    email: 'string',
    isEmailVerified: 'boolean',
    isAdmin: 'boolean',
  } as const satisfies Record<keyof User, 'string' | 'boolean'>;
  return Object.entries(types).every(([key, type]) => typeof record[key] === type);
}

/** The stored user; corrupt or outdated JSON is removed rather than trusted. */
export function readUser(): User | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isUser(parsed)) return parsed;
  } catch {
    // fall through: unreadable JSON
  }
  localStorage.removeItem(STORAGE_KEYS.user);
  return null;
}

export function saveSession(session: StoredSession): void {
  forgetSignedOutDestination();
  localStorage.setItem(STORAGE_KEYS.token, session.token);
  localStorage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
  emit();
}

export function saveTokens(token: string, refreshToken: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  emit();
}

export function saveUser(user: User): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  emit();
}

/** Forget the signed-in session (token, refresh token and user). */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.refreshToken);
  localStorage.removeItem(STORAGE_KEYS.user);
  emit();
}

/** After account deletion nothing of the old account may remain on this browser. */
export function clearAllAccountData(): void {
  localStorage.removeItem(STORAGE_KEYS.deviceId);
  localStorage.removeItem(STORAGE_KEYS.deviceSecret);
  for (const key of ONBOARDING_FLAG_KEYS) localStorage.removeItem(key);
  clearSession();
}

/** Re-read storage, e.g. after another tab changed it. */
export function notifySessionChanged(): void {
  emit();
}
