import { Alert, Anchor, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconDevicesOff, IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router-dom';

import type { Device } from '@shared/api/devices';
import { isTargetRunning } from '@shared/installation-states';

import { useGetDevicesQuery, useRenameDeviceMutation, useSetAdminStatusMutation } from '../../api/devices';
import { useGetInstallationsQuery } from '../../api/installations';
import { useGetSubscriptionStatusQuery } from '../../api/subscription';
import { LoadingRow } from '../../components/loading-row';
import { PageHeader } from '../../components/page-header';
import { errorMessage, errorStatus } from '../../lib/api-errors';
import { baseApi } from '../../lib/base-api';
import { isEnrolled } from '../../lib/enrolled-machine';
import { navigateTo } from '../../lib/navigation';
import { notify } from '../../lib/notify';
import { devicesUpgradeHint } from '../../lib/plan-upgrade';
import { desktopBridge } from '../../lib/platform';
import { readToken } from '../../lib/session';
import { useTransitionSelector } from '../../lib/transition-selector';
import { DeactivateDeviceModal } from './deactivate-device-modal';
import { DeviceCard } from './device-card';
import { filterDevices, PLATFORM_FILTERS, type PlatformFilter } from './device-labels';
import { selectLimitReached, selectSeatLimit } from './device-state';
import { DeviceSummary } from './device-summary';
import { DeviceTokensSection } from './device-tokens-section';
import { ThisComputer } from './this-computer';
import { useAgentStatus } from './use-agent-status';
import { useTokenDrivenRefresh } from './use-token-driven-refresh';

function LimitBanner({ seatLimit }: { seatLimit: number }) {
  const { data } = useGetSubscriptionStatusQuery();
  const hint = devicesUpgradeHint(data?.currentPlan.name ?? 'free');
  return (
    <Alert color="yellow" variant="light" title="Device limit reached" mb="lg">
      <Stack gap="xs">
        <Text size="sm">
          This browser is not registered: all {seatLimit} {seatLimit === 1 ? 'seat' : 'seats'} of your plan are in use.{' '}
          {hint ?? 'Upgrade for more devices.'} Or deactivate a device you no longer use to free a seat.
        </Text>
        <Group gap="md">
          <Button component={Link} to="/pricing-page" size="xs">
            Upgrade
          </Button>
          <Anchor href="#device-list" size="sm">
            Deactivate a device
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  );
}

/** /devices, "Device Management". */
export function DevicesPage() {
  const query = useGetDevicesQuery();
  const limitReached = useTransitionSelector(selectLimitReached);
  const seatLimit = useTransitionSelector(selectSeatLimit);
  const [rename] = useRenameDeviceMutation();
  const [setAdminStatus] = useSetAdminStatusMutation();
  // Which machines are installing now: the cards say so (kept live by the event stream).
  const { data: installations } = useGetInstallationsQuery();
  const installingIds = new Set(
    (installations ?? []).flatMap((installation) =>
      installation.devices.filter((target) => isTargetRunning(target.status)).map((target) => target.deviceId),
    ),
  );
  const [search, setSearch] = useState('');
  const [platform, setPlatform] = useState<PlatformFilter>('all');
  const [deactivating, setDeactivating] = useState<Device | null>(null);
  const dispatch = useDispatch();
  // Inside the desktop window: this computer's own agent, above the list.
  const bridge = desktopBridge();
  const agent = useAgentStatus(bridge);
  const { refetch: refetchDevices, error, data } = query;
  // An enrolment changes both lists: a device appears and its token's uses go up (or it goes).
  const refetch = useCallback(() => {
    dispatch(baseApi.util.invalidateTags(['DeviceTokens']));
    return refetchDevices();
  }, [dispatch, refetchDevices]);
  const startTokenRefresh = useTokenDrivenRefresh(() => void refetch());

  useEffect(() => {
    if (readToken()) return;
    notify.error('Authentication required');
    navigateTo('/sign-in', { replace: true });
  }, []);

  // The device screen's failures. A 401 is the API client's (it ends the session and says so); a
  // 404 means no device API (device-state). The guard's background fetch stays silent elsewhere.
  const hasData = data !== undefined;
  useEffect(() => {
    const status = errorStatus(error);
    if (!error || status === 401 || status === 404) return;
    notify.error(hasData ? 'Failed to refresh device list' : 'Failed to load device data');
    // Once per failed answer, not when the data arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);

  // A machine enrolled elsewhere shows up when the user comes back to this window.
  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);

  async function saveName(device: Device, deviceName: string) {
    try {
      await rename({ deviceId: device.device_id, deviceName }).unwrap();
      notify.success('Device name updated');
    } catch {
      notify.error('Failed to update device name');
    }
  }

  async function makeAdmin(device: Device) {
    try {
      await setAdminStatus({ deviceId: device.device_id, isAdmin: true }).unwrap();
      notify.success(`${device.device_name} is now an admin device: it can generate tokens and deactivate other devices.`);
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to make it an admin device'));
    }
  }

  const seatsUsed = data?.seatsUsed ?? 0;
  const devices = data?.devices ?? [];
  // Only an admin device grants admin, and only to a browser or desktop client: a machine's agent has no session to use it.
  const viewerIsAdmin = devices.some((device) => device.is_current && device.is_admin);
  const mayBecomeAdmin = (device: Device) => viewerIsAdmin && !device.is_admin && !isEnrolled(device) && device.device_type !== 'mobile';
  const shown = filterDevices(devices, search, platform);

  let list;
  if (query.isLoading) {
    list = <LoadingRow label="Loading devices..." />;
  } else if (query.isError && !data) {
    list = (
      <Alert color="red" variant="light" title="Failed to load device data">
        <Button size="xs" variant="default" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (devices.length === 0) {
    list = (
      <Stack align="center" gap="xs" py="xl" ta="center">
        <IconDevicesOff size={40} stroke={1.5} aria-hidden />
        <Text fw={600}>No devices yet</Text>
        <Text c="dimmed" size="sm">
          Add a device to get started
        </Text>
      </Stack>
    );
  } else if (shown.length === 0) {
    list = (
      <Text c="dimmed" ta="center" py="lg">
        No devices match your search
      </Text>
    );
  } else {
    list = (
      <Stack gap="sm">
        {shown.map((device) => (
          <DeviceCard
            key={device.device_id}
            device={device}
            installing={installingIds.has(device.device_id)}
            thisComputer={agent.status?.deviceId === device.device_id}
            onRename={(name) => void saveName(device, name)}
            onDeactivate={() => setDeactivating(device)}
            onMakeAdmin={mayBecomeAdmin(device) ? () => void makeAdmin(device) : undefined}
            viewerIsAdmin={viewerIsAdmin}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack maw={960} mx="auto" p="lg" gap={0}>
      <PageHeader title="Device Management" description="The browsers and machines that use your Loadout account." />
      {limitReached ? <LimitBanner seatLimit={seatLimit} /> : null}
      {bridge ? <ThisComputer bridge={bridge} agent={agent} onChanged={() => void refetch()} /> : null}
      <DeviceSummary seatsUsed={seatsUsed} seatLimit={seatLimit} activeToday={data?.activeToday ?? 0} />
      <Group gap="sm" mb="md" wrap="wrap" id="device-list">
        <TextInput
          aria-label="Search devices"
          placeholder="Search devices"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 220 }}
        />
        <SegmentedControl
          aria-label="Platform"
          data={PLATFORM_FILTERS.map((option) => ({ value: option.value, label: option.label }))}
          value={platform}
          onChange={(value) => setPlatform(PLATFORM_FILTERS.find((option) => option.value === value)?.value ?? 'all')}
        />
      </Group>
      {list}
      <DeviceTokensSection availableSeats={Math.max(0, seatLimit - seatsUsed)} devices={data?.devices} onGenerated={startTokenRefresh} />
      <DeactivateDeviceModal device={deactivating} onClose={() => setDeactivating(null)} />
    </Stack>
  );
}
