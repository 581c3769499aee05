import { Alert, Badge, Button, Checkbox, Group, Modal, Paper, Stack, Switch, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { useDeviceList } from '../../api/devices';
import { useFollowListMutation, useGetListFollowersQuery, useUnfollowListMutation, type ListFollower } from '../../api/list-sync';
import type { ListSummary } from '../../api/lists';
import { LoadingRow } from '../../components/loading-row';
import { PLATFORM_LABELS } from '../../components/platform-badges';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { devicePlatform, isInstallTarget, type InstallDevice } from './install-devices';

function platformName(platform: string): string {
  const known = devicePlatform(platform);
  return known ? PLATFORM_LABELS[known] : platform;
}

interface DeviceSyncRowProps {
  list: ListSummary;
  device: InstallDevice;
  follower: ListFollower | undefined;
}

/** One machine: a switch to follow the list, and whether removals are uninstalled there too. */
function DeviceSyncRow({ list, device, follower }: DeviceSyncRowProps) {
  const [follow, following] = useFollowListMutation();
  const [unfollow, unfollowing] = useUnfollowListMutation();
  const busy = following.isLoading || unfollowing.isLoading;
  const headingId = `sync-${device.device_id}`;
  const hintId = `sync-${device.device_id}-hint`;
  // The list read-only on the plan: it can be left, not followed.
  const canFollow = !list.readOnly || follower !== undefined;

  async function toggle(on: boolean) {
    try {
      if (on) {
        const result = await follow({ listId: list.id, deviceId: device.device_id, uninstallRemoved: false }).unwrap();
        notify.success(
          result.installationId
            ? `${device.device_name} now keeps “${list.name}” in sync. Its apps are being installed there.`
            : `${device.device_name} now keeps “${list.name}” in sync.`,
        );
      } else {
        await unfollow({ listId: list.id, deviceId: device.device_id }).unwrap();
        notify.success(`${device.device_name} no longer keeps “${list.name}” in sync. Nothing was uninstalled.`);
      }
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to change keep in sync'));
    }
  }

  async function setUninstallRemoved(uninstallRemoved: boolean) {
    try {
      await follow({ listId: list.id, deviceId: device.device_id, uninstallRemoved }).unwrap();
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to change keep in sync'));
    }
  }

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600} id={headingId}>
            {device.device_name}
          </Text>
          <Text span size="sm" c="dimmed">
            {platformName(device.platform)}
          </Text>
          <Badge variant="light" color={device.connection_status === 'online' ? 'green' : 'gray'} tt="none">
            {device.connection_status === 'online' ? 'Online' : 'Offline'}
          </Badge>
        </Group>
        <Switch
          label="Keep this device in sync"
          aria-describedby={hintId}
          checked={follower !== undefined}
          disabled={busy || !canFollow}
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
        <Text size="xs" c="dimmed" id={hintId} ml={54} mt={-6}>
          {follower
            ? 'Apps added to the list are installed here by themselves.'
            : 'Installs the list here now, and every app added to it later.'}
        </Text>
        <Checkbox
          label="Also uninstall apps removed from the list"
          checked={follower?.uninstallRemoved ?? false}
          disabled={busy || follower === undefined || list.readOnly}
          onChange={(event) => void setUninstallRemoved(event.currentTarget.checked)}
          ml={54}
        />
      </Stack>
    </Paper>
  );
}

interface KeepInSyncModalProps {
  list: ListSummary;
  onClose: () => void;
}

/** "Keep in sync": which of the user's machines follow the list. */
export function KeepInSyncModal({ list, onClose }: KeepInSyncModalProps) {
  const devices = useDeviceList({ refetchOnMountOrArgChange: true });
  const followers = useGetListFollowersQuery(list.id, { refetchOnMountOrArgChange: true });
  const targets = (devices.data ?? []).filter(isInstallTarget);

  let body: ReactNode;
  if (devices.isLoading || followers.isLoading) {
    body = <LoadingRow label="Loading your machines..." />;
  } else if (devices.isError || followers.isError || !devices.data || !followers.data) {
    body = (
      <Alert color="red" variant="light" title={errorMessage(devices.error ?? followers.error, 'Failed to load keep in sync')}>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            void devices.refetch();
            void followers.refetch();
          }}
        >
          Try again
        </Button>
      </Alert>
    );
  } else if (targets.length === 0) {
    body = (
      <Alert color="blue" variant="light" title="No machine to keep in sync yet">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            Only machines that run the Loadout desktop client or agent, added with a registration token, can follow a list. Add one on the
            Devices screen, then come back here.
          </Text>
          <Button component={Link} to="/devices" size="xs" variant="default" onClick={onClose}>
            Add a device
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    const byDevice = new Map(followers.data.followers.map((follower) => [follower.deviceId, follower]));
    body = (
      <Stack gap="sm">
        {targets.map((device) => (
          <DeviceSyncRow key={device.device_id} list={list} device={device} follower={byDevice.get(device.device_id)} />
        ))}
      </Stack>
    );
  }

  return (
    <Modal opened onClose={onClose} title={`Keep “${list.name}” in sync`} centered size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A machine that keeps this list in sync gets its apps now, and every app you add to the list later by itself. Machines that are
          offline get them when they connect.
        </Text>
        {list.readOnly ? (
          <Alert color="orange" variant="light" p="xs">
            <Text size="sm">
              This list is read-only on your current plan, so it cannot be kept in sync. Trim it to your plan&apos;s limits or upgrade.
            </Text>
          </Alert>
        ) : null}
        {body}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
