import type { DevicesResponse, DeviceToken } from '@shared/api/devices';
import type { z } from 'zod';
import { errorCode, errorStatus } from '../../lib/api-errors';
import { baseApi } from '../../lib/base-api';
import { devicesUnavailable, seatLimitKnown } from '../../lib/device-slice';
import { signOutTo } from '../../lib/navigation';
import { notify } from '../../lib/notify';
import { clearSession, readToken } from '../../lib/session';

// The schemas (and zod) load with the first device call, not with the first route.
const devices = () => import('@shared/api/devices');

type DeactivateResponse = z.infer<Awaited<ReturnType<typeof devices>>['deactivateDeviceResponseSchema']>;
type DeviceResponse = z.infer<Awaited<ReturnType<typeof devices>>['deviceResponseSchema']>;

/** Codes after which the API client has already logged out with its own warning. */
const FORCED_LOGOUT = ['DEVICE_DEACTIVATED', 'DEVICE_DEACTIVATED_REMOTELY', 'TOKEN_REVOKED'];

/** SPEC §8 "Device screen" and "Device registration" for a failed device list. */
export function reportDevicesFailure(error: unknown, refreshing: boolean, disable: () => void): void {
  const status = errorStatus(error);
  if (status === 401) {
    if (FORCED_LOGOUT.includes(errorCode(error) ?? '')) return;
    notify.error('Your session has expired. Please sign in again.');
    if (readToken()) signOutTo('/sign-in', clearSession);
    return;
  }
  // A server without the device API: stop asking (SPEC §8), the screen says so.
  if (status === 404) return disable();
  notify.error(refreshing ? 'Failed to refresh device list' : 'Failed to load device data');
}

export const devicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDevices: build.query<DevicesResponse, void>({
      query: () => ({ url: '/api/devices', schema: () => devices().then((m) => m.devicesResponseSchema) }),
      providesTags: ['Devices'],
      // Here rather than in the screen: after a 401 the screen is gone before the answer is.
      async onQueryStarted(_arg, api) {
        const { dispatch, queryFulfilled } = api;
        const refreshing = api.getCacheEntry().data !== undefined;
        try {
          const { data } = await queryFulfilled;
          dispatch(seatLimitKnown(data.seatLimit));
        } catch (failure) {
          const error = (failure as { error?: unknown }).error;
          reportDevicesFailure(error, refreshing, () => dispatch(devicesUnavailable()));
        }
      },
    }),
    renameDevice: build.mutation<DeviceResponse, { deviceId: string; deviceName: string }>({
      query: ({ deviceId, deviceName }) => ({
        url: `/api/devices/${encodeURIComponent(deviceId)}/name`,
        method: 'PUT',
        data: { deviceName },
        schema: () => devices().then((m) => m.deviceResponseSchema),
      }),
      invalidatesTags: ['Devices'],
    }),
    deactivateDevice: build.mutation<DeactivateResponse, { deviceId: string; removeClient: boolean }>({
      query: (body) => ({
        url: '/api/devices/deactivate',
        method: 'POST',
        data: body,
        schema: () => devices().then((m) => m.deactivateDeviceResponseSchema),
      }),
      invalidatesTags: ['Devices'],
    }),
    getTokens: build.query<DeviceToken[], void>({
      query: () => ({ url: '/api/tokens', schema: () => devices().then((m) => m.deviceTokensResponseSchema) }),
      transformResponse: (body: { tokens: DeviceToken[] }) => body.tokens,
      providesTags: ['DeviceTokens'],
    }),
    createToken: build.mutation<DeviceToken, { maxUses: number }>({
      query: (body) => ({
        url: '/api/device-tokens',
        method: 'POST',
        data: body,
        schema: () => devices().then((m) => m.createDeviceTokenResponseSchema),
      }),
      transformResponse: (body: { token: DeviceToken }) => body.token,
      invalidatesTags: ['DeviceTokens'],
    }),
    deleteToken: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/device-tokens/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['DeviceTokens'],
    }),
  }),
});

export const {
  useGetDevicesQuery,
  useRenameDeviceMutation,
  useDeactivateDeviceMutation,
  useGetTokensQuery,
  useCreateTokenMutation,
  useDeleteTokenMutation,
} = devicesApi;
