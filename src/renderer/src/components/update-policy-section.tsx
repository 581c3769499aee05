import { Paper, Skeleton, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';

import { getPlan } from '@shared/plans';

import { useGetSubscriptionStatusQuery } from '../api/subscription';
import { useGetDeviceUpdatePolicyQuery, useGetUpdatePoliciesQuery } from '../api/update-policies';
import { LoadError } from './load-error';
import { PremiumNote } from './premium-note';
import type { PolicyTarget } from './update-policy-form';

// The form brings zod and the shared schemas: it loads when a premium account opens it.
const UpdatePolicyForm = lazy(() => import('./update-policy-form').then((m) => ({ default: m.UpdatePolicyForm })));

const EMPTY_TEXT: Record<PolicyTarget['kind'], string> = {
  account:
    'No policy yet: apps update only when you update them. Choose a window, and the apps out of date on your machines update in it by themselves.',
  group: "No policy for this group yet: its machines follow your account's. Save one to give them their own window.",
  device: 'This machine has no policy of its own. Save one to give it its own window, or to turn its updates off.',
  list: "No policy for this list yet: its apps update with each machine's policy. Save one to update them in a window of their own.",
};

interface Props {
  target: PolicyTarget;
  /** Without the frame and heading (inside a modal or page that has its own). */
  bare?: boolean;
}

/**
 * "Update policy" (Premium): what updates by itself and when, for the account, a group, a machine
 * or a list. A machine's page also says which policy decides for it now. Other plans see what it
 * is and where to get it.
 */
export function UpdatePolicySection({ target, bare = false }: Props) {
  const { data: status, isLoading } = useGetSubscriptionStatusQuery();
  // When the plan cannot be read the section explains the feature; the server decides anyway.
  const included = status ? getPlan(status.currentPlan.name).capabilities.updateSchedules : false;
  const content = isLoading ? (
    <Skeleton height={40} mt="sm" />
  ) : included ? (
    <PolicyEditor target={target} />
  ) : (
    <PremiumNote>
      Update policies are part of Premium: choose a window, on each machine&apos;s own clock, in which out-of-date apps update by
      themselves, and the apps to leave alone.
    </PremiumNote>
  );
  if (bare) return content;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="update-policy-heading">
      <Title order={2} fz="lg" id="update-policy-heading">
        Update policy
      </Title>
      {content}
    </Paper>
  );
}

function PolicyEditor({ target }: { target: PolicyTarget }) {
  const { data, isLoading, isError, refetch } = useGetUpdatePoliciesQuery();
  if (isLoading) return <Skeleton height={120} mt="sm" />;
  if (isError || !data) return <LoadError what="your update policies" onRetry={() => void refetch()} mt="sm" />;
  const policy = data.policies.find((candidate) => {
    switch (target.kind) {
      case 'account':
        return candidate.target === 'account';
      case 'device':
        return candidate.deviceId === target.deviceId;
      case 'group':
        return candidate.groupId === target.groupId;
      case 'list':
        return candidate.listId === target.listId;
    }
  });
  return (
    <>
      {target.kind === 'device' ? <DecidingPolicy deviceId={target.deviceId} /> : null}
      <Suspense fallback={<Skeleton height={120} mt="sm" />}>
        {/* Keyed so that a saved or deleted policy starts the form again from what the server holds. */}
        <UpdatePolicyForm
          key={policy ? `${policy.id}:${policy.updatedAt}` : 'new'}
          target={target}
          policy={policy}
          emptyText={EMPTY_TEXT[target.kind]}
        />
      </Suspense>
    </>
  );
}

/** Which policy decides for this machine now, and its next window on the machine's clock. */
function DecidingPolicy({ deviceId }: { deviceId: string }) {
  const { data } = useGetDeviceUpdatePolicyQuery(deviceId);
  if (!data) return null;
  const lists = data.listPolicies.map((policy) => policy.targetName);
  return (
    <Text size="sm" mt="xs" data-testid="deciding-policy">
      {data.reason}
      {data.nextWindow ? ` Next window on this machine: ${windowLine(data.nextWindow)}.` : ''}
      {lists.length > 0 ? ` The apps of ${lists.join(', ')} follow their list's policy.` : ''}
      {data.machineTimeZone === null ? " Its agent has not told its time zone yet: windows use the policy's." : ''}
    </Text>
  );
}

function windowLine(window: { opensAt: string; timeZone: string }): string {
  return `${new Date(window.opensAt).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: window.timeZone,
  })} (${window.timeZone})`;
}
