import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { formatLastActive } from '@shared/format';

import { useGetListStatusQuery, useStartInstallation, type ListStatus } from '../../api/installations';
import { LoadingRow } from '../../components/loading-row';
import { PLATFORM_LABELS } from '../../components/platform-badges';
import { errorMessage } from '../../lib/api-errors';
import { devicePlatform } from './install-devices';

type StatusDevice = ListStatus['devices'][number];
type StatusApp = StatusDevice['apps'][number];

function platformName(platform: string): string {
  const known = devicePlatform(platform);
  return known ? PLATFORM_LABELS[known] : platform;
}

/** Where one app stands on one device, in words (never colour alone). */
export function appStateText(app: StatusApp, platform: string): string {
  switch (app.state) {
    case 'installed':
      return app.installedVersion ? `Installed ${app.installedVersion}` : 'Installed';
    case 'outdated':
      return app.installedVersion && app.availableVersion
        ? `Out of date ${app.installedVersion} → ${app.availableVersion}`
        : app.availableVersion
          ? `Out of date → ${app.availableVersion}`
          : 'Out of date';
    case 'missing':
      return 'Missing';
    case 'unknown':
      return app.unknownReason === 'not_available' ? `Not available on ${platformName(platform)}` : 'Unknown: not checked yet';
  }
}

const STATE_COLORS: Record<StatusApp['state'], string> = {
  installed: 'green',
  outdated: 'orange',
  missing: 'red',
  unknown: 'gray',
};

/** "3 installed, 1 out of date, 1 missing": the parts that are not zero. */
export function deviceSummary(apps: readonly StatusApp[]): string {
  const count = (test: (app: StatusApp) => boolean) => apps.filter(test).length;
  const parts: Array<[number, string]> = [
    [count((app) => app.state === 'installed'), 'installed'],
    [count((app) => app.state === 'outdated'), 'out of date'],
    [count((app) => app.state === 'missing'), 'missing'],
    [count((app) => app.state === 'unknown' && app.unknownReason !== 'not_available'), 'not checked yet'],
    [count((app) => app.state === 'unknown' && app.unknownReason === 'not_available'), 'not available'],
  ];
  const shown = parts.filter(([n]) => n > 0).map(([n, words]) => `${n} ${words}`);
  return shown.length > 0 ? shown.join(', ') : 'No apps';
}

const outdatedOf = (device: StatusDevice) => device.apps.filter((app) => app.state === 'outdated');

interface UpdateActions {
  /** Which update is being started ("device:dev_…", "all"), so only its button spins. */
  pending: string | null;
  onUpdate: (deviceIds: string[], actionKey: string) => void;
}

function DeviceStatus({ device, pending, onUpdate }: { device: StatusDevice } & UpdateActions) {
  const headingId = `list-status-${device.deviceId}`;
  const outdated = outdatedOf(device).length;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={600} id={headingId}>
              {device.deviceName}
            </Text>
            <Text span size="sm" c="dimmed">
              {platformName(device.platform)}
            </Text>
            <Badge variant="light" color={device.online ? 'green' : 'gray'} tt="none">
              {device.online ? 'Online' : 'Offline'}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {device.inventoryCheckedAt
              ? `Checked ${formatLastActive(device.inventoryCheckedAt).replace('Just now', 'just now')}`
              : 'Not checked yet'}
          </Text>
        </Group>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">{deviceSummary(device.apps)}</Text>
          {outdated > 0 ? (
            <Button
              size="xs"
              variant="light"
              loading={pending === `device:${device.deviceId}`}
              disabled={pending !== null}
              aria-label={`Update ${outdated} ${outdated === 1 ? 'app' : 'apps'} on ${device.deviceName}`}
              onClick={() => onUpdate([device.deviceId], `device:${device.deviceId}`)}
            >
              Update ({outdated})
            </Button>
          ) : null}
        </Group>
        <Table striped={false} verticalSpacing={4} fz="sm" aria-label={`Apps on ${device.deviceName}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>App</Table.Th>
              <Table.Th>State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {device.apps.map((app) => (
              <Table.Tr key={app.appId}>
                <Table.Td>{app.name}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATE_COLORS[app.state]} tt="none" radius="sm">
                    {appStateText(app, device.platform)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

interface ListStatusModalProps {
  listId: string;
  listName: string;
  onClose: () => void;
}

/** "Status on devices": per device that has the list, where each of its apps stands. */
export function ListStatusModal({ listId, listName, onClose }: ListStatusModalProps) {
  const status = useGetListStatusQuery(listId, { refetchOnMountOrArgChange: true });
  const { start, pending } = useStartInstallation();
  const devicesBehind = status.data?.devices.filter((device) => outdatedOf(device).length > 0) ?? [];

  // The list's apps on those devices: each agent updates what is out of date and says "Already up to date" or "Not installed" of the rest.
  async function update(deviceIds: string[], actionKey: string) {
    if (await start({ listId, deviceIds, kind: 'upgrade' }, actionKey)) onClose();
  }

  let body: ReactNode;
  if (status.isLoading || (status.isFetching && !status.data)) {
    body = <LoadingRow label="Loading where this list's apps stand..." />;
  } else if (status.isError || !status.data) {
    body = (
      <Alert color="red" variant="light" title={errorMessage(status.error, 'Failed to load the status of this list')}>
        <Button size="xs" variant="default" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (status.data.devices.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        This list is not on any device yet. Install it to see where its apps stand.
      </Text>
    );
  } else {
    body = (
      <Stack gap="sm">
        {status.data.devices.map((device) => (
          <DeviceStatus key={device.deviceId} device={device} pending={pending} onUpdate={(ids, key) => void update(ids, key)} />
        ))}
      </Stack>
    );
  }

  return (
    <Modal opened onClose={onClose} title={`${listName} on your devices`} centered size="lg">
      <Stack gap="md">
        {body}
        <Group justify="flex-end">
          {devicesBehind.length > 0 ? (
            <Button
              loading={pending === 'all'}
              disabled={pending !== null}
              onClick={() =>
                void update(
                  devicesBehind.map((device) => device.deviceId),
                  'all',
                )
              }
            >
              Update all on {devicesBehind.length} {devicesBehind.length === 1 ? 'device' : 'devices'}
            </Button>
          ) : null}
          <Button variant="default" onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
