import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

import type { PaymentRecord } from '@shared/api/payment';
import type { CurrentPlan } from '@shared/api/subscription';
import { formatPrice, getPlan } from '@shared/plans';

import { useGetPaymentsQuery, useGetSubscriptionStatusQuery } from '../../api/subscription';

const dateOf = (iso: string | null) => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
};

/** When a payment happened, in the person's own locale, with the time: two tries on one day are told apart. */
const dateTimeOf = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

// The server lists only payments a card was tried on; pending (no card yet) is here for completeness.
const STATUS: Record<PaymentRecord['status'], { label: string; color: string }> = {
  succeeded: { label: 'Paid', color: 'green' },
  requires_action: { label: 'Needs authentication', color: 'orange' },
  pending: { label: 'Pending', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
  canceled: { label: 'Canceled', color: 'gray' },
};

/** Until when the paid period runs (payments are one-off: nothing renews by itself), or when the scheduled downgrade takes over. */
function renewalText(plan: CurrentPlan): string {
  const until = dateOf(plan.validUntil);
  if (plan.status === 'downgrade' && plan.pendingPlan) {
    return `Changes to ${getPlan(plan.pendingPlan).displayName} on ${until ?? 'the end of the billing period'}.`;
  }
  if (plan.name === 'free') return 'The free plan does not renew or expire.';
  return until ? `Paid until ${until}; pay again before then to keep it.` : 'Paid for now; no end date is set.';
}

function PaymentHistory() {
  const { data, isLoading, isError } = useGetPaymentsQuery();
  if (isLoading) return <Skeleton height={60} />;
  if (isError)
    return (
      <Text size="sm" c="red">
        We could not load your payments.
      </Text>
    );
  const payments = data?.payments ?? [];
  if (payments.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No payments yet.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="xs" aria-label="Payment history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td>
                <time dateTime={payment.completedAt ?? payment.createdAt}>{dateTimeOf(payment.completedAt ?? payment.createdAt)}</time>
              </Table.Td>
              <Table.Td>{getPlan(payment.plan).displayName}</Table.Td>
              <Table.Td ta="right">{money(payment.amount, payment.currency)}</Table.Td>
              <Table.Td>
                <Badge variant="light" miw="max-content" color={STATUS[payment.status].color} title={payment.failureMessage ?? undefined}>
                  {STATUS[payment.status].label}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Settings, "Plan and billing": the plan, its renewal or downgrade date, and the payments. */
export function PlanBillingSection() {
  const { data, isLoading, isError } = useGetSubscriptionStatusQuery();
  const plan = data?.currentPlan;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="plan-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} fz="lg" id="plan-heading">
              Plan and billing
            </Title>
            {isLoading ? <Skeleton height={16} width={200} mt={6} /> : null}
            {plan ? (
              <>
                <Group gap="xs" mt={4}>
                  <Text fw={600}>{plan.displayName}</Text>
                  <Text size="sm" c="dimmed">
                    {formatPrice(getPlan(plan.name))}
                  </Text>
                </Group>
                <Text size="sm" c={plan.status === 'downgrade' ? 'orange' : 'dimmed'}>
                  {renewalText(plan)}
                </Text>
              </>
            ) : null}
            {isError && !plan ? (
              <Text size="sm" c="red">
                Failed to fetch subscription status
              </Text>
            ) : null}
          </div>
          <Button component={Link} to="/pricing-page" variant="light" size="xs">
            Change plan
          </Button>
        </Group>
        <Stack gap="xs">
          <Title order={3} fz="md">
            Payment history
          </Title>
          <PaymentHistory />
        </Stack>
        <Text size="xs" c="dimmed">
          Receipts are sent by e-mail after each payment.
        </Text>
      </Stack>
    </Paper>
  );
}
