import { Anchor, Button, Paper, Group as Row, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { GROUP_LISTS_MAX } from '@shared/api/device-groups';

import { useAttachGroupListMutation, useDetachGroupListMutation, type Group, type GroupList } from '../../api/device-groups';
import { useGetListsQuery } from '../../api/lists';
import { notifyStarted } from '../../components/started-notice';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { formatDate, plural } from './group-words';

function ListRow({ group, list }: { group: Group; list: GroupList }) {
  const [detach, detaching] = useDetachGroupListMutation();

  async function remove() {
    try {
      await detach({ groupId: group.id, listId: list.listId }).unwrap();
      notify.success(
        group.removeTakenOut
          ? `“${list.listName}” is no longer one of ${group.name}’s lists. Machines that have its apps are asked what removing them would take; nothing is removed until you confirm.`
          : `“${list.listName}” is no longer one of ${group.name}’s lists. Nothing was uninstalled.`,
      );
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to detach the list'));
    }
  }

  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Row justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`/app-list?list=${encodeURIComponent(list.listId)}`} fw={500}>
            {list.listName}
          </Anchor>
          <Text size="xs" c="dimmed">
            {plural(list.appCount, 'app')} · Attached {formatDate(list.addedAt)}
          </Text>
        </Stack>
        {/* Taking a list out installs nothing, so it stays possible without the plan. */}
        <Button
          size="xs"
          variant="default"
          loading={detaching.isLoading}
          onClick={() => void remove()}
          aria-label={`Detach ${list.listName}`}
        >
          Detach
        </Button>
      </Row>
    </Paper>
  );
}

/** What becomes of an app that leaves the lists: the group's setting, in words. Without the plan nothing is offered. */
function TakenOutWords({ group, editable }: { group: Group; editable: boolean }) {
  if (group.removeTakenOut && editable)
    return (
      <Text size="sm">
        <Text span fw={600}>
          Apps taken out are offered for removal.
        </Text>{' '}
        When an app leaves these lists, or a list is detached, each machine that has it is asked what removing it would take. Nothing is
        removed until you confirm, under Removals to confirm.
      </Text>
    );
  return (
    <Text size="sm">
      <Text span fw={600}>
        Apps taken out stay on the machines.
      </Text>{' '}
      When an app leaves these lists, or a list is detached, nothing is uninstalled: it shows as not declared in the drift.
      {editable ? ' Edit the group to have their removal offered instead.' : ''}
    </Text>
  );
}

/** The group's desired state: the lists every machine in it should have. */
export function GroupListsSection({ group, editable }: { group: Group; editable: boolean }) {
  const lists = useGetListsQuery(undefined, { skip: !editable });
  const [attach, attaching] = useAttachGroupListMutation();
  const [chosen, setChosen] = useState<string | null>(null);
  const attached = new Set(group.lists.map((list) => list.listId));
  const options = (lists.data ?? []).filter((list) => !attached.has(list.id)).map((list) => ({ value: list.id, label: list.name }));
  const full = group.lists.length >= GROUP_LISTS_MAX;

  async function add() {
    const list = lists.data?.find((candidate) => candidate.id === chosen);
    if (!list) return;
    try {
      const result = await attach({ groupId: group.id, listId: list.id }).unwrap();
      setChosen(null);
      const machines = result.group.members.length;
      if (result.installationIds.length > 0)
        notifyStarted(`Installing “${list.name}” on ${plural(machines, 'machine')}`, result.installationIds);
      else
        notify.success(
          machines === 0
            ? `“${list.name}” is now one of ${group.name}’s lists. Machines get it as they join.`
            : `“${list.name}” is now one of ${group.name}’s lists. Its machines have its apps already.`,
        );
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to attach the list'));
    }
  }

  let picker = null;
  if (editable && full) {
    picker = (
      <Text size="sm" c="dimmed">
        A group holds at most {GROUP_LISTS_MAX} lists. Detach one to attach another.
      </Text>
    );
  } else if (editable && lists.isError) {
    picker = (
      <Text size="sm" c="red">
        {errorMessage(lists.error, 'Failed to fetch lists')}
      </Text>
    );
  } else if (editable && lists.data && lists.data.length === 0) {
    picker = (
      <Text size="sm" c="dimmed">
        You have no list to attach yet.{' '}
        <Anchor component={Link} to="/app-list" size="sm" underline="always">
          Create one on the Lists screen
        </Anchor>
        .
      </Text>
    );
  } else if (editable) {
    picker = (
      <Row align="flex-end" gap="xs" wrap="wrap">
        <Select
          label="Attach a list"
          placeholder={lists.isLoading ? 'Loading your lists...' : options.length === 0 ? 'Every list is attached' : 'Choose a list'}
          searchable
          data={options}
          value={chosen}
          onChange={setChosen}
          disabled={options.length === 0}
          nothingFoundMessage="No list has that name"
          style={{ flex: '1 1 14rem' }}
        />
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={!chosen}
          loading={attaching.isLoading}
          onClick={() => void add()}
        >
          Attach
        </Button>
      </Row>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="group-lists-heading">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="group-lists-heading">
            Lists
          </Title>
          <Text size="sm" c="dimmed">
            What every machine in the group should have. An attached list is installed on its machines at once, and on each machine that
            joins later.
          </Text>
        </Stack>
        <TakenOutWords group={group} editable={editable} />
        {group.lists.length === 0 ? (
          <Text size="sm" c="dimmed">
            No lists yet: attach one, and its apps are installed on the group&apos;s machines.
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} aria-label={`Lists of ${group.name}`}>
            {group.lists.map((list) => (
              <ListRow key={list.listId} group={group} list={list} />
            ))}
          </Stack>
        )}
        {picker}
      </Stack>
    </Paper>
  );
}
