import type { DeviceSearch } from '@shared/api/device-searches';

import { baseApi } from '../lib/base-api';

// The schemas (and zod) load with the first search, not with the first route.
const searchSchema = () => import('@shared/api/device-searches').then((m) => m.deviceSearchSchema);

export type { DeviceSearch };

/**
 * Searching a machine: the device's agent searches its package managers, and the dialog reads the
 * answers until the search is over (it polls a running search). A result is added to a list as the
 * person's own app (`useCreateOwnAppMutation` of api/own-apps.ts), then as an item of that list.
 */
export const deviceSearchesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    startDeviceSearch: build.mutation<DeviceSearch, { deviceId: string; query: string }>({
      query: ({ deviceId, query }) => ({
        url: `/api/devices/${encodeURIComponent(deviceId)}/searches`,
        method: 'POST',
        data: { query },
        schema: searchSchema,
      }),
    }),
    getDeviceSearch: build.query<DeviceSearch, { deviceId: string; searchId: string }>({
      query: ({ deviceId, searchId }) => ({
        url: `/api/devices/${encodeURIComponent(deviceId)}/searches/${encodeURIComponent(searchId)}`,
        schema: searchSchema,
      }),
    }),
  }),
});

export const { useStartDeviceSearchMutation, useGetDeviceSearchQuery } = deviceSearchesApi;
