import { compareTiers, type Plan, type PlanId } from '@shared/plans';

import { signInRedirectPath } from '../../lib/navigation';

/** What a pricing card's button does. */
export type PlanAction =
  | { kind: 'current' }
  | { kind: 'upgrade'; to: string }
  | { kind: 'downgrade' }
  | { kind: 'cancel-downgrade' }
  | { kind: 'contact-support' }
  | { kind: 'sign-up' };

/** Who is looking: signed out (null), or the plan they are on and the one a downgrade scheduled. */
export interface PlanViewer {
  current: PlanId;
  pending: PlanId | null;
}

export function paymentPath(plan: PlanId): string {
  return `/payment-page?plan=${plan}`;
}

export function headerFor(plan: Plan, viewer: PlanViewer | null): string {
  if (viewer?.current === plan.id) return 'Current Plan';
  if (viewer?.pending === plan.id) return 'Next Plan';
  return plan.badge;
}

export function actionFor(plan: Plan, viewer: PlanViewer | null): PlanAction {
  if (!viewer) {
    if (plan.id === 'free') return { kind: 'sign-up' };
    return { kind: 'upgrade', to: signInRedirectPath(paymentPath(plan.id)) };
  }
  if (plan.id === viewer.pending) return { kind: 'cancel-downgrade' };
  const order = compareTiers(plan.id, viewer.current);
  if (order === 0) return { kind: 'current' };
  if (order > 0) return { kind: 'upgrade', to: paymentPath(plan.id) };
  // One scheduled change at a time: another lower plan needs the pending one cancelled first.
  return viewer.pending ? { kind: 'contact-support' } : { kind: 'downgrade' };
}

/** "March 4, 2026" for an ISO date; the text itself when it does not parse. */
export function formatPlanDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
