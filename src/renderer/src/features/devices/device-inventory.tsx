import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowUpCircle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';

import type { JobKind } from '@shared/agent/protocol';
import type { Device } from '@shared/api/devices';
import { formatLastActive } from '@shared/format';

import {
  useGetDeviceInventoryQuery,
  useRefreshDeviceInventoryMutation,
  useReleaseHeldUpdateMutation,
  useStartInstallation,
} from '../../api/installations';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { appKey, InventoryTable } from './inventory-table';
import { UninstallAppModal, type InventoryApp, type RemovalConfirmation } from './uninstall-app-modal';

/**
 * "Installed apps": the catalogue apps the machine's agent found, with newer versions where
 * there are, and an Update, Uninstall or Update all that starts an installation of that kind.
 */
export function DeviceInventory({ device, online }: { device: Device; online: boolean }) {
  const query = useGetDeviceInventoryQuery(device.device_id, { refetchOnMountOrArgChange: true });
  const [refresh, refreshing] = useRefreshDeviceInventoryMutation();
  const { start: startInstallation, pending } = useStartInstallation();
  const start = (kind: JobKind, appIds: number[], actionKey: string) =>
    startInstallation({ appIds, deviceIds: [device.device_id], kind }, actionKey);
  const [uninstalling, setUninstalling] = useState<InventoryApp | null>(null);
  const [releaseHeldUpdate] = useReleaseHeldUpdateMutation();
  const [releasing, setReleasing] = useState<string | null>(null);
  // A pinned app is not out of date to its owner: updates leave it at its pin.
  const outdated = query.data?.apps.filter((app) => app.availableVersion !== null && app.pinnedVersion === null) ?? [];

  async function uninstall(app: InventoryApp, removalCheckId: string, confirmation: RemovalConfirmation) {
    const started = await startInstallation(
      { appIds: [app.appId], deviceIds: [device.device_id], kind: 'uninstall', removalCheckId, ...confirmation },
      // A new key once the person changes what they confirm: a retry of the same choice stays one installation.
      `uninstall:${appKey(app)}:${removalCheckId}:${confirmation.purge ? 'purge' : 'keep'}`,
    );
    if (started) setUninstalling(null);
  }

  async function tryUpdateAgain(app: InventoryApp) {
    const held = app.heldUpdate;
    if (!held) return;
    setReleasing(`retry:${appKey(app)}`);
    try {
      await releaseHeldUpdate({ deviceId: device.device_id, appId: app.appId }).unwrap();
      notify.info(
        online
          ? `${app.name} ${held.version} is offered again: update it from here. ${device.device_name} was asked for its installed apps to confirm it.`
          : `${app.name} ${held.version} is offered again: update it from here. ${device.device_name} is offline, so the update waits until it connects.`,
      );
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to offer the update again'));
    } finally {
      setReleasing(null);
    }
  }

  async function askForInventory() {
    try {
      await refresh(device.device_id).unwrap();
      notify.info(`Asked ${device.device_name} for its installed apps: the list updates when it answers.`);
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to refresh the inventory'));
    }
  }

  let body;
  if (query.isLoading) {
    body = (
      <Center py="lg" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">Loading installed apps...</Text>
        </Group>
      </Center>
    );
  } else if (query.isError || !query.data) {
    body = (
      <Alert color="red" variant="light" title="Failed to load the installed apps">
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (query.data.checkedAt === null) {
    body = (
      <Text size="sm" c="dimmed">
        This machine has not reported its installed apps yet. Its agent does so when it connects and after every installation.
      </Text>
    );
  } else if (query.data.apps.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        None of the catalogue&apos;s apps were found on this machine.
      </Text>
    );
  } else {
    body = (
      <InventoryTable
        apps={query.data.apps}
        pending={pending ?? releasing}
        onUpdate={(app) => void start('upgrade', [app.appId], `upgrade:${appKey(app)}`)}
        onRetry={(app) => void tryUpdateAgain(app)}
        onUninstall={setUninstalling}
      />
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="inventory-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="inventory-heading">
              Installed apps
            </Title>
            {query.data?.checkedAt ? (
              <Text size="xs" c="dimmed">
                Checked {formatLastActive(query.data.checkedAt).replace('Just now', 'just now')}
              </Text>
            ) : null}
          </Stack>
          <Group gap="sm">
            {outdated.length > 0 ? (
              <Button
                leftSection={<IconArrowUpCircle size={16} aria-hidden />}
                loading={pending === 'upgrade:all'}
                disabled={pending !== null}
                onClick={() =>
                  void start(
                    'upgrade',
                    outdated.map((app) => app.appId),
                    'upgrade:all',
                  )
                }
              >
                Update all ({outdated.length})
              </Button>
            ) : null}
            <Tooltip label="The machine is offline: it reports its apps when it connects" disabled={online} withArrow>
              <span>
                <Button
                  variant="default"
                  leftSection={<IconRefresh size={16} aria-hidden />}
                  loading={refreshing.isLoading}
                  disabled={!online}
                  onClick={() => void askForInventory()}
                >
                  Refresh inventory
                </Button>
              </span>
            </Tooltip>
          </Group>
        </Group>
        {body}
      </Stack>
      <UninstallAppModal
        app={uninstalling}
        deviceId={device.device_id}
        deviceName={device.device_name}
        busy={pending !== null && pending.startsWith('uninstall:')}
        onConfirm={(app, checkId, confirmation) => void uninstall(app, checkId, confirmation)}
        onClose={() => setUninstalling(null)}
      />
    </Paper>
  );
}
