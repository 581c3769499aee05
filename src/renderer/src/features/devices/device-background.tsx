import { useCallback, useState } from 'react';
import { useSelector } from 'react-redux';

import { getDeviceId, isMobileBrowser } from '../../lib/device-id';
import { defaultDeviceName } from './device-naming';
import { selectDevicesUnavailable, selectPromptWanted, selectRegisteredHere } from './device-state';
import { BROWSER_REGISTRATION, useCheckRegistrationQuery, useRegisterBrowserMutation } from './devices-api';
import { RegisterDeviceModal } from './register-device-modal';
import { useDeviceActivity, useLogoutNotifications } from './use-device-activity';

/**
 * Mounted once for a signed-in user (app/device-slot): the registration check of SPEC §4
 * (mobile browsers skip it), the prompt it may force, and the background activity while this
 * browser is registered.
 */
export function DeviceBackground() {
  const check = useCheckRegistrationQuery(undefined, { skip: isMobileBrowser() });
  const [register] = useRegisterBrowserMutation({ fixedCacheKey: BROWSER_REGISTRATION });
  const [dismissed, setDismissed] = useState(false);
  const promptWanted = useSelector(selectPromptWanted);
  const registeredHere = useSelector(selectRegisteredHere);
  const unavailable = useSelector(selectDevicesUnavailable);

  // SPEC §8: update-status answering DEVICE_NOT_FOUND re-registers this browser. The server
  // answers DEVICE_LIMIT_REACHED when no seat is free, which the limit banner shows.
  const reRegister = useCallback(() => {
    void getDeviceId().then((deviceId) => register({ deviceId, deviceName: defaultDeviceName() }));
  }, [register]);

  useDeviceActivity(registeredHere && !unavailable, reRegister);
  useLogoutNotifications((check.isSuccess || check.isError) && !unavailable);

  return <RegisterDeviceModal opened={promptWanted && !dismissed} onClose={() => setDismissed(true)} />;
}
