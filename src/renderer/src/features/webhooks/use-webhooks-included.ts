import { usePlanIncludes } from '../../components/use-plan-includes';

/** Whether the account's plan includes webhooks: true, false, or undefined while the plan is read. */
export function useWebhooksIncluded(): boolean | undefined {
  return usePlanIncludes('webhooks');
}
