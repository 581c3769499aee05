import { Anchor, Badge, Button, Paper, Group as Row, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { platformDisplayName } from '@shared/format';

import { useAddGroupMemberMutation, useRemoveGroupMemberMutation, type Group, type GroupMember } from '../../api/device-groups';
import { useDeviceList } from '../../api/devices';
import { notifyStarted } from '../../components/started-notice';
import { errorMessage } from '../../lib/api-errors';
import { isEnrolled } from '../../lib/enrolled-machine';
import { notify } from '../../lib/notify';
import { formatDate, MEMBER_SOURCE_WORDS } from './group-words';

function MemberRow({ group, member }: { group: Group; member: GroupMember }) {
  const [remove, removing] = useRemoveGroupMemberMutation();
  const headingId = `member-${member.deviceId}`;

  async function leave() {
    try {
      await remove({ groupId: group.id, deviceId: member.deviceId }).unwrap();
      notify.success(`${member.deviceName} left ${group.name}. Nothing was uninstalled.`);
    } catch (failure) {
      // A machine in by the rule leaves only by changing the rule: the server says so in its words.
      notify.error(errorMessage(failure, 'Failed to remove the machine'));
    }
  }

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-labelledby={headingId} style={{ listStyle: 'none' }}>
      <Row justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Row gap="xs" wrap="wrap">
            <Anchor
              component={Link}
              to={`/devices/${encodeURIComponent(member.deviceId)}`}
              fw={500}
              id={headingId}
              style={{ overflowWrap: 'anywhere' }}
            >
              {member.deviceName}
            </Anchor>
            <Text span size="sm" c="dimmed">
              {platformDisplayName(member.platform)}
            </Text>
            {member.tags.map((tag) => (
              <Badge key={tag} size="sm" variant="outline" color="gray" tt="none" miw="max-content" aria-label={`Tag ${tag}`}>
                {tag}
              </Badge>
            ))}
          </Row>
          <Text size="xs" c="dimmed">
            {MEMBER_SOURCE_WORDS[member.source]} · Joined {formatDate(member.joinedAt)}
          </Text>
        </Stack>
        {/* Taking a machine out installs nothing, so it stays possible without the plan; the rule holds its own members. */}
        {member.source === 'rule' ? (
          <Text size="xs" c="dimmed" maw={220}>
            Leaves when it no longer matches the rule.
          </Text>
        ) : (
          <Button
            size="xs"
            variant="default"
            loading={removing.isLoading}
            onClick={() => void leave()}
            aria-label={`Remove ${member.deviceName}`}
          >
            Remove
          </Button>
        )}
      </Row>
    </Paper>
  );
}

/** The machines in the group, how each joined, and adding one of the account's enrolled machines by hand. */
export function GroupMachinesSection({ group, editable }: { group: Group; editable: boolean }) {
  const devices = useDeviceList({ skip: !editable });
  const [add, adding] = useAddGroupMemberMutation();
  const [chosen, setChosen] = useState<string | null>(null);
  const members = new Set(group.members.map((member) => member.deviceId));
  // Only machines that run the agent can be kept in line; a browser signed in as a device cannot join.
  const enrolled = (devices.data ?? []).filter(isEnrolled);
  const options = enrolled
    .filter((device) => !members.has(device.device_id))
    .map((device) => ({ value: device.device_id, label: `${device.device_name} (${platformDisplayName(device.platform)})` }));

  async function join() {
    const device = enrolled.find((candidate) => candidate.device_id === chosen);
    if (!device) return;
    try {
      const result = await add({ groupId: group.id, deviceId: device.device_id }).unwrap();
      setChosen(null);
      if (result.installationIds.length > 0)
        notifyStarted(`Installing ${group.name}’s lists on ${device.device_name}`, result.installationIds);
      else
        notify.success(
          group.lists.length === 0
            ? `${device.device_name} joined ${group.name}.`
            : `${device.device_name} joined ${group.name}. It has the group’s apps already.`,
        );
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to add the machine'));
    }
  }

  let picker = null;
  if (editable && devices.isError) {
    picker = (
      <Text size="sm" c="red">
        {errorMessage(devices.error, 'Failed to load devices')}
      </Text>
    );
  } else if (editable && devices.data && enrolled.length === 0) {
    picker = (
      <Text size="sm" c="dimmed">
        You have no enrolled machine to add: only machines that run the Loadout agent or desktop client, added with a registration token,
        can join a group.{' '}
        <Anchor component={Link} to="/devices" size="sm" underline="always">
          Add one on the Devices screen
        </Anchor>
        .
      </Text>
    );
  } else if (editable) {
    picker = (
      <Row align="flex-end" gap="xs" wrap="wrap">
        <Select
          label="Add a machine"
          placeholder={
            devices.isLoading ? 'Loading your machines...' : options.length === 0 ? 'Every machine is in this group' : 'Choose a machine'
          }
          searchable
          data={options}
          value={chosen}
          onChange={setChosen}
          disabled={options.length === 0}
          nothingFoundMessage="No machine has that name"
          style={{ flex: '1 1 14rem' }}
        />
        <Button leftSection={<IconPlus size={16} aria-hidden />} disabled={!chosen} loading={adding.isLoading} onClick={() => void join()}>
          Add
        </Button>
      </Row>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="group-machines-heading">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="group-machines-heading">
            Machines
          </Title>
          <Text size="sm" c="dimmed">
            A machine added here gets the group&apos;s lists at once. One that leaves keeps what it has: nothing is uninstalled.
          </Text>
        </Stack>
        {group.members.length === 0 ? (
          <Text size="sm" c="dimmed">
            No machines yet: add one below, give the group a rule, or enrol machines with a registration token made for this group (Devices
            screen, Generate Token).
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} aria-label={`Machines in ${group.name}`}>
            {group.members.map((member) => (
              <MemberRow key={member.deviceId} group={group} member={member} />
            ))}
          </Stack>
        )}
        {picker}
      </Stack>
    </Paper>
  );
}
