import { lazy, Suspense } from 'react';

import { useCurrentUser, useIsAuthenticated } from '../lib/hooks';

// Registration check, prompt and background activity arrive after first paint: the first route has a size budget (docs/decisions.md#performance-budgets).
const DeviceBackground = lazy(() => import('../features/devices/device-background').then((m) => ({ default: m.DeviceBackground })));

/** Runs the device background for a signed-in user; a new account starts it afresh. */
export function DeviceSlot() {
  const authenticated = useIsAuthenticated();
  const user = useCurrentUser();
  if (!authenticated) return null;
  return (
    <Suspense fallback={null}>
      <DeviceBackground key={user?.id ?? 'anonymous'} />
    </Suspense>
  );
}
