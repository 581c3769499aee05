import { Alert, Anchor, Badge, Button, Loader, Paper, Group as Row, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { confirmsByName, nameConfirmed } from '@shared/removal-confirmation';

import {
  useCheckGroupRemovalAgainMutation,
  useConfirmGroupRemovalMutation,
  useKeepGroupRemovalMutation,
  type GroupRemoval,
  type GroupRemovalMachine,
} from '../../api/device-groups';
import { RemovedPackages } from '../../components/removed-packages';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { machineState, removalOutcome, stillAsking, type MachineState, type RemovalOutcome } from './group-removal-words';
import { formatDate, plural } from './group-words';

/** Each state in words and colour (never colour alone). */
const STATE_LOOKS: Readonly<Record<MachineState, { label: string; color: string }>> = {
  asking: { label: 'Asking', color: 'blue' },
  unanswered: { label: 'No answer', color: 'yellow' },
  refused: { label: 'Will not remove', color: 'red' },
  absent: { label: 'Not installed', color: 'gray' },
  stale: { label: 'Answer too old', color: 'yellow' },
  removable: { label: 'Can remove', color: 'green' },
};

function MachineAnswer({ machine, appName, state }: { machine: GroupRemovalMachine; appName: string; state: MachineState }) {
  const { check } = machine;
  const others = check.removes.length - 1;
  const looks = STATE_LOOKS[state];
  let words;
  switch (state) {
    case 'asking':
      words = (
        <Row gap="xs" wrap="nowrap" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Asking it what removing {appName} would take…</Text>
        </Row>
      );
      break;
    case 'unanswered':
      words = <Text size="sm">It did not answer: it may be offline. It keeps {appName} unless you check again while it is online.</Text>;
      break;
    case 'refused':
      words = (
        <Text size="sm">
          Loadout will not remove {appName} here: {check.refused}. It keeps the app.
        </Text>
      );
      break;
    case 'absent':
      words = <Text size="sm">{appName} is no longer installed here: there is nothing to remove.</Text>;
      break;
    default:
      words = (
        <Stack gap={6}>
          <Text size="sm">
            {check.removes.length === 1
              ? `Removing it takes this package, with ${check.manager}:`
              : `Removing it takes these ${check.removes.length} packages, with ${check.manager}; ${plural(others, 'other package')} ${others === 1 ? 'depends' : 'depend'} on ${check.packageId}:`}
          </Text>
          <RemovedPackages answer={check} label={`Packages removed from ${machine.deviceName}`} />
          {state === 'stale' ? (
            <Text size="sm" c="var(--mantine-color-orange-text)" fw={500}>
              This answer is more than 15 minutes old and the machine may have changed: check again before removing.
            </Text>
          ) : null}
        </Stack>
      );
  }
  return (
    <Stack component="li" gap={6} style={{ listStyle: 'none', minWidth: 0 }}>
      <Row gap="xs" wrap="wrap">
        <Anchor
          component={Link}
          to={`/devices/${encodeURIComponent(machine.deviceId)}`}
          fw={600}
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {machine.deviceName}
        </Anchor>
        <Badge size="sm" variant="light" color={looks.color} tt="none" miw="max-content">
          {looks.label}
        </Badge>
      </Row>
      {words}
    </Stack>
  );
}

interface RemovalCardProps {
  groupId: string;
  removal: GroupRemoval;
  /** The page's clock (ms): how old each answer is. */
  now: number;
  /** The removal was confirmed: what started, and which machines were left out. */
  onConfirmed: (outcome: RemovalOutcome) => void;
}

/**
 * One app taken out of the group's lists: what removing it takes on each machine that has it,
 * and the owner's three answers (remove, keep, ask again). Nothing is removed before the click,
 * and a removal that takes many packages on a machine asks for the app's name first, as a single
 * uninstall does.
 */
export function RemovalCard({ groupId, removal, now, onConfirmed }: RemovalCardProps) {
  const [confirm, confirming] = useConfirmGroupRemovalMutation();
  const [keep, keeping] = useKeepGroupRemovalMutation();
  const [checkAgain, checking] = useCheckGroupRemovalAgainMutation();
  const [typedName, setTypedName] = useState('');
  const states = removal.machines.map((machine) => machineState(machine.check, now));
  // An answer too old to act on still counts: the person checks again, then removes.
  const removable = removal.machines.filter((_, index) => states[index] === 'removable' || states[index] === 'stale');
  const stale = states.includes('stale');
  const asking = stillAsking(removal, now);
  // The name is asked once for the whole change when any machine's removal takes many packages (the server asks the same).
  const large = removable.filter((machine) => confirmsByName(machine.check));
  const byName = large.length > 0;
  const canRemove = removable.length > 0 && !stale && (!byName || nameConfirmed(typedName, removal.appName));
  const args = { groupId, removalId: removal.id };
  const headingId = `removal-${removal.id}`;

  async function remove() {
    if (!canRemove || confirming.isLoading) return;
    try {
      const response = await confirm({ ...args, ...(byName ? { confirmName: typedName } : {}) }).unwrap();
      onConfirmed(removalOutcome(removal, response));
    } catch (failure) {
      notify.error(errorMessage(failure, `Failed to remove ${removal.appName}`));
    }
  }

  async function keepIt() {
    try {
      await keep(args).unwrap();
      notify.success(`${removal.appName} stays on the machines. It shows as not declared in the drift.`);
    } catch (failure) {
      notify.error(errorMessage(failure, `Failed to keep ${removal.appName}`));
    }
  }

  async function askAgain() {
    try {
      await checkAgain(args).unwrap();
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to ask the machines again'));
    }
  }

  let why = null;
  if (stale) why = 'Some answers are too old to act on: check again, then remove.';
  else if (removable.length === 0 && !asking)
    why = 'No machine has said it can remove it. Check again once the machines are online, or keep it.';

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-labelledby={headingId} style={{ listStyle: 'none' }}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={3} fz="md" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {removal.appName}
          </Title>
          <Text size="xs" c="dimmed">
            Taken out of the lists {formatDate(removal.createdAt)} · on {plural(removal.machines.length, 'machine')}
          </Text>
        </Stack>
        {removal.machines.length === 0 ? (
          asking ? (
            <Row gap="xs" wrap="nowrap" role="status">
              <Loader size="xs" aria-hidden />
              <Text size="sm">Asking the machines that have it what removing it would take…</Text>
            </Row>
          ) : (
            <Text size="sm">None of its machines can be asked any more (gone, or their answers expired). Check again, or keep it.</Text>
          )
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} aria-label={`What removing ${removal.appName} takes on each machine`}>
            {removal.machines.map((machine, index) => (
              <MachineAnswer key={machine.deviceId} machine={machine} appName={removal.appName} state={states[index] ?? 'asking'} />
            ))}
          </Stack>
        )}
        {byName && !stale ? (
          <TextInput
            label={
              <>
                Type <b>{removal.appName}</b> to confirm
              </>
            }
            description={`On ${large.map((machine) => machine.deviceName).join(', ')}, removing it takes more than a few other packages.`}
            value={typedName}
            onChange={(event) => setTypedName(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void remove();
            }}
            autoComplete="off"
            spellCheck={false}
            aria-label={`Type ${removal.appName} to confirm`}
          />
        ) : null}
        {why ? (
          <Alert color="yellow" variant="light" p="xs">
            <Text size="sm">{why}</Text>
          </Alert>
        ) : null}
        <Row gap="xs" wrap="wrap">
          <Button
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={!canRemove}
            loading={confirming.isLoading}
            onClick={() => void remove()}
            aria-describedby={headingId}
          >
            {removable.length > 0 ? `Remove from ${plural(removable.length, 'machine')}` : 'Remove'}
          </Button>
          <Button size="xs" variant="default" loading={keeping.isLoading} onClick={() => void keepIt()} aria-describedby={headingId}>
            Keep it
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={checking.isLoading}
            disabled={asking}
            onClick={() => void askAgain()}
            aria-describedby={headingId}
          >
            Check again
          </Button>
        </Row>
      </Stack>
    </Paper>
  );
}
