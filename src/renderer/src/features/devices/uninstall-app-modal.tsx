import { Button, Group, Modal, Stack, Text } from '@mantine/core';

import type { DeviceInventory } from '../../lib/installations-api';

export type InventoryApp = DeviceInventory['apps'][number];

interface UninstallAppModalProps {
  app: InventoryApp | null;
  deviceName: string;
  busy: boolean;
  onConfirm: (app: InventoryApp) => void;
  onClose: () => void;
}

/** Removing an app from a machine is not undone by a click: it asks first, Cancel focused. */
export function UninstallAppModal({ app, deviceName, busy, onConfirm, onClose }: UninstallAppModalProps) {
  return (
    <Modal opened={app !== null} onClose={onClose} title="Uninstall App" centered>
      <Stack gap="md">
        <Text size="sm">
          Uninstall <b>{app?.name}</b> from <b>{deviceName}</b>? Its agent removes it with {app?.manager}; you can install it again from a
          list.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => app && onConfirm(app)}>
            Uninstall
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
