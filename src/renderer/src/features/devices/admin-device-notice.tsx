import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';

import type { Device } from '@shared/api/devices';
import { ErrorCode } from '@shared/api/error-codes';

import { BROWSER_REGISTRATION, useRegisterBrowserMutation } from '../../api/devices';
import { errorCode, errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { defaultDeviceName } from './device-naming';
import { registerThisBrowser } from './register-this-browser';

/** Whether this browser may generate tokens: only the account's admin devices may. Unknown (no list yet) counts as yes. */
export function mayGenerateTokens(devices: readonly Device[] | undefined): boolean {
  if (!devices) return true;
  return devices.some((device) => device.is_current && device.is_admin);
}

/** "Office PC", "Office PC and Laptop", "Office PC, Laptop and Work Mac". */
function names(devices: readonly Device[]): string {
  const all = devices.map((device) => device.device_name);
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all.at(-1)}`;
}

/**
 * Said above the tokens when this browser is not an admin device, so "You do not have
 * permission to generate tokens" never comes as a surprise: why (only admin devices make
 * tokens, as they alone deactivate devices), which device is the admin, and what to do here.
 * With no admin device left, registering this browser makes it the admin device (the server's
 * rule); otherwise only an admin device can make another one, so this browser is pointed there.
 */
export function AdminDeviceNotice({ devices }: { devices: readonly Device[] }) {
  const [register, { isLoading }] = useRegisterBrowserMutation({ fixedCacheKey: BROWSER_REGISTRATION });
  const here = devices.find((device) => device.is_current);
  const admins = devices.filter((device) => device.is_admin);
  if (here?.is_admin) return null;

  async function registerHere() {
    const deviceName = defaultDeviceName();
    try {
      const result = await registerThisBrowser(register, deviceName);
      notify.success(result.isAdmin ? `${deviceName} is registered as your admin device.` : `${deviceName} is registered.`);
    } catch (failure) {
      if (errorCode(failure) !== ErrorCode.DEVICE_ALREADY_REGISTERED)
        notify.error(errorMessage(failure, 'Failed to register this browser'));
    }
  }

  const registerButton = (label: string) => (
    <Button size="xs" variant="light" loading={isLoading} onClick={() => void registerHere()}>
      {label}
    </Button>
  );

  let body;
  if (admins.length === 0) {
    body = (
      <>
        <Text size="sm">
          Your account has no admin device yet. Register this browser and it becomes your admin device: it can then generate tokens and
          deactivate other devices.
        </Text>
        {here ? null : registerButton('Register this browser as the admin device')}
      </>
    );
  } else {
    const which = admins.length === 1 ? `Your admin device is ${names(admins)}` : `Your admin devices are ${names(admins)}`;
    body = (
      <>
        <Text size="sm">
          {which}: generate the token there. To generate tokens from this browser too,{' '}
          {here ? 'open Device Management on' : 'register this browser, then open Device Management on'}{' '}
          {admins.length === 1 ? 'it' : 'one of them'} and choose Make admin device on {here ? here.device_name : 'this browser'}.
        </Text>
        {here ? null : registerButton('Register this browser')}
      </>
    );
  }
  return (
    <Alert variant="light" color="blue" icon={<IconShieldLock size={18} aria-hidden />} title="Only an admin device can generate tokens">
      <Stack gap="xs" align="flex-start">
        {body}
      </Stack>
    </Alert>
  );
}
