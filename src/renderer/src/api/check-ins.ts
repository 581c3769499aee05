import type { CheckIn, DeviceCheckInsResponse } from '@shared/api/monitoring';

import { baseApi } from '../lib/base-api';

export type { CheckIn, DeviceCheckInsResponse };

// The schemas (and zod) load with the first call, not with the first route.
const schemas = () => import('@shared/api/monitoring');

/** Advanced monitoring (Premium): a machine's check-ins, newest first. */
export const checkInsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDeviceCheckIns: build.query<DeviceCheckInsResponse, string>({
      query: (deviceId) => ({
        url: `/api/devices/${encodeURIComponent(deviceId)}/check-ins`,
        schema: () => schemas().then((m) => m.deviceCheckInsResponseSchema),
      }),
      // A new inventory is a new check-in: the live event that refreshes the inventory refreshes these.
      providesTags: (_result, _error, deviceId) => [{ type: 'Inventory', id: deviceId }],
    }),
  }),
});

export const { useGetDeviceCheckInsQuery } = checkInsApi;
