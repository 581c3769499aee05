import { ErrorCode } from '@shared/api/error-codes';
import type { PlanId } from '@shared/plans';

import { useGetSubscriptionStatusQuery } from '../../api/subscription';
import { errorCode, errorMessage } from '../../lib/api-errors';
import { appsUpgradeHint, listsUpgradeHint } from '../../lib/plan-upgrade';

export interface PlanLimits {
  /** Null while the plan is unknown: the server still enforces, the UI just cannot say. */
  known: boolean;
  planName: string | null;
  /** Which plan lifts the list limit and the apps-per-list limit ("Upgrade to Premium for …"). */
  listsHint: string | null;
  appsHint: string | null;
  /** Null means unlimited. */
  lists: number | null;
  appsPerList: number | null;
}

/** The plan's list limits, read from GET /api/subscription/status (src/shared/plans.ts values). */
export function usePlanLimits(): PlanLimits {
  const { data } = useGetSubscriptionStatusQuery();
  const plan = data?.currentPlan;
  if (!plan) return { known: false, planName: null, listsHint: null, appsHint: null, lists: null, appsPerList: null };
  const id: PlanId = plan.name;
  return {
    known: true,
    planName: plan.displayName,
    listsHint: listsUpgradeHint(id),
    appsHint: appsUpgradeHint(id),
    lists: plan.limits.lists,
    appsPerList: plan.limits.appsPerList,
  };
}

export interface LimitProblem {
  code: string;
  message: string;
}

const LIMIT_CODES: readonly string[] = [ErrorCode.LIST_LIMIT_REACHED, ErrorCode.LIST_APP_LIMIT_REACHED];

/** A plan-limit answer from the server, or null for any other failure. */
export function limitProblemOf(error: unknown): LimitProblem | null {
  const code = errorCode(error);
  if (!code || !LIMIT_CODES.includes(code)) return null;
  return { code, message: errorMessage(error, 'Your plan does not allow more.') };
}

export function listUsage(count: number, limit: number | null): string | null {
  if (limit === null) return null;
  return `${count} of ${limit} lists`;
}

export function appUsage(count: number, limit: number | null): string | null {
  if (limit === null) return null;
  return `${count} of ${limit} apps`;
}
