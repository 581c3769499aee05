import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { ErrorCode } from '@shared/api/error-codes';
import { LIMITS } from '@shared/constants';

import { BROWSER_REGISTRATION, useRegisterBrowserMutation } from '../../api/devices';
import { errorCode, errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { defaultDeviceName } from './device-naming';
import { registerThisBrowser } from './register-this-browser';

/**
 * Shown when this browser is not registered and a seat is free. A registration (or
 * DEVICE_ALREADY_REGISTERED, or DEVICE_LIMIT_REACHED) closes it through device-state's selectors.
 */
export function RegisterDeviceModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState(() => defaultDeviceName());
  const [error, setError] = useState<string | null>(null);
  const [register, { isLoading: busy }] = useRegisterBrowserMutation({ fixedCacheKey: BROWSER_REGISTRATION });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const deviceName = name.trim();
    if (!deviceName) return setError('Device name is required');
    try {
      const result = await registerThisBrowser(register, deviceName);
      notify.success(
        result.isFirstDevice || result.isAdmin
          ? `${deviceName} is registered as your admin device. Only admin devices can deactivate other devices.`
          : `${deviceName} is registered.`,
      );
    } catch (failure) {
      const code = errorCode(failure);
      if (code === ErrorCode.DEVICE_LIMIT_REACHED) notify.error(errorMessage(failure, 'Device limit reached'));
      else if (code !== ErrorCode.DEVICE_ALREADY_REGISTERED) setError(errorMessage(failure, 'Failed to register this browser'));
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Register this browser" centered closeOnClickOutside={false}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Each browser and desktop client you use counts as a device of your plan. Register this browser to keep using Loadout here.
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
