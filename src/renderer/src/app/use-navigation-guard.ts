import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { matchPath, useLocation } from 'react-router-dom';
import { apiClient } from '../lib/api-client';
import { errorStatus } from '../lib/api-errors';
import { devicesUnavailable, type WithDevice } from '../lib/device-slice';
import { clearPendingVerification } from '../lib/pending-verification';
import { clearSession, readToken } from '../lib/session';

/** Paths that need a signed-in user (SPEC §2 route table). */
export const AUTH_ROUTE_PATTERNS = [
  '/app-list',
  '/app-database-management',
  '/admin-console',
  '/settings',
  '/payment-page',
  '/devices',
  '/installations',
  '/installations/:id',
] as const;

export function isAuthRoute(pathname: string): boolean {
  return AUTH_ROUTE_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null);
}

/**
 * SPEC §2 "Navigation guard". Entering an auth route re-checks the session in the background
 * with the device list: a 401 (after the API client's refresh attempt) ends the session, any
 * other failure — the device API may not exist on this server yet — lets the user carry on.
 */
export function useNavigationGuard(): void {
  const { pathname, search } = useLocation();
  const dispatch = useDispatch();
  const unavailable = useSelector((state: WithDevice) => state.device.devicesUnavailable);

  useEffect(() => {
    if (pathname !== '/sign-in' && pathname !== '/sign-up') return;
    if (!new URLSearchParams(search).has('pendingVerification')) clearPendingVerification();
  }, [pathname, search]);

  useEffect(() => {
    if (!isAuthRoute(pathname) || !readToken() || unavailable) return;
    apiClient.get('/api/devices').catch((error: unknown) => {
      const status = errorStatus(error);
      // RequireAuth sends the user to sign-in (with a way back) once the token is gone.
      if (status === 401 && readToken()) clearSession();
      // SPEC §8: a 404 on the device list disables later device calls and pings.
      if (status === 404) dispatch(devicesUnavailable());
    });
    // Only a new route triggers the check; the flag merely stops later ones.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
