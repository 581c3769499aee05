import { baseApi } from './base-api';
import { signOutTo } from './navigation';
import { clearSession, readToken, STORAGE_KEYS } from './session';

const logoutApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<unknown, string | null>({
      query: (deviceId) => ({
        url: '/api/auth/logout',
        method: 'POST',
        headers: deviceId ? { 'X-Device-ID': deviceId } : undefined,
        schema: () => import('@shared/api/common').then((m) => m.successResponseSchema),
      }),
    }),
  }),
});

/**
 * Log out: tell the server (token and device id headers), then forget the session locally
 * even when that call failed — a user who asked to leave must never stay signed in.
 */
export function useLogout(): () => Promise<void> {
  const [logout] = logoutApi.useLogoutMutation();
  return async () => {
    // A failed call is ignored on purpose: see above.
    if (readToken()) await logout(localStorage.getItem(STORAGE_KEYS.deviceId));
    signOutTo('/sign-in', clearSession);
  };
}
