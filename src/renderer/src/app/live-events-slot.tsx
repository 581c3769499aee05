import { lazy, Suspense } from 'react';

import { useCurrentUser, useIsAuthenticated } from '../lib/hooks';

// The stream starts after first paint (the first route's budget, docs/decisions.md#performance-budgets).
const LiveEvents = lazy(() => import('../lib/live-events').then((m) => ({ default: m.LiveEvents })));

/** One event stream per signed-in user: installations and device cards update without reloading. */
export function LiveEventsSlot() {
  const authenticated = useIsAuthenticated();
  const user = useCurrentUser();
  if (!authenticated) return null;
  return (
    <Suspense fallback={null}>
      <LiveEvents key={user?.id ?? 'anonymous'} />
    </Suspense>
  );
}
