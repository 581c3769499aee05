import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import type { Device } from '@shared/api/devices';

import { useDeactivateDeviceMutation } from '../../api/devices';
import { signOutTo } from '../../lib/navigation';
import { notify } from '../../lib/notify';
import { clearSession } from '../../lib/session';
import { deactivationErrorMessage } from './device-errors';

/** The deactivation confirmation, with the optional removal of the desktop client. */
export function DeactivateDeviceModal({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const [removeClient, setRemoveClient] = useState(false);
  const [deactivate, { isLoading }] = useDeactivateDeviceMutation();

  function close() {
    setRemoveClient(false);
    onClose();
  }

  async function confirm() {
    if (!device) return;
    try {
      const result = await deactivate({ deviceId: device.device_id, removeClient }).unwrap();
      notify.success(`${device.device_name} has been deactivated`);
      close();
      // Deactivating this very browser ends the session here (the server says so with shouldLogout).
      if (result.shouldLogout) signOutTo('/sign-in', clearSession);
    } catch (error) {
      notify.error(deactivationErrorMessage(error));
      close();
    }
  }

  return (
    <Modal opened={device !== null} onClose={close} title="Deactivate Device" centered>
      <Stack gap="md">
        <Text size="sm">
          Deactivate <b>{device?.device_name}</b>? It will be signed out, will no longer receive installations and will free its seat.
        </Text>
        <Checkbox
          label="Also remove the desktop client from this device"
          checked={removeClient}
          onChange={(event) => setRemoveClient(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" loading={isLoading} onClick={() => void confirm()} data-autofocus>
            Deactivate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
