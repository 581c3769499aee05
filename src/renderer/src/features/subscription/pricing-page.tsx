import { Container, Loader, SimpleGrid, Text } from '@mantine/core';
import { useEffect } from 'react';

import { compareTiers, PLAN_IDS, PLANS, type Plan, type PlanId } from '@shared/plans';

import { PageHeader } from '../../components/page-header';
import { useIsAuthenticated } from '../../lib/hooks';
import { signInRedirectPath } from '../../lib/navigation';
import { notify } from '../../lib/notify';
import { PlanCard, type PlanAction } from './plan-card';
import { useGetSubscriptionStatusQuery } from './subscription-api';

function paymentPath(plan: PlanId): string {
  return `/payment-page?plan=${plan}`;
}

function actionFor(plan: Plan, current: PlanId | null, authenticated: boolean): PlanAction {
  if (!authenticated) {
    if (plan.id === 'free') return { kind: 'sign-up' };
    return { kind: 'upgrade', to: signInRedirectPath(paymentPath(plan.id)) };
  }
  const mine = current ?? 'free';
  const order = compareTiers(plan.id, mine);
  if (order === 0) return { kind: 'current' };
  return order > 0 ? { kind: 'upgrade', to: paymentPath(plan.id) } : { kind: 'downgrade' };
}

function headerFor(plan: Plan, current: PlanId | null, pending: PlanId | null): string {
  if (plan.id === current) return 'Current Plan';
  if (plan.id === pending) return 'Next Plan';
  return plan.badge;
}

/** /pricing-page, "Choose Your Plan" (SPEC §2). Prices come only from the plan catalogue. */
export function PricingPage() {
  const authenticated = useIsAuthenticated();
  const { data, isLoading, isError } = useGetSubscriptionStatusQuery(undefined, { skip: !authenticated });

  useEffect(() => {
    if (isError) notify.error('Failed to fetch subscription status');
  }, [isError]);

  // SPEC §4: when the plan cannot be fetched the account is treated as free.
  const current: PlanId | null = authenticated ? (data?.currentPlan.name ?? 'free') : null;
  const pending = data?.currentPlan.status === 'downgrade' ? data.currentPlan.pendingPlan : null;

  return (
    <Container size="lg" py="xl">
      <PageHeader
        title="Choose Your Plan"
        description="Start free. Upgrade when you need more lists, more apps per list or more machines."
      />
      {authenticated && isLoading ? <Loader size="sm" aria-label="Loading your plan" mb="md" /> : null}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {PLAN_IDS.map((id) => {
          const plan = PLANS[id];
          const header = headerFor(plan, current, pending);
          return (
            <PlanCard
              key={id}
              plan={plan}
              header={header}
              highlighted={header === 'Current Plan' || (current === null && plan.badge === 'Most Popular')}
              action={actionFor(plan, current, authenticated)}
            />
          );
        })}
      </SimpleGrid>
      <Text size="sm" c="dimmed" ta="center" mt="xl">
        Prices in US dollars. Paid plans renew automatically until you cancel.
      </Text>
    </Container>
  );
}
