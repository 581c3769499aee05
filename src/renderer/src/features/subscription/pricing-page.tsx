import { Alert, Container, Loader, SimpleGrid, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { PLAN_IDS, PLANS, type PlanId } from '@shared/plans';

import { useGetSubscriptionStatusQuery } from '../../api/subscription';
import { PageHeader } from '../../components/page-header';
import { useIsAuthenticated } from '../../lib/hooks';
import { notify } from '../../lib/notify';
import { DowngradeBar } from './downgrade-bar';
import { DowngradeModal } from './downgrade-modal';
import { PlanCard } from './plan-card';
import { actionFor, headerFor, type PlanViewer } from './plan-state';
import { usePlanChanges } from './use-plan-changes';

/** `?payment_success=true`, where a paid upgrade lands: said once, then taken out of the address. */
function usePaymentSuccess(): [boolean, () => void] {
  const [params, setParams] = useSearchParams();
  const [paid, setPaid] = useState(() => params.get('payment_success') === 'true');
  useEffect(() => {
    if (!params.has('payment_success')) return;
    const next = new URLSearchParams(params);
    next.delete('payment_success');
    setParams(next, { replace: true });
  }, [params, setParams]);
  return [paid, () => setPaid(false)];
}

/** /pricing-page, "Choose Your Plan". Prices come only from the plan catalogue. */
export function PricingPage() {
  const authenticated = useIsAuthenticated();
  const { data, isLoading, isError } = useGetSubscriptionStatusQuery(undefined, { skip: !authenticated });
  const changes = usePlanChanges();
  const [downgradeTo, setDowngradeTo] = useState<PlanId | null>(null);
  const [paid, dismissPaid] = usePaymentSuccess();

  useEffect(() => {
    if (isError) notify.error('Failed to fetch subscription status');
  }, [isError]);

  // When the plan cannot be fetched the account is treated as free (the server still enforces the real limits).
  const plan = data?.currentPlan;
  const viewer: PlanViewer | null = authenticated
    ? { current: plan?.name ?? 'free', pending: plan?.status === 'downgrade' ? plan.pendingPlan : null }
    : null;
  const current = PLANS[viewer?.current ?? 'free'];

  const confirmDowngrade = async () => {
    if (downgradeTo && (await changes.scheduleDowngrade(downgradeTo))) {
      setDowngradeTo(null);
      // The payment message is about the plan before this change.
      dismissPaid();
    }
  };

  return (
    <Container size="lg" py="xl">
      <PageHeader
        title="Choose Your Plan"
        description="Start free. Upgrade when you need more lists, more apps per list or more machines."
      />
      {paid ? (
        <Alert
          color="green"
          variant="light"
          title="Payment successful"
          icon={<IconCircleCheck size={18} aria-hidden />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={dismissPaid}
          mb="lg"
        >
          Thank you! You are now on {plan?.displayName ?? 'your new plan'}.
        </Alert>
      ) : null}
      {viewer?.pending ? (
        <DowngradeBar
          current={current}
          pending={PLANS[viewer.pending]}
          validUntil={plan?.validUntil ?? null}
          busy={changes.cancelling}
          onCancel={() => void changes.cancelScheduledDowngrade()}
        />
      ) : null}
      {authenticated && isLoading ? <Loader size="sm" role="status" aria-label="Loading your plan" mb="md" /> : null}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {PLAN_IDS.map((id) => {
          const header = headerFor(PLANS[id], viewer);
          return (
            <PlanCard
              key={id}
              plan={PLANS[id]}
              header={header}
              highlighted={header === 'Current Plan' || (viewer === null && PLANS[id].badge === 'Most Popular')}
              action={actionFor(PLANS[id], viewer)}
              busy={changes.cancelling || changes.downgrading}
              onDowngrade={() => setDowngradeTo(id)}
              onCancelDowngrade={() => void changes.cancelScheduledDowngrade()}
            />
          );
        })}
      </SimpleGrid>
      <Text size="sm" c="dimmed" ta="center" mt="xl">
        Prices in US dollars. A paid plan runs for the month or year you pay for; pay again to keep it.
      </Text>
      <DowngradeModal
        current={current}
        target={downgradeTo ? PLANS[downgradeTo] : null}
        validUntil={plan?.validUntil ?? null}
        busy={changes.downgrading}
        onConfirm={() => void confirmDowngrade()}
        onClose={() => setDowngradeTo(null)}
      />
    </Container>
  );
}
