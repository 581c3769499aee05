import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDeviceDesktopOff } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

import type { Platform } from '@shared/api/catalogue';

import { useDeviceList } from '../../api/devices';
import { DownloadClientDialog } from '../../components/download-client-dialog';
import { LoadingRow } from '../../components/loading-row';
import { errorStatus } from '../../lib/api-errors';
import { isDesktop } from '../../lib/platform';
import { DeviceOption } from './device-option';
import { isInstallTarget, type InstallDevice } from './install-devices';

export interface DeviceSelectModalProps {
  opened: boolean;
  listName: string;
  appCount: number;
  /** The list's apps, to say which of them a device cannot install (no package manager of its platform knows them). */
  apps?: ReadonlyArray<{ name: string; platforms: readonly Platform[] }>;
  multiple?: boolean;
  onConfirm: (devices: InstallDevice[]) => void;
  onCancel: () => void;
}

export function installButtonLabel(chosen: InstallDevice[]): string {
  if (chosen.length === 0) return 'Install to';
  if (chosen.length === 1) return `Install to ${chosen[0]?.device_name ?? '1 Device'}`;
  return `Install to ${chosen.length} Devices`;
}

/** "Select Installation Device": only remote token-registered clients are offered, since only they run the agent. */
export function DeviceSelectModal({
  opened,
  listName,
  appCount,
  apps = [],
  multiple = false,
  onConfirm,
  onCancel,
}: DeviceSelectModalProps) {
  const query = useDeviceList({ skip: !opened, refetchOnMountOrArgChange: true });
  const [chosenIds, setChosenIds] = useState<string[] | null>(null);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const navigate = useNavigate();
  // The desktop window is the client: it adds itself on the Devices screen instead of downloading.
  const desktop = isDesktop();

  // A 404 means this server has no device API yet: that is "no clients", not a failure.
  const missingApi = query.isError && errorStatus(query.error) === 404;
  const targets = (query.data ?? []).filter(isInstallTarget);
  // Single mode pre-selects the first eligible device; multi mode starts empty unless there is only one to choose.
  const preselected = targets[0] && (!multiple || targets.length === 1) ? [targets[0].device_id] : [];
  const selected = chosenIds ?? preselected;
  const chosen = targets.filter((device) => selected.includes(device.device_id));

  function toggle(device: InstallDevice, checked: boolean) {
    if (!multiple) return setChosenIds([device.device_id]);
    setChosenIds(checked ? [...selected, device.device_id] : selected.filter((id) => id !== device.device_id));
  }

  function cancel() {
    setChosenIds(null);
    onCancel();
  }

  let body: ReactNode;
  if (query.isLoading || (query.isFetching && !query.data)) {
    body = <LoadingRow label="Loading devices..." />;
  } else if (query.isError && !missingApi) {
    body = (
      <Alert color="red" variant="light" title="Failed to load devices">
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (targets.length === 0) {
    body = (
      <Stack align="center" gap="sm" py="lg" ta="center">
        <IconDeviceDesktopOff size={40} stroke={1.5} aria-hidden />
        <Text fw={600}>No desktop clients found</Text>
        <Text size="sm" c="dimmed" maw={380}>
          {desktop
            ? 'Add this computer on the Devices screen, or add another machine with a registration token; it will then appear here.'
            : 'Lists install onto machines that run the Loadout agent. Add one on the Devices screen: generate a registration token and run the command it shows on the machine. It will then appear here.'}
        </Text>
        <Group justify="center">
          {desktop ? null : (
            <Button
              onClick={() => {
                cancel();
                void navigate('/devices');
              }}
            >
              Add a machine
            </Button>
          )}
          {desktop ? (
            <Button
              onClick={() => {
                cancel();
                void navigate('/devices');
              }}
            >
              Add this computer
            </Button>
          ) : (
            <Button variant="default" onClick={() => setDownloadOpen(true)}>
              Download Desktop Client
            </Button>
          )}
          <Button variant="default" onClick={cancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="xs" role={multiple ? 'group' : 'radiogroup'} aria-label="Devices">
        {targets.map((device) => (
          <DeviceOption
            key={device.device_id}
            device={device}
            multiple={multiple}
            checked={selected.includes(device.device_id)}
            apps={apps}
            onChange={(checked) => toggle(device, checked)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <Modal opened={opened} onClose={cancel} title="Select Installation Device" centered size="lg">
        <Stack gap="md">
          <Text size="sm">
            <Text span fw={600}>
              {listName}
            </Text>{' '}
            · {appCount} {appCount === 1 ? 'app' : 'apps'}
          </Text>
          {body}
          {targets.length > 0 ? (
            <Group justify="flex-end">
              <Button variant="default" onClick={cancel}>
                Cancel
              </Button>
              <Button disabled={chosen.length === 0} onClick={() => onConfirm(chosen)}>
                {installButtonLabel(chosen)}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Modal>
      {desktop ? null : <DownloadClientDialog opened={downloadOpen} onClose={() => setDownloadOpen(false)} />}
    </>
  );
}
