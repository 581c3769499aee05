import axios, { type AxiosError, type InternalAxiosRequestConfig } from 'axios';

import { ACCOUNT_401_CODES, ErrorCode, FORCED_LOGOUT_CODES } from '@shared/api/error-codes';
import { isSignOutReason, type SignOutReason } from '@shared/api/sign-out-reasons';

import { readErrorBody } from './api-errors';
import { getDeviceId, readDeviceSecret } from './device-id';
import { currentPath, navigateTo, signInRedirectPath, signOutTo } from './navigation';
import { notify } from './notify';
import { clearSession, readRefreshToken, readToken, saveTokens } from './session';

/** The one HTTP client of the web app (docs/decisions.md, "One HTTP client, one 401 policy"): same origin, no timeout. */
export const apiClient = axios.create({ withCredentials: true });

interface RetriableConfig extends InternalAxiosRequestConfig {
  _retried?: boolean;
}

/** Calls whose 401 means "wrong credentials", never "session expired": no refresh for them. */
const AUTH_ENDPOINTS = [
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/refresh',
  '/api/auth/logout',
  '/api/auth/google-login',
  '/api/auth/reset-password',
  '/api/auth/verify-email',
];

function isAuthEndpoint(url: string | undefined): boolean {
  if (!url) return false;
  const path = url.split('?')[0] ?? '';
  return AUTH_ENDPOINTS.some((endpoint) => path === endpoint || path.startsWith(`${endpoint}-`));
}

/**
 * Calls where this browser shows its device secret: a sign-in, or a registration, binds the
 * session to the device only with it. Other calls do not carry it (a session knows its device).
 */
const DEVICE_PROOF_CALLS = ['/api/auth/login', '/api/auth/google-login', '/api/devices/register', '/api/devices/register-primary'];

apiClient.interceptors.request.use(async (config) => {
  const token = readToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  // The id this browser believes it is; it counts only beside the device's secret.
  if (!config.headers.has('X-Device-ID')) {
    const deviceId = await getDeviceId().catch(() => null);
    if (deviceId) config.headers.set('X-Device-ID', deviceId);
  }
  const path = config.url?.split('?')[0] ?? '';
  const secret = readDeviceSecret();
  if (secret && DEVICE_PROOF_CALLS.includes(path)) config.headers.set('X-Device-Secret', secret);
  return config;
});

/** Loaded when the first refresh is needed, not at start: zod would not fit the first route's budget (docs/decisions.md#performance-budgets). */
const loadAuthSchemas = () => import('@shared/api/auth');

/** The reason a forced logout carries to sign-in: the server's when it names one, else its code's. */
function signOutReason(code: string | null, details: Record<string, string> | undefined): SignOutReason {
  if (isSignOutReason(details?.reason)) return details.reason;
  if (code === ErrorCode.DEVICE_DEACTIVATED) return 'device_deactivated';
  if (code === ErrorCode.DEVICE_DEACTIVATED_REMOTELY) return 'device_deactivated_remotely';
  return 'session_ended';
}

/**
 * The sign-in page says why (one warning that stays while the user reads it); a toast saying
 * it as well would be the same message twice, or, worse, a different one.
 */
function forceLogout(reason: SignOutReason): void {
  signOutTo(`/sign-in?message=${reason}`, clearSession);
}

function endSessionAndAskToSignIn(): void {
  // A refresh refused with a forced-logout code has already signed out, with its reason: saying
  // "expired" after it would replace the one true message with another.
  if (!readToken()) return;
  // Capture where the user was before clearing, so sign-in can bring them back.
  const from = currentPath();
  clearSession();
  // A second failing request of the same burst finds the user already on sign-in.
  if (from.startsWith('/sign-in')) return;
  // The product's words for an expired session, for every screen: this is the one place a 401 is handled.
  notify.error('Your session has expired. Please sign in again.');
  navigateTo(signInRedirectPath(from), { replace: true });
}

/** Concurrent 401s share one refresh, so a rotated refresh token is used exactly once. */
let refreshInFlight: Promise<string> | null = null;

async function refreshAccessToken(): Promise<string> {
  const refreshToken = readRefreshToken();
  if (!refreshToken) throw new Error('No refresh token stored');
  const response = await apiClient.post<unknown>('/api/auth/refresh', { refreshToken });
  const { refreshResponseSchema } = await loadAuthSchemas();
  const tokens = refreshResponseSchema.parse(response.data);
  saveTokens(tokens.token, tokens.refreshToken);
  return tokens.token;
}

function sharedRefresh(): Promise<string> {
  refreshInFlight ??= refreshAccessToken().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * A usable access token after the server refused `sent` with a 401, for a connection axios does
 * not make (the event stream): another tab's newer token, else a refreshed one. Null when the
 * session cannot be rescued: it has then been ended as for any other call.
 */
export async function tokenAfterUnauthorized(sent: string): Promise<string | null> {
  const stored = readToken();
  if (!stored) return null;
  if (stored !== sent) return stored;
  try {
    return await sharedRefresh();
  } catch {
    endSessionAndAskToSignIn();
    return null;
  }
}

async function handleUnauthorized(error: AxiosError): Promise<unknown> {
  const config = error.config as RetriableConfig | undefined;
  const body = error.response?.data;
  // The code decides, never the message (codes are the contract; texts change).
  const { code, details } = readErrorBody(body);

  // A wrong password typed into a form: the session is fine, never sign out.
  if (code && ACCOUNT_401_CODES.includes(code)) throw error;
  // The session this request spoke for was already cleared on purpose (an undone e-mail
  // change revokes every session, and its page forgets this one): nothing is left to end, and
  // a forced logout would take the user off the page that did it.
  if (!readToken()) throw error;
  const logoutFlag = typeof body === 'object' && body !== null && 'logout' in body && body.logout === true;
  if ((code && FORCED_LOGOUT_CODES.includes(code)) || logoutFlag) {
    forceLogout(signOutReason(code, details));
    throw error;
  }
  // Without a token there is no session to rescue; auth endpoints answer for themselves.
  if (!config || isAuthEndpoint(config.url) || !config.headers.has('Authorization')) throw error;
  if (config._retried) {
    endSessionAndAskToSignIn();
    throw error;
  }

  // Another tab may have refreshed already: its new token is in storage, and presenting our
  // old refresh token again would count as reuse and end the session for every tab.
  const sentToken = String(config.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '');
  const storedToken = readToken();
  if (storedToken && storedToken !== sentToken) {
    config._retried = true;
    config.headers.set('Authorization', `Bearer ${storedToken}`);
    return apiClient.request(config);
  }

  let token: string;
  try {
    token = await sharedRefresh();
  } catch {
    endSessionAndAskToSignIn();
    throw error;
  }
  config._retried = true;
  config.headers.set('Authorization', `Bearer ${token}`);
  return apiClient.request(config);
}

apiClient.interceptors.response.use(undefined, async (error: unknown) => {
  if (axios.isAxiosError(error) && error.response?.status === 401) return handleUnauthorized(error);
  throw error;
});
