import { ErrorCode } from '@shared/api/error-codes';

import { BROWSER_REGISTRATION, devicesApi } from '../../api/devices';
import { errorStatus } from '../../lib/api-errors';

type State = Parameters<ReturnType<typeof devicesApi.endpoints.getDevices.select>>[0];

/**
 * What the device screens need (the registration check, the seat limit, whether the server
 * has a device API), derived from the answers of the server: nothing here is stored twice.
 */
const selectList = devicesApi.endpoints.getDevices.select();
const selectCheck = devicesApi.endpoints.checkRegistration.select();
const selectRegistration = devicesApi.endpoints.registerBrowser.select({ fixedCacheKey: BROWSER_REGISTRATION, requestId: undefined });

export function selectRegisteredHere(state: State): boolean {
  const registration = selectRegistration(state);
  // DEVICE_ALREADY_REGISTERED is not "registered here": another browser holds that id.
  return selectCheck(state).data?.registered === true || registration.isSuccess;
}

/** Not registered and no seat free, or the server refused the registration for that. */
export function selectLimitReached(state: State): boolean {
  if (selectRegistration(state).error?.code === ErrorCode.DEVICE_LIMIT_REACHED) return true;
  const check = selectCheck(state).data;
  return check !== undefined && !check.seatAvailable && !selectRegisteredHere(state);
}

/** Not registered and a seat is free: the "Register this browser" prompt is forced. */
export function selectPromptWanted(state: State): boolean {
  const check = selectCheck(state).data;
  return check !== undefined && check.seatAvailable && !selectRegisteredHere(state) && !selectLimitReached(state);
}

/** The seat limit defaults to 1 until the server says otherwise. */
export function selectSeatLimit(state: State): number {
  return selectList(state).data?.seatLimit || selectCheck(state).data?.seatLimit || 1;
}

/** A 404 on the device list (or its check) means this server has no device API: later device calls stop. */
export function selectDevicesUnavailable(state: State): boolean {
  return errorStatus(selectList(state).error) === 404 || errorStatus(selectCheck(state).error) === 404;
}
