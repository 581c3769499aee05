import { Alert, Badge, Button, Code, Group, Modal, Paper, Select, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleOff, IconDownload } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';

import { usePreviewInstallationQuery, useStartInstallation, type PreviewResponse } from '../../api/installations';
import { LoadingRow } from '../../components/loading-row';
import { PLATFORM_LABELS } from '../../components/platform-badges';
import { errorMessage } from '../../lib/api-errors';
import { installButtonLabel } from './device-select-modal';
import { devicePlatform, type InstallDevice } from './install-devices';

type PreviewDevice = PreviewResponse['devices'][number];
type PreviewItem = PreviewDevice['items'][number];

const ACTION_LOOK = {
  install: { color: 'blue', icon: IconDownload },
  already_installed: { color: 'green', icon: IconCircleCheck },
  unavailable: { color: 'gray', icon: IconCircleOff },
} as const;

/** What will happen to one app on one machine, in words. */
export function previewItemText(item: PreviewItem): string {
  switch (item.action) {
    case 'install':
      return item.manager ? `Will be installed with ${item.manager}` : 'Will be installed';
    case 'already_installed':
      return item.installedVersion ? `Already installed (${item.installedVersion})` : 'Already installed';
    case 'unavailable':
      return item.reason ?? 'Not available on this machine';
  }
}

/**
 * "checked 3 minutes ago": how old the inventory behind "already installed" is, in words, so an
 * app removed outside Loadout since is not taken for present. Never "just now" past a minute.
 */
export function checkedAgo(at: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(at).getTime()) / 60_000));
  const ago = (value: number, unit: string) => `checked ${value} ${unit}${value === 1 ? '' : 's'} ago`;
  if (minutes < 1) return 'checked just now';
  if (minutes < 60) return ago(minutes, 'minute');
  if (minutes < 1440) return ago(Math.floor(minutes / 60), 'hour');
  return ago(Math.floor(minutes / 1440), 'day');
}

/** The time, again every 30 s: a review left open does not keep saying "just now". */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function count(items: readonly PreviewItem[], action: PreviewItem['action']): number {
  return items.filter((item) => item.action === action).length;
}

function DevicePreview({ device }: { device: PreviewDevice }) {
  const now = useNow();
  const checked = device.inventoryCheckedAt ? checkedAgo(device.inventoryCheckedAt, now) : null;
  const platform = devicePlatform(device.platform);
  const toInstall = count(device.items, 'install');
  const installed = count(device.items, 'already_installed');
  const unavailable = count(device.items, 'unavailable');
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={device.deviceName}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>
            {device.deviceName}{' '}
            <Text span size="sm" c="dimmed" fw={400}>
              · {platform ? PLATFORM_LABELS[platform] : device.platform}
            </Text>
          </Text>
          <Group gap={6}>
            <Badge variant="light" color="blue" tt="none">
              {toInstall} to install
            </Badge>
            {installed > 0 ? (
              <Badge variant="light" color="green" tt="none">
                {installed} already installed
              </Badge>
            ) : null}
            {unavailable > 0 ? (
              <Badge variant="light" color="gray" tt="none">
                {unavailable} not available
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {checked
            ? `Installed apps ${checked}. The agent checks again before installing: an app removed since is installed, one added since is skipped.`
            : 'This machine has not reported its installed apps yet: the agent checks before installing, and an app that is already there is skipped.'}
        </Text>
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
          {device.items.map((item) => {
            const look = ACTION_LOOK[item.action];
            const ActionIcon = look.icon;
            return (
              <Group component="li" key={item.appId} gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon size="sm" variant="light" color={look.color} aria-hidden>
                  <ActionIcon size={14} />
                </ThemeIcon>
                <Stack gap={0} style={{ flex: 1 }} miw={0}>
                  <Text size="sm">{item.name}</Text>
                  {item.packageId ? (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      <Code fz="xs">{item.packageId}</Code>
                    </Text>
                  ) : null}
                </Stack>
                <Text size="sm" c={item.action === 'unavailable' ? 'dimmed' : undefined} ta="right">
                  {previewItemText(item)}
                  {item.action === 'already_installed' && checked ? (
                    <Text span size="sm" c="dimmed">
                      {' '}
                      · {checked}
                    </Text>
                  ) : null}
                </Text>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The one action of this step, for useStartInstallation's pending flag and Idempotency-Key. */
const INSTALL_LIST = 'install-list';

/** When to install: now, or at each machine's next start (a restart or its next connection) within a deadline. */
const WHEN_OPTIONS = [
  { value: 'now', label: 'Now' },
  { value: '1', label: 'At its next start, within a day' },
  { value: '3', label: 'At its next start, within 3 days' },
  { value: '7', label: 'At its next start, within a week' },
];

/** The request's atNextStart for a choice: none for now, else a deadline that many days ahead. */
export function nextStartOf(choice: string, now: number): { atNextStart: { deadline: string } } | Record<string, never> {
  if (choice === 'now') return {};
  return { atNextStart: { deadline: new Date(now + Number(choice) * 86_400_000).toISOString() } };
}

interface InstallPreviewModalProps {
  listId: string;
  listName: string;
  devices: InstallDevice[];
  onBack: () => void;
  onClose: () => void;
}

/** The step after "Select Installation Device": what each chosen machine will install, then install. */
export function InstallPreviewModal({ listId, listName, devices, onBack, onClose }: InstallPreviewModalProps) {
  const deviceIds = devices.map((device) => device.device_id);
  const preview = usePreviewInstallationQuery({ listId, deviceIds }, { refetchOnMountOrArgChange: true });
  const { start, pending } = useStartInstallation();
  const [when, setWhen] = useState('now');

  async function install() {
    if (await start({ listId, deviceIds, kind: 'install', ...nextStartOf(when, Date.now()) }, INSTALL_LIST)) onClose();
  }

  const nothingToInstall = preview.data?.devices.every((device) => count(device.items, 'install') === 0) ?? false;
  let body: ReactNode;
  if (preview.isLoading || (preview.isFetching && !preview.data)) {
    body = <LoadingRow label="Checking what each device has..." />;
  } else if (preview.isError || !preview.data) {
    body = (
      <Alert color="red" variant="light" title={errorMessage(preview.error, 'Failed to load the preview')}>
        <Button size="xs" variant="default" onClick={() => void preview.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else {
    body = (
      <Stack gap="sm">
        {preview.data.devices.map((device) => (
          <DevicePreview key={device.deviceId} device={device} />
        ))}
        {nothingToInstall ? (
          <Alert color="yellow" variant="light">
            Nothing new to install: every app is already installed or not available on these devices. Installing anyway checks again on each
            machine.
          </Alert>
        ) : null}
      </Stack>
    );
  }

  return (
    <Modal opened onClose={onClose} title="Review Installation" centered size="lg">
      <Stack gap="md">
        <Text size="sm">
          What installing{' '}
          <Text span fw={600}>
            {listName}
          </Text>{' '}
          will do on {devices.length === 1 ? 'this device' : `these ${devices.length} devices`}:
        </Text>
        {body}
        <Select
          label="When"
          description={
            when === 'now'
              ? 'Machines that are off install when they next connect.'
              : 'Not now, even on a machine that is on: when it next starts or connects. If it does not before the deadline, nothing runs and you are told.'
          }
          data={WHEN_OPTIONS}
          value={when}
          onChange={(value) => setWhen(value ?? 'now')}
          allowDeselect={false}
          maw={360}
        />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button loading={pending === INSTALL_LIST} disabled={!preview.data} onClick={() => void install()} data-autofocus>
              {installButtonLabel(devices)}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
