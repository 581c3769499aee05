import { Anchor, Button, EmptyState, Paper, Group as Row, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconServer2 } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { GROUPS_MAX } from '@shared/api/device-groups';

import { useCreateGroupMutation, useGetGroupsQuery, type GroupSummary } from '../../api/device-groups';
import { LoadError } from '../../components/load-error';
import { LoadingRow } from '../../components/loading-row';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../lib/notify';
import { DriftBadge, GroupsPremiumNote } from './group-parts';
import { plural, ruleWords } from './group-words';

// The form brings zod and the shared schemas: it loads when the person opens it.
const NewGroupModal = lazy(() => import('./group-modals').then((m) => ({ default: m.NewGroupModal })));

const NO_PLAN_ID = 'groups-plan-note';

function GroupCard({ group }: { group: GroupSummary }) {
  const headingId = `group-${group.id}`;
  const rule = ruleWords(group.rule);
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-labelledby={headingId} style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        <Anchor component={Link} to={`/groups/${encodeURIComponent(group.id)}`} fw={600} fz="lg" id={headingId}>
          {group.name}
        </Anchor>
        <Text size="sm" c={rule ? undefined : 'dimmed'}>
          {rule ? `Rule: ${rule}` : 'No rule: machines join by hand or with its token'}
        </Text>
        <Text size="sm">
          {plural(group.memberCount, 'machine')} · {plural(group.listCount, 'list')}
        </Text>
        <div>
          <DriftBadge group={group} />
        </div>
      </Stack>
    </Paper>
  );
}

function GroupsEmptyState({ onNew, available }: { onNew: () => void; available: boolean }) {
  return (
    <EmptyState
      py={48}
      variant="light"
      icon={<IconServer2 size={32} aria-hidden />}
      title="No groups yet"
      description="Group machines to give them the same apps: a group holds lists, and every machine in it gets them, whether you add it by hand, it matches the group's rule (platform, name, tag) or it enrols with the group's token. Loadout then shows which machines drifted from those lists, to bring them back in line."
    >
      <EmptyState.Actions>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={onNew}
          disabled={!available}
          aria-describedby={available ? undefined : NO_PLAN_ID}
        >
          New group
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** /groups: the account's device groups, each with its rule, its size and how far its machines drifted. */
export function GroupsPage() {
  const query = useGetGroupsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [create, created] = useCreateGroupMutation();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const available = query.data?.available ?? false;
  const full = (query.data?.groups.length ?? 0) >= GROUPS_MAX;
  // Why New group is disabled, said beside it rather than left to the server's refusal.
  const why = !query.data ? null : !available ? NO_PLAN_ID : full ? 'groups-full' : null;

  async function submit(request: Parameters<typeof create>[0]) {
    const group = await create(request).unwrap();
    setCreating(false);
    notify.success(`Group “${group.name}” created`);
    void navigate(`/groups/${encodeURIComponent(group.id)}`);
  }

  let body;
  if (query.isLoading) {
    body = <LoadingRow label="Loading your groups..." />;
  } else if (query.isError || !query.data) {
    body = <LoadError what="your groups" onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (query.data.groups.length === 0) {
    body = <GroupsEmptyState available={available} onNew={() => setCreating(true)} />;
  } else {
    body = (
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="md" p={0} m={0} aria-label="Groups">
        {query.data.groups.map((group) => (
          <GroupCard key={group.id} group={group} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack maw={960} mx="auto" p="lg" gap={0}>
      <Row justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="md">
        <div style={{ flex: '1 1 20rem', minWidth: 0 }}>
          <PageHeader
            title="Groups"
            description="Machines that should have the same apps: each group's lists are installed on its machines, and what drifted from them shows here."
          />
        </div>
        {query.data && query.data.groups.length > 0 ? (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
            disabled={why !== null}
            aria-describedby={why ?? undefined}
          >
            New group
          </Button>
        ) : null}
      </Row>
      {query.data && !available ? (
        <Paper withBorder radius="md" p="md" mb="md">
          <GroupsPremiumNote id={NO_PLAN_ID} hasGroups={query.data.groups.length > 0} />
        </Paper>
      ) : null}
      {query.data && available && full ? (
        <Text id="groups-full" size="sm" c="dimmed" mb="md">
          You have {GROUPS_MAX} groups, the most one account may have. Delete one to make another.
        </Text>
      ) : null}
      {body}
      {creating ? (
        <Suspense fallback={null}>
          <NewGroupModal loading={created.isLoading} onSubmit={submit} onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
