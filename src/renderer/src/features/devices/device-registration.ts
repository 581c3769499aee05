import { deviceCheckResponseSchema, registerDeviceResponseSchema, type RegisterDeviceResponse } from '@shared/api/devices';
import { apiClient } from '../../lib/api-client';
import { errorStatus } from '../../lib/api-errors';
import { getDeviceId, isMobileBrowser } from '../../lib/device-id';
import type { RegistrationStatus } from '../../lib/device-slice';
import { detectPlatform } from '../../lib/platform';

function unchecked(reason: string): RegistrationStatus {
  return { isRegistered: false, reason, seatAvailable: false, deviceCount: 0, seatLimit: 0 };
}

/**
 * SPEC §4 "Registration check". Mobile browsers skip it (temporary id); a 401 gives
 * AUTHENTICATION_REQUIRED and any other failure ERROR — neither opens the prompt.
 */
export async function checkRegistration(): Promise<RegistrationStatus> {
  if (isMobileBrowser()) return unchecked('MOBILE');
  try {
    await getDeviceId();
    const response = await apiClient.get<unknown>('/api/devices/check');
    const body = deviceCheckResponseSchema.parse(response.data);
    return {
      isRegistered: body.registered,
      reason: body.reason,
      seatAvailable: body.seatAvailable,
      deviceCount: body.deviceCount,
      seatLimit: body.seatLimit,
    };
  } catch (error) {
    return unchecked(errorStatus(error) === 401 ? 'AUTHENTICATION_REQUIRED' : 'ERROR');
  }
}

/** POST /api/devices/register for this browser. */
export async function registerBrowser(deviceName: string): Promise<RegisterDeviceResponse> {
  const deviceId = await getDeviceId();
  const response = await apiClient.post<unknown>(
    '/api/devices/register',
    { deviceId, deviceName, platform: detectPlatform() },
    { headers: { 'X-Device-ID': deviceId } },
  );
  return registerDeviceResponseSchema.parse(response.data);
}
