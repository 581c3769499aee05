import { Alert, Anchor, Button, Paper, Group as Row, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { ErrorCode } from '@shared/api/error-codes';

import {
  useDeleteGroupMutation,
  useGetGroupQuery,
  useGetGroupsQuery,
  useUpdateGroupMutation,
  type Group,
  type GroupRule,
} from '../../api/device-groups';
import { BackLink } from '../../components/back-link';
import { ConfirmModal } from '../../components/confirm-modal';
import { LoadError } from '../../components/load-error';
import { LoadingRow } from '../../components/loading-row';
import { UpdatePolicySection } from '../../components/update-policy-section';
import { errorCode, errorMessage, errorStatus } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { GroupDriftSection } from './group-drift-section';
import { GroupListsSection } from './group-lists-section';
import { GroupMachinesSection } from './group-machines-section';
import { DriftBadge, GroupsPremiumNote } from './group-parts';
import { GroupRemovalsSection } from './group-removals-section';
import { ruleWords } from './group-words';

// The forms bring zod and the shared schemas: they load when the person opens one.
const EditGroupModal = lazy(() => import('./group-modals').then((m) => ({ default: m.EditGroupModal })));
const EditRuleModal = lazy(() => import('./group-modals').then((m) => ({ default: m.EditRuleModal })));

type Dialog = 'edit' | 'rule' | 'remove-rule' | 'delete';

function RuleSection({ group, editable, onEdit, onRemove }: { group: Group; editable: boolean; onEdit: () => void; onRemove: () => void }) {
  const words = ruleWords(group.rule);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="group-rule-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="group-rule-heading">
          Rule
        </Title>
        {words ? (
          <Text size="sm">
            <Text span fw={600}>
              {words}
            </Text>{' '}
            join by themselves, now and when they enrol.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No rule: machines join when you add them by hand, or when they enrol with a registration token made for this group.
          </Text>
        )}
        {editable ? (
          <Row gap="xs" wrap="wrap">
            <Button size="xs" variant="default" onClick={onEdit}>
              {words ? 'Edit rule' : 'Add a rule'}
            </Button>
            {words ? (
              <Button size="xs" variant="default" onClick={onRemove}>
                Remove rule
              </Button>
            ) : null}
          </Row>
        ) : null}
        <Text size="xs" c="dimmed">
          To enrol new machines straight into this group, choose it when you generate a registration token on the{' '}
          <Anchor component={Link} to="/devices" size="xs" underline="always">
            Devices
          </Anchor>{' '}
          screen.
        </Text>
      </Stack>
    </Paper>
  );
}

