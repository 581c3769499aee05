import { Button, Code, Group, Modal, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import type { DeviceToken } from '@shared/api/devices';
import { getPlan } from '@shared/plans';

import { useGetGroupsQuery } from '../../api/device-groups';
import { useCreateTokenMutation } from '../../api/devices';
import { useGetSubscriptionStatusQuery } from '../../api/subscription';
import { notify } from '../../lib/notify';
import { ConnectMachine } from './connect-machine';
import { tokenErrorMessage } from './device-errors';
import { MachineJoined } from './machine-joined';

/** Token generation: 1 ≤ max uses ≤ available seats, refused in the product's words. */
export function maxUsesError(value: number | string, availableSeats: number): string | null {
  if (availableSeats <= 0) return 'No available seats for new devices';
  const number = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(number) || number < 1) return 'Max uses must be at least 1';
  if (number > availableSeats) return `Max uses cannot exceed available seats (${availableSeats})`;
  return null;
}

interface GenerateTokenModalProps {
  opened: boolean;
  availableSeats: number;
  onClose: () => void;
  onGenerated: (token: DeviceToken) => void;
}

/**
 * The device groups a new token may enrol machines into: offered when the plan has groups and the
 * account has some. The groups are only asked for then, and only while the dialog is open.
 */
function useJoinableGroups(opened: boolean) {
  const { data: status } = useGetSubscriptionStatusQuery();
  const included = status ? getPlan(status.currentPlan.name).capabilities.deviceGroups : false;
  const { data } = useGetGroupsQuery(undefined, { skip: !opened || !included });
  if (!included || !data?.available) return [];
  return data.groups.map((group) => ({ value: group.id, label: group.name }));
}

export function GenerateTokenModal({ opened, availableSeats, onClose, onGenerated }: GenerateTokenModalProps) {
  const [value, setValue] = useState<number | string>(1);
  const [touched, setTouched] = useState(false);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [generated, setGenerated] = useState<DeviceToken | null>(null);
  const [createToken, { isLoading }] = useCreateTokenMutation();
  const groups = useJoinableGroups(opened);
  const error = maxUsesError(value, availableSeats);
  const noSeats = availableSeats <= 0;

  function close() {
    setValue(1);
    setTouched(false);
    setGroupId(null);
    setGenerated(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (error) return;
    try {
      // A group deleted meanwhile is no longer offered: only a group still listed is sent.
      const joins = groups.some((group) => group.value === groupId) ? groupId : null;
      const token = await createToken(joins ? { maxUses: Number(value), groupId: joins } : { maxUses: Number(value) }).unwrap();
      notify.success(`Token ${token.code} generated`);
      onGenerated(token);
      setGenerated(token);
    } catch (failure) {
      notify.error(tokenErrorMessage(failure));
    }
  }

  if (generated) {
    return (
      <Modal opened={opened} onClose={close} title="Registration Token Generated" centered size="lg">
        <GeneratedToken token={generated} onDone={close} />
      </Modal>
    );
  }

  return (
    <Modal opened={opened} onClose={close} title="Generate Registration Token" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            A token adds a machine to your account: the Loadout agent on that machine registers with it. It expires after 24 hours or when
            your seats are full.
          </Text>
          <NumberInput
            label="Max Uses"
            description={`How many machines may register with it. Available seats: ${Math.max(0, availableSeats)}`}
            value={value}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            disabled={noSeats}
            error={noSeats || touched ? error : null}
            onChange={(next) => {
              setValue(next);
              setTouched(true);
            }}
          />
          {groups.length > 0 ? (
            <Select
              label="Join group"
              description="Machines enrolled with this token join the group and get its lists. Optional."
              placeholder="No group"
              clearable
              clearButtonProps={{ 'aria-label': 'Clear group' }}
              data={groups}
              value={groupId}
              onChange={setGroupId}
              disabled={noSeats}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={isLoading} disabled={noSeats || (touched && error !== null)}>
              Generate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Where the machine reaches this server: the link's origin (the server's PUBLIC_URL). */
function originOf(link: string): string {
  try {
    return new URL(link).origin;
  } catch {
    return window.location.origin;
  }
}

/** The desktop client's way, under "Other ways" when this server has its installer for the chosen system. */
function DesktopCode({ code }: { code: string }) {
  return (
    <Stack gap={4} component="section" aria-label="The desktop client">
      <Title order={4} fz="md">
        The desktop client
      </Title>
      <Text size="sm">
        Enter the code <Code fw={600}>{code}</Code> in the desktop client on the machine to add, or open the registration link there.
      </Text>
    </Stack>
  );
}

/** The result: the code and its link, then the agent download for the machine to add, with the link in its command. */
export function GeneratedToken({ token, onDone }: { token: DeviceToken; onDone: () => void }) {
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(token.registration_url);
      notify.success('Registration link copied');
    } catch {
      notify.error('Failed to copy registration link');
    }
  }
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Text size="sm">
          Registration code <Code fw={600}>{token.code}</Code>
        </Text>
        {/* Focus starts at the top, so the download below is what comes next, not skipped. */}
        <Button variant="default" size="xs" onClick={() => void copyLink()} data-autofocus>
          Copy registration link
        </Button>
      </Group>
      {token.groupName ? <Text size="sm">Machines enrolled with it join the group {token.groupName} and get its lists.</Text> : null}
      <MachineJoined token={token} />
      <ConnectMachine
        link={token.registration_url}
        origin={originOf(token.registration_url)}
        titleOrder={3}
        desktopWays={() => <DesktopCode code={token.code} />}
      />
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
