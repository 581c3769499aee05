import { Anchor, Badge, Paper, Group as Row, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

import { WEEKDAYS, type UpdatePolicy } from '@shared/api/update-policies';

import { useGetUpdatePoliciesQuery } from '../../api/update-policies';
import { BackLink } from '../../components/back-link';
import { LoadError } from '../../components/load-error';
import { LoadingRow } from '../../components/loading-row';
import { PageHeader } from '../../components/page-header';
import { UpdatePolicySection } from '../../components/update-policy-section';
import { usePlanIncludes } from '../../components/use-plan-includes';
import { RolloutsSection } from './rollouts-section';

const TARGET_WORDS: Record<UpdatePolicy['target'], string> = {
  account: 'Account',
  group: 'Group',
  device: 'Machine',
  list: 'List',
};

const MODE_WORDS: Record<UpdatePolicy['mode'], string> = {
  all: 'All updates',
  security: 'Security only',
  off: 'Off',
};

/** Where a policy is edited: the account's here, the others beside what they apply to. */
function placeOf(policy: UpdatePolicy): string | null {
  if (policy.deviceId) return `/devices/${encodeURIComponent(policy.deviceId)}`;
  if (policy.groupId) return `/groups/${encodeURIComponent(policy.groupId)}`;
  if (policy.listId) return '/app-list';
  return null;
}

/** "Daily, 03:00 for 2 hours" / "Weekly on Sunday, 04:30 for 1 hour 30 minutes". */
export function timingWords(policy: Pick<UpdatePolicy, 'cadence' | 'weekday' | 'time' | 'windowMinutes'>): string {
  const hours = Math.floor(policy.windowMinutes / 60);
  const minutes = policy.windowMinutes % 60;
  const length = [hours > 0 ? `${hours} hour${hours === 1 ? '' : 's'}` : '', minutes > 0 ? `${minutes} minutes` : '']
    .filter(Boolean)
    .join(' ');
  const when = policy.cadence === 'weekly' && policy.weekday !== null ? `Weekly on ${WEEKDAYS[policy.weekday]}` : 'Daily';
  return `${when}, ${policy.time} for ${length}`;
}

function PolicyRow({ policy }: { policy: UpdatePolicy }) {
  const place = placeOf(policy);
  const headingId = `policy-${policy.id}`;
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-labelledby={headingId} style={{ listStyle: 'none' }}>
      <Row justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {TARGET_WORDS[policy.target]}
          </Text>
          {place ? (
            <Anchor component={Link} to={place} fw={600} id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {policy.targetName}
            </Anchor>
          ) : (
            <Text fw={600} id={headingId}>
              {policy.targetName}
            </Text>
          )}
        </Stack>
        <Badge variant="light" color={policy.mode === 'off' ? 'gray' : policy.mode === 'security' ? 'orange' : 'teal'}>
          {MODE_WORDS[policy.mode]}
        </Badge>
      </Row>
      <Text size="sm" mt={6}>
        {timingWords(policy)}
        {policy.exceptions.length > 0 ? ` · leaves ${policy.exceptions.map((app) => app.name).join(', ')} alone` : ''}
      </Text>
    </Paper>
  );
}

/**
 * /updates: the account's own update policy, and every other policy with what it applies to.
 * Which one decides for a machine is said once here and on each machine's page.
 */
export function UpdatePoliciesPage() {
  const included = usePlanIncludes('updateSchedules');
  const ringsIncluded = usePlanIncludes('deviceGroups');
  const query = useGetUpdatePoliciesQuery(undefined, { skip: included !== true });
  const others = (query.data?.policies ?? []).filter((policy) => policy.target !== 'account');

  let list;
  if (included !== true) list = null;
  else if (query.isLoading) list = <LoadingRow label="Loading your update policies..." />;
  else if (query.isError || !query.data)
    list = <LoadError what="your update policies" onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (others.length === 0)
    list = (
      <Text size="sm" c="dimmed">
        None yet. A machine&apos;s page, a group&apos;s page and a list&apos;s menu each have an Update policy of their own, for when some
        machines or apps need another window, security updates only, or no automatic updates at all.
      </Text>
    );
  else
    list = (
      <Stack component="ul" gap="sm" p={0} m={0} aria-label="Other update policies">
        {others.map((policy) => (
          <PolicyRow key={policy.id} policy={policy} />
        ))}
      </Stack>
    );

  return (
    <Stack maw={960} mx="auto" p="lg" gap="lg">
      <div>
        <BackLink to="/settings">Settings</BackLink>
        <PageHeader
          title="Update policies"
          description="When Loadout updates your apps by itself: in a maintenance window on each machine's own clock, all updates or security updates only, leaving the apps you choose alone."
        />
      </div>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="account-policy-heading">
        <Title order={2} fz="lg" id="account-policy-heading">
          Your account
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          Every machine follows this policy unless it, or one of its groups, has its own; a list&apos;s policy decides for that list&apos;s
          apps.
        </Text>
        <UpdatePolicySection target={{ kind: 'account' }} bare />
      </Paper>
      {included === true ? (
        <section aria-labelledby="other-policies-heading">
          <Title order={2} fz="lg" mb="sm" id="other-policies-heading">
            Machines, groups and lists with their own policy
          </Title>
          {list}
        </section>
      ) : null}
      {ringsIncluded === true ? <RolloutsSection /> : null}
    </Stack>
  );
}
