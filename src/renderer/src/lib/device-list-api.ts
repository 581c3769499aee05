import type { Device, DevicesResponse } from '@shared/api/devices';

import { baseApi } from './base-api';

// The schema (and zod) load with the call, not with the first route.
const devices = () => import('@shared/api/devices');

/**
 * The caller's devices as a plain list, for the screens that pick one (install targets, the
 * history's device filter). The Devices screen has its own query with the seat counts.
 */
export const deviceListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDeviceList: build.query<Device[], void>({
      query: () => ({ url: '/api/devices', schema: () => devices().then((m) => m.devicesResponseSchema) }),
      transformResponse: (body: DevicesResponse) => body.devices,
      providesTags: ['Devices'],
    }),
  }),
});

export const { useGetDeviceListQuery } = deviceListApi;
