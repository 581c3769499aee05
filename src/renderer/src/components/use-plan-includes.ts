import { getPlan, type Plan } from '@shared/plans';

import { useGetSubscriptionStatusQuery } from '../api/subscription';

/**
 * Whether the account's plan includes a capability: true, false, or undefined while the plan is
 * read. When the plan cannot be read the screens ask for their data anyway: the server decides,
 * and its 403 PLAN_FEATURE_REQUIRED shows the same note.
 */
export function usePlanIncludes(capability: keyof Plan['capabilities']): boolean | undefined {
  const status = useGetSubscriptionStatusQuery();
  if (status.data) return getPlan(status.data.currentPlan.name).capabilities[capability];
  return status.isError ? true : undefined;
}
