import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface Props {
  opened: boolean;
  deviceName: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Removing deactivates the device on the server and frees its seat: asked once, Cancel first. */
export function RemoveThisComputerModal({ opened, deviceName, onCancel, onConfirm }: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Remove this computer" centered>
      <Stack gap="md">
        <Text size="sm">
          Remove <b>{deviceName ?? 'this computer'}</b> from Loadout? It will no longer receive installations and its seat is freed. Apps
          already installed stay. You can add it again later.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
