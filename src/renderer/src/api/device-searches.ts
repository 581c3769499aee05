import type { DeviceSearch } from '@shared/api/device-searches';
import type { OwnApp, OwnAppRequest } from '@shared/api/own-apps';

import { baseApi } from '../lib/base-api';

// The schemas (and zod) load with the first search, not with the first route.
const searchSchema = () => import('@shared/api/device-searches').then((m) => m.deviceSearchSchema);
const ownAppSchema = () => import('@shared/api/own-apps').then((m) => m.ownAppSchema);

export type { DeviceSearch };

/**
 * Searching a machine: the device's agent searches its package managers, and the dialog reads the
 * answers until the search is over (it polls a running search). A result is added to a list as the
 * person's own app (POST /api/own-apps), then as an item of that list.
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
    /** A found package as the person's own app (named apart from the own-apps screen's endpoints). */
    createOwnAppFromSearch: build.mutation<OwnApp, OwnAppRequest>({
      query: (body) => ({ url: '/api/own-apps', method: 'POST', data: body, schema: ownAppSchema }),
    }),
  }),
});

export const { useStartDeviceSearchMutation, useGetDeviceSearchQuery, useCreateOwnAppFromSearchMutation } = deviceSearchesApi;
