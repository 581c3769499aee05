import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { matchPath, useLocation } from 'react-router-dom';

import { withoutTrailingSlashes } from '@shared/url';

import { devicesApi } from '../api/devices';
import { selectDevicesUnavailable } from '../features/devices/device-state';
import { clearPendingVerification } from '../lib/pending-verification';
import { readToken } from '../lib/session';
import { useTransitionSelector } from '../lib/transition-selector';
import type { AppDispatch } from './store';

/** Paths that need a signed-in user (the product's route table). */
export const AUTH_ROUTE_PATTERNS = [
  '/app-list',
  '/app-database-management',
  '/admin-console',
  '/settings',
  '/payment-page',
  '/devices',
  '/devices/:deviceId',
  '/installations',
  '/installations/:id',
  '/history',
] as const;

/** Public pages under an auth pattern: the registration link opens on a machine that is not signed in. */
const PUBLIC_PATHS = ['/devices/enroll'];

export function isAuthRoute(pathname: string): boolean {
  if (PUBLIC_PATHS.includes(withoutTrailingSlashes(pathname))) return false;
  return AUTH_ROUTE_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null);
}

/**
 * The navigation guard. Entering an auth route re-checks the session in the background
 * with the device list: a 401 is the API client's to handle (refresh, else end the session),
 * any other failure lets the user carry on; a 404 stops later device calls (device-state).
 */
export function useNavigationGuard(): void {
  const { pathname, search } = useLocation();
  const dispatch = useDispatch<AppDispatch>();
  const unavailable = useTransitionSelector(selectDevicesUnavailable);

  useEffect(() => {
    if (pathname !== '/sign-in' && pathname !== '/sign-up') return;
    if (!new URLSearchParams(search).has('pendingVerification')) clearPendingVerification();
  }, [pathname, search]);

  useEffect(() => {
    if (!isAuthRoute(pathname) || !readToken() || unavailable) return;
    const request = dispatch(devicesApi.endpoints.getDevices.initiate(undefined, { forceRefetch: true }));
    return () => request.unsubscribe();
    // Only a new route triggers the check; the flag merely stops later ones.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
