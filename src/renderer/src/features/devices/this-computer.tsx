import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktopPlus, IconDeviceDesktopX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import type { AgentStatus, LoadoutBridge } from '@shared/desktop/bridge';
import { jobProgressText } from '@shared/desktop/status-text';

import { LoadingRow } from '../../components/loading-row';
import { AGENT_STATE } from './device-labels';
import { RemoveThisComputerModal } from './remove-this-computer-modal';
import type { AgentStatusState } from './use-agent-status';
import { useThisComputerActions, type ThisComputerNotice } from './use-this-computer-actions';

function Notice({ notice }: { notice: ThisComputerNotice }) {
  if (notice.kind === 'remove-failed') {
    return <Alert color="red" variant="light" title="Could not remove this computer" />;
  }
  if (notice.kind === 'remove-refused') {
    return (
      <Alert color="yellow" variant="light" title="This computer was not removed">
        <Stack gap={4}>
          <Text size="sm">{notice.reason}</Text>
          <Text size="sm" c="dimmed">
            It keeps its seat and still receives installations. To stop them for now, pause installs from the Loadout icon in the system
            tray.
          </Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" title="Could not add this computer">
      <Stack gap="xs">
        {notice.message ? <Text size="sm">{notice.message}</Text> : null}
        {notice.limitReached ? (
          <Group gap="md">
            <Button component={Link} to="/pricing-page" size="xs">
              Upgrade
            </Button>
            <Text size="sm">Or deactivate a device you no longer use to free a seat.</Text>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** Where this computer's agent is: its state, the job it runs, and whether it is paused. */
function EnrolledState({ status }: { status: AgentStatus }) {
  const state = status.state === 'not-enrolled' ? 'offline' : status.state;
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{status.deviceName ?? 'This computer'}</Text>
        <Badge variant="light" color={AGENT_STATE[state].color}>
          {AGENT_STATE[state].label}
        </Badge>
        {status.paused ? (
          <Badge variant="light" color="yellow">
            Paused
          </Badge>
        ) : null}
      </Group>
      {status.state === 'installing' && status.job ? (
        <Text size="sm" c="dimmed" role="status">
          {jobProgressText(status.job)}
        </Text>
      ) : null}
    </Stack>
  );
}

interface ThisComputerProps {
  bridge: LoadoutBridge;
  agent: AgentStatusState;
  /** Devices and tokens changed on the server: the page fetches both again. */
  onChanged: () => void;
}

/**
 * The desktop window's own machine on the Devices screen: adds it with a one-use token and
 * the desktop client's agent, or removes it, and shows what its agent is doing.
 */
export function ThisComputer({ bridge, agent, onChanged }: ThisComputerProps) {
  const { busy, notice, add, remove } = useThisComputerActions({ bridge, onStatus: agent.setStatus, onChanged });
  const { status } = agent;
  const [confirming, setConfirming] = useState(false);

  let body;
  if (!status) {
    body = agent.failed ? (
      <Alert color="red" variant="light" title="Could not read this computer's state" />
    ) : (
      <LoadingRow label="Checking this computer..." />
    );
  } else if (status.state === 'not-enrolled') {
    body = (
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">This computer is not set up to receive installations yet.</Text>
        <Button
          disabled={busy !== null}
          leftSection={busy === 'adding' ? <Loader size={14} /> : <IconDeviceDesktopPlus size={16} aria-hidden />}
          onClick={() => void add()}
        >
          {busy === 'adding' ? 'Adding...' : 'Add this computer'}
        </Button>
      </Group>
    );
  } else {
    body = (
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <EnrolledState status={status} />
        <Button
          color="red"
          variant="light"
          disabled={busy !== null}
          leftSection={busy === 'removing' ? <Loader size={14} /> : <IconDeviceDesktopX size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          {busy === 'removing' ? 'Removing...' : 'Remove this computer'}
        </Button>
      </Group>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" mb="lg" component="section" aria-labelledby="this-computer-heading">
      <Stack gap="sm">
        <Title order={2} fz="xl" id="this-computer-heading">
          This computer
        </Title>
        {body}
        {status?.problem ? (
          <Alert color="yellow" variant="light">
            {status.problem}
          </Alert>
        ) : null}
        {notice ? <Notice notice={notice} /> : null}
      </Stack>
      <RemoveThisComputerModal
        opened={confirming}
        deviceName={status?.deviceName ?? null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void remove(status?.deviceId ?? null);
        }}
      />
    </Paper>
  );
}
