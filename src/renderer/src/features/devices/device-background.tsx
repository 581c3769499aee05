import { useCallback, useEffect, useRef, useState } from 'react';

import { BROWSER_REGISTRATION, useCheckRegistrationQuery, useRegisterBrowserMutation } from '../../api/devices';
import { isMobileBrowser, readDeviceSecret } from '../../lib/device-id';
import { useTransitionSelector } from '../../lib/transition-selector';
import { defaultDeviceName } from './device-naming';
import { selectDevicesUnavailable, selectPromptWanted, selectRegisteredHere } from './device-state';
import { RegisterDeviceModal } from './register-device-modal';
import { registerThisBrowser } from './register-this-browser';
import { dismissRegistrationPrompt, registrationPromptDismissed } from './registration-prompt-dismissal';
import { useDeviceActivity, useLogoutNotifications } from './use-device-activity';

/**
 * Mounted once for a signed-in user (app/device-slot): the registration check of this browser
 * (mobile browsers skip it), the prompt it may force, and the background activity while this
 * browser is registered.
 */
export function DeviceBackground() {
  const check = useCheckRegistrationQuery(undefined, { skip: isMobileBrowser() });
  const [register] = useRegisterBrowserMutation({ fixedCacheKey: BROWSER_REGISTRATION });
  const [dismissed, setDismissed] = useState(registrationPromptDismissed);
  const promptWanted = useTransitionSelector(selectPromptWanted);
  const registeredHere = useTransitionSelector(selectRegisteredHere);
  const unavailable = useTransitionSelector(selectDevicesUnavailable);

  // Update-status answering DEVICE_NOT_FOUND re-registers this browser. The server
  // answers DEVICE_LIMIT_REACHED when no seat is free, which the limit banner shows.
  const reRegister = useCallback(() => {
    // A refusal stays in the shared registration state, which the banners read.
    registerThisBrowser(register, defaultDeviceName()).catch(() => undefined);
  }, [register]);

  // Registered in this session but holding no secret (it registered before there were secrets,
  // or its storage lost it): asking again gives one, so the next sign-in here is this device too.
  const registered = check.data?.registered === true;
  const askedForSecret = useRef(false);
  useEffect(() => {
    if (!registered || askedForSecret.current || readDeviceSecret()) return;
    askedForSecret.current = true;
    reRegister();
  }, [registered, reRegister]);

  useDeviceActivity(registeredHere && !unavailable, reRegister);
  useLogoutNotifications((check.isSuccess || check.isError) && !unavailable);

  function notNow() {
    dismissRegistrationPrompt();
    setDismissed(true);
  }

  return <RegisterDeviceModal opened={promptWanted && !dismissed} onClose={notNow} />;
}
