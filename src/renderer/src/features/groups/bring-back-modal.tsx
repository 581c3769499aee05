import { Alert, Anchor, Button, Modal, Paper, Group as Row, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { useBringBackInLineMutation, usePreviewBringBackQuery, type BringBackPreview } from '../../api/device-groups';
import { LoadingRow } from '../../components/loading-row';
import { notifyStarted } from '../../components/started-notice';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { plural } from './group-words';

type PreviewMachine = BringBackPreview['machines'][number];

const hasWork = (machine: PreviewMachine) => machine.install.length > 0 || machine.update.length > 0;

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Stack component="ul" gap={0} p={0} m={0} pl="md">
        {children}
      </Stack>
    </Stack>
  );
}

function MachinePlan({ machine, onLeave }: { machine: PreviewMachine; onLeave: () => void }) {
  const headingId = `bring-back-${machine.deviceId}`;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={3} fz="md" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {machine.deviceName}
        </Title>
        {hasWork(machine) ? null : (
          <Text size="sm" c="dimmed">
            Nothing to install or update here.
          </Text>
        )}
        {machine.install.length > 0 ? (
          <Part title={`Will install (${machine.install.length})`}>
            {machine.install.map((app) => (
              <Text component="li" size="sm" key={app.appId}>
                {app.name}
                {app.version ? ` ${app.version}` : ''}
              </Text>
            ))}
          </Part>
        ) : null}
        {machine.update.length > 0 ? (
          <Part title={`Will update (${machine.update.length})`}>
            {machine.update.map((app) => (
              <Text component="li" size="sm" key={app.appId}>
                {app.name}: {app.from} → {app.to}
              </Text>
            ))}
          </Part>
        ) : null}
        {machine.extra.length > 0 ? (
          <Stack gap={2}>
            <Part title={`Will not be removed (${machine.extra.length})`}>
              {machine.extra.map((app) => (
                <Text component="li" size="sm" key={app.appId}>
                  {app.name}
                </Text>
              ))}
            </Part>
            <Text size="xs" c="dimmed">
              Not in any of its groups’ lists, but bringing a machine back in line never removes anything. Remove them one by one from{' '}
              <Anchor
                component={Link}
                to={`/devices/${encodeURIComponent(machine.deviceId)}`}
                size="xs"
                underline="always"
                onClick={onLeave}
              >
                {machine.deviceName}’s page
              </Anchor>
              , after their removal check shows what else would go.
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

interface BringBackModalProps {
  groupId: string;
  /** One machine, or every drifted member of the group when absent. */
  deviceIds?: string[];
  title: string;
  onClose: () => void;
}

/** "Bring back in line": what would be installed and updated on each machine, and what stays; Confirm starts it. */
export function BringBackModal({ groupId, deviceIds, title, onClose }: BringBackModalProps) {
  const preview = usePreviewBringBackQuery({ groupId, deviceIds }, { refetchOnMountOrArgChange: true });
  const [bringBack, bringing] = useBringBackInLineMutation();
  const machines = preview.data?.machines ?? [];
  const working = machines.filter(hasWork);

  async function confirm() {
    try {
      const result = await bringBack({ groupId, deviceIds }).unwrap();
      onClose();
      if (result.installationIds.length > 0)
        notifyStarted(`Bringing ${plural(working.length, 'machine')} back in line`, result.installationIds);
      else notify.info('Nothing was started: the machines are already in line.');
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to bring the machines back in line'));
    }
  }

  let body: ReactNode;
  if (preview.isLoading || (preview.isFetching && !preview.data)) {
    body = <LoadingRow label="Working out what to install and update..." />;
  } else if (preview.isError || !preview.data) {
    body = (
      <Alert color="red" variant="light" title={errorMessage(preview.error, 'Failed to work out what bringing back in line would do')}>
        <Button size="xs" variant="default" onClick={() => void preview.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (machines.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No machine has drifted: there is nothing to bring back in line.
      </Text>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Text size="sm">
          {working.length === 0
            ? 'Nothing to install or update: what differs is only apps the lists do not declare, which are never removed from here.'
            : `Installs what is missing (at its pin), moves apps back to their pins and updates what is out of date on ${plural(working.length, 'machine')}. Machines that are offline get it when they connect.`}
        </Text>
        {machines.map((machine) => (
          <MachinePlan key={machine.deviceId} machine={machine} onLeave={onClose} />
        ))}
      </Stack>
    );
  }

  return (
    <Modal opened onClose={onClose} title={title} centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        {body}
        <Row justify="flex-end">
          {/* Focus starts on Cancel: Confirm is disabled until the preview has arrived. */}
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} loading={bringing.isLoading} disabled={working.length === 0}>
            Confirm
          </Button>
        </Row>
      </Stack>
    </Modal>
  );
}
