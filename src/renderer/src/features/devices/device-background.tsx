import { useCallback, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import {
  limitReached,
  promptDismissed,
  registered,
  registrationChecked,
  selectDeviceState,
  type WithDevice,
} from '../../lib/device-slice';
import { devicesApi } from './devices-api';
import { checkRegistration, registerBrowser } from './device-registration';
import { defaultDeviceName } from './device-naming';
import { RegisterDeviceModal } from './register-device-modal';
import { useDeviceActivity, useLogoutNotifications } from './use-device-activity';
import { errorCode } from '../../lib/api-errors';

/**
 * Mounted once for a signed-in user (app/device-slot): the registration check of SPEC §4,
 * the prompt it may force, and the background activity while this browser is registered.
 */
export function DeviceBackground() {
  const dispatch = useDispatch();
  const state = useSelector((root: WithDevice) => selectDeviceState(root));

  useEffect(() => {
    let live = true;
    void checkRegistration().then((status) => {
      if (live) dispatch(registrationChecked(status));
    });
    return () => {
      live = false;
    };
  }, [dispatch]);

  const markRegistered = useCallback(() => {
    dispatch(registered());
    dispatch(devicesApi.util.invalidateTags(['Devices']));
  }, [dispatch]);

  // SPEC §8: update-status answering DEVICE_NOT_FOUND re-registers this browser if a seat is free.
  const reRegister = useCallback(() => {
    void (async () => {
      const status = await checkRegistration();
      if (status.isRegistered || !status.seatAvailable) {
        dispatch(registrationChecked(status));
        return;
      }
      try {
        await registerBrowser(defaultDeviceName());
        markRegistered();
      } catch (error) {
        if (errorCode(error) === 'DEVICE_LIMIT_REACHED') dispatch(limitReached());
      }
    })();
  }, [dispatch, markRegistered]);

  const registeredHere = state.registration?.isRegistered === true;
  useDeviceActivity(registeredHere && !state.devicesUnavailable, reRegister);
  useLogoutNotifications(state.registration !== null && state.registration.reason !== 'MOBILE' && !state.devicesUnavailable);

  return (
    <RegisterDeviceModal
      opened={state.promptOpen}
      onRegistered={markRegistered}
      onLimitReached={() => dispatch(limitReached())}
      onClose={() => dispatch(promptDismissed())}
    />
  );
}
