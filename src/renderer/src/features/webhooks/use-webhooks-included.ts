import { getPlan } from '@shared/plans';

import { useGetSubscriptionStatusQuery } from '../../api/subscription';

/**
 * Whether the account's plan includes webhooks: true, false, or undefined while the plan is read.
 * When the plan cannot be read the screens ask for the endpoints anyway: the server decides, and
 * its 403 PLAN_FEATURE_REQUIRED shows the same note.
 */
export function useWebhooksIncluded(): boolean | undefined {
  const status = useGetSubscriptionStatusQuery();
  if (status.data) return getPlan(status.data.currentPlan.name).capabilities.webhooks;
  return status.isError ? true : undefined;
}