/** /groups/:id: one group, its rule, the lists its machines should have, its machines and their drift. */
export function GroupPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useGetGroupQuery(id, { refetchOnMountOrArgChange: true });
  // Whether the plan includes groups: the list's answer says it (the same cache entry as the Groups screen).
  const all = useGetGroupsQuery();
  const [update, updating] = useUpdateGroupMutation();
  const [remove, removing] = useDeleteGroupMutation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  // Until the answer says otherwise, act as allowed: the server refuses what the plan does not include anyway.
  const available = all.data ? all.data.available : !all.isLoading;
  const group = query.data;

  async function edit(change: { name?: string; removeTakenOut?: boolean }) {
    if (change.name === undefined && change.removeTakenOut === undefined) {
      close();
      return;
    }
    const saved = await update({ groupId: id, ...change }).unwrap();
    close();
    if (change.name !== undefined) notify.success(`Group renamed to “${saved.name}”`);
    if (change.removeTakenOut !== undefined)
      notify.success(
        saved.removeTakenOut
          ? `Apps taken out of ${saved.name}’s lists from now on are offered for removal. Nothing is removed until you confirm.`
          : `Apps taken out of ${saved.name}’s lists stay on its machines.`,
      );
  }

  async function saveRule(rule: GroupRule | null) {
    await update({ groupId: id, rule }).unwrap();
    close();
    notify.success(rule ? 'Rule saved' : 'Rule removed. Machines that joined by it left the group; nothing was uninstalled.');
  }

  async function removeRule() {
    try {
      await saveRule(null);
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to remove the rule'));
    }
  }

  async function deleteGroup() {
    if (!group) return;
    try {
      await remove(id).unwrap();
      close();
      notify.success(`Group “${group.name}” deleted. Nothing was uninstalled from its machines.`);
      void navigate('/groups');
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to delete the group'));
    }
  }

  let body;
  if (query.isLoading) {
    body = <LoadingRow label="Loading the group..." />;
  } else if (errorCode(query.error) === ErrorCode.GROUP_NOT_FOUND || errorStatus(query.error) === 404) {
    body = (
      <Stack gap="sm">
        <Title order={1} fz={30}>
          Group not found
        </Title>
        <Alert color="yellow" variant="light">
          It may have been deleted. Your groups are listed on the{' '}
          {/* The alert's own text colour, underlined: the link colour on the yellow alert falls short of contrast in dark mode. */}
          <Anchor component={Link} to="/groups" underline="always" c="inherit" fw={600}>
            Groups
          </Anchor>{' '}
          screen.
        </Alert>
      </Stack>
    );
  } else if (query.isError || !group) {
    // Every state of the page has its heading: a person (or a screen reader) landing here knows where they are.
    body = (
      <Stack gap="sm">
        <Title order={1} fz={30}>
          Group
        </Title>
        <LoadError what="this group" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md">
        <Row justify="space-between" wrap="wrap" gap="sm" align="flex-start">
          <Stack gap={6} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Title order={1} fz={30} style={{ overflowWrap: 'anywhere' }}>
              {group.name}
            </Title>
            <div>
              <DriftBadge group={group} />
            </div>
          </Stack>
          <Row gap="xs" wrap="wrap">
            {available ? (
              <Button variant="default" size="xs" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setDialog('edit')}>
                Edit
              </Button>
            ) : null}
            {/* Deleting stays possible without the plan, as with other Premium features: it only tidies up. */}
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => setDialog('delete')}
            >
              Delete
            </Button>
          </Row>
        </Row>
        {available ? null : (
          <Paper withBorder radius="md" p="md">
            <GroupsPremiumNote hasGroups />
          </Paper>
        )}
        <GroupRemovalsSection group={group} />
        <RuleSection group={group} editable={available} onEdit={() => setDialog('rule')} onRemove={() => setDialog('remove-rule')} />
        <GroupListsSection group={group} editable={available} />
        <GroupMachinesSection group={group} editable={available} />
        <GroupDriftSection group={group} editable={available} />
        {available ? <UpdatePolicySection target={{ kind: 'group', groupId: group.id }} /> : null}
      </Stack>
    );
  }

  return (
    <Stack maw={960} mx="auto" p="lg" gap={0}>
      <BackLink to="/groups">All groups</BackLink>
      {body}
      {group && dialog === 'edit' ? (
        <Suspense fallback={null}>
          <EditGroupModal group={group} loading={updating.isLoading} onSubmit={edit} onClose={close} />
        </Suspense>
      ) : null}
      {group && dialog === 'rule' ? (
        <Suspense fallback={null}>
          <EditRuleModal group={group} loading={updating.isLoading} onSubmit={saveRule} onClose={close} />
        </Suspense>
      ) : null}
      <ConfirmModal
        opened={group !== undefined && dialog === 'remove-rule'}
        title="Remove the rule?"
        confirmLabel="Remove rule"
        loading={updating.isLoading}
        onConfirm={() => void removeRule()}
        onClose={close}
      >
        Machines that joined {group?.name} by its rule leave it; those you added by hand or that enrolled with its token stay. Nothing is
        uninstalled from any machine.
      </ConfirmModal>
      <ConfirmModal
        opened={group !== undefined && dialog === 'delete'}
        title="Delete group?"
        confirmLabel="Delete group"
        danger
        loading={removing.isLoading}
        onConfirm={() => void deleteGroup()}
        onClose={close}
      >
        “{group?.name}” and its rule are deleted, and its machines are no longer kept in line with its lists. Nothing is uninstalled from
        any machine, and the lists themselves stay.
      </ConfirmModal>
    </Stack>
  );
}
