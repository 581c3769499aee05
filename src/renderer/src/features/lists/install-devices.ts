import type { Platform } from '@shared/api/catalogue';
import type { Device, DevicesResponse } from '@shared/api/devices';

import { baseApi } from '../../lib/base-api';

/** A device as GET /api/devices describes it (SPEC §3 "Device", src/shared/api/devices.ts). */
export type InstallDevice = Device;

/** SPEC §5 "Install targets": remote, registered by token, no web_access, active. */
export function isInstallTarget(device: InstallDevice): boolean {
  return (
    device.device_type === 'remote' &&
    device.registration_method === 'token' &&
    !device.capabilities.includes('web_access') &&
    device.is_active
  );
}

/** The catalogue platform a device's platform means, if any. */
export function devicePlatform(platform: string): Platform | null {
  return platform === 'windows' || platform === 'macos' || platform === 'linux' ? platform : null;
}

// The schema (and zod) load with the call, not with the first route.
const devices = () => import('@shared/api/devices');

export const installDevicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Named apart from the devices screen's query: this one keeps only the list. */
    getInstallDevices: build.query<InstallDevice[], void>({
      query: () => ({ url: '/api/devices', schema: () => devices().then((m) => m.devicesResponseSchema) }),
      transformResponse: (body: DevicesResponse) => body.devices,
      providesTags: ['Devices'],
    }),
  }),
});

export const { useGetInstallDevicesQuery } = installDevicesApi;
