import { ErrorCode } from '@shared/api/error-codes';

import type { useRegisterBrowserMutation } from '../../api/devices';
import { errorCode } from '../../lib/api-errors';
import { getDeviceId, replaceDeviceId } from '../../lib/device-id';

type Register = ReturnType<typeof useRegisterBrowserMutation>[0];

/**
 * Registers this browser under its device id. When that id is registered to a browser that can
 * show its secret and this one cannot (its storage was cleared, or it is another browser with the
 * same fingerprint), the server answers DEVICE_ALREADY_REGISTERED: this browser then takes a new
 * id and registers as a device of its own.
 */
export async function registerThisBrowser(register: Register, deviceName: string) {
  try {
    return await register({ deviceId: await getDeviceId(), deviceName }).unwrap();
  } catch (failure) {
    if (errorCode(failure) !== ErrorCode.DEVICE_ALREADY_REGISTERED) throw failure;
    return register({ deviceId: replaceDeviceId(), deviceName }).unwrap();
  }
}
