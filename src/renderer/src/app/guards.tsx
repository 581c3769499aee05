import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';

import { useCurrentUser, useIsAuthenticated } from '../lib/hooks';
import { safeRedirectTarget, signedOutDestinationOr, signInRedirectPath } from '../lib/navigation';

/** Routes that need a signed-in user: without a stored token, go to sign-in and come back afterwards. */
export function RequireAuth() {
  const authenticated = useIsAuthenticated();
  const { pathname, search } = useLocation();
  // After a deliberate sign-out the reason (e.g. ?message=device_deactivated) wins over ?redirect=.
  if (!authenticated) return <Navigate to={signedOutDestinationOr(signInRedirectPath(`${pathname}${search}`))} replace />;
  return <Outlet />;
}

/**
 * /sign-in and /sign-up are hidden once signed in. Saving the session re-renders this guard
 * before the page's own navigation lands, so it must send the user where the page would: to
 * ?redirect= when it is a safe path of this site, else to the lists.
 */
export function GuestOnly() {
  const authenticated = useIsAuthenticated();
  const [params] = useSearchParams();
  if (authenticated) return <Navigate to={safeRedirectTarget(params.get('redirect'))} replace />;
  return <Outlet />;
}

/** /admin-console needs the admin flag of the signed-in user. */
export function RequireAdmin() {
  const user = useCurrentUser();
  if (!user?.isAdmin) return <Navigate to="/app-list" replace />;
  return <Outlet />;
}
