import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';

import { useIsAuthenticated } from '../lib/hooks';
import { isForcedLightPath } from '../lib/theme';

// Not needed for first paint: it arrives a moment later (the first route's budget, docs/decisions.md#performance-budgets).
const FeedbackButton = lazy(() => import('../features/feedback/feedback-button').then((m) => ({ default: m.FeedbackButton })));

/**
 * Signed-in users get the Feedback button everywhere except the screens that force
 * the light theme (/sign-in, /sign-up, /password-reset, /payment-page), which also hide it.
 */
export function FeedbackSlot() {
  const authenticated = useIsAuthenticated();
  const { pathname } = useLocation();
  if (!authenticated || isForcedLightPath(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackButton />
    </Suspense>
  );
}
