import { apiClient } from './api-client';
import { signOutTo } from './navigation';
import { clearSession, readToken, STORAGE_KEYS } from './session';

/**
 * Log out: tell the server (token and device id headers), then forget the session locally
 * even when that call failed — a user who asked to leave must never stay signed in (SPEC §4).
 */
export async function logout(): Promise<void> {
  const deviceId = localStorage.getItem(STORAGE_KEYS.deviceId);
  try {
    if (readToken()) {
      await apiClient.post('/api/auth/logout', undefined, {
        headers: deviceId ? { 'X-Device-ID': deviceId } : {},
      });
    }
  } catch {
    // Ignored on purpose: see above.
  } finally {
    signOutTo('/sign-in', clearSession);
  }
}
