import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { LIMITS } from '@shared/constants';
import { useState, type FormEvent } from 'react';
import { errorCode, errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { defaultDeviceName } from './device-naming';
import { registerBrowser } from './device-registration';

interface RegisterDeviceModalProps {
  opened: boolean;
  onRegistered: () => void;
  onLimitReached: () => void;
  onClose: () => void;
}

/** SPEC §4: shown when this browser is not registered and a seat is free. */
export function RegisterDeviceModal({ opened, onRegistered, onLimitReached, onClose }: RegisterDeviceModalProps) {
  const [name, setName] = useState(() => defaultDeviceName());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const deviceName = name.trim();
    if (!deviceName) return setError('Device name is required');
    setBusy(true);
    try {
      const result = await registerBrowser(deviceName);
      notify.success(
        result.isFirstDevice || result.isAdmin
          ? `${deviceName} is registered as your admin device. Only admin devices can deactivate other devices.`
          : `${deviceName} is registered.`,
      );
      onRegistered();
    } catch (failure) {
      const code = errorCode(failure);
      if (code === 'DEVICE_ALREADY_REGISTERED') return onRegistered();
      if (code === 'DEVICE_LIMIT_REACHED') {
        notify.error(errorMessage(failure, 'Device limit reached'));
        return onLimitReached();
      }
      setError(errorMessage(failure, 'Failed to register this browser'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Register this browser" centered closeOnClickOutside={false}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Each browser and desktop client you use counts as a device of your plan. Register this browser to keep using
            Loadout here.
          </Text>
          <TextInput
            label="Device name"
            value={name}
            maxLength={LIMITS.deviceNameMax}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Not now
            </Button>
            <Button type="submit" loading={busy}>
              Register
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
