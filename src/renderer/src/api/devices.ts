import type { z } from 'zod';

import type { DeviceCheckResponse, DevicesResponse, DeviceToken, RegisterDeviceResponse } from '@shared/api/devices';

import { baseApi } from '../lib/base-api';
import { saveDeviceSecret } from '../lib/device-id';
import { detectPlatform } from '../lib/platform';

// The schemas (and zod) load with the first device call, not with the first route.
const devices = () => import('@shared/api/devices');
const success = () => import('@shared/api/common').then((m) => m.successResponseSchema);

type Schemas = Awaited<ReturnType<typeof devices>>;
type DeactivateResponse = z.infer<Schemas['deactivateDeviceResponseSchema']>;
type DeviceResponse = z.infer<Schemas['deviceResponseSchema']>;
type PingResponse = z.infer<Schemas['pingResponseSchema']>;
type LogoutNotification = z.infer<Schemas['logoutNotificationSchema']>;

export type StatusEvent = 'interval' | 'visible' | 'hidden' | 'load' | 'unload';

/** The one registration of this browser: the prompt and the re-registration share its state. */
export const BROWSER_REGISTRATION = 'browser-registration';

export const devicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDevices: build.query<DevicesResponse, void>({
      query: () => ({ url: '/api/devices', schema: () => devices().then((m) => m.devicesResponseSchema) }),
      providesTags: ['Devices'],
    }),
    /** The registration check of this browser (X-Device-ID): registered, or whether a seat is free. */
    checkRegistration: build.query<DeviceCheckResponse, void>({
      query: () => ({ url: '/api/devices/check', schema: () => devices().then((m) => m.deviceCheckResponseSchema) }),
    }),
    registerBrowser: build.mutation<RegisterDeviceResponse, { deviceId: string; deviceName: string }>({
      query: ({ deviceId, deviceName }) => ({
        url: '/api/devices/register',
        method: 'POST',
        data: { deviceId, deviceName, platform: detectPlatform() },
        headers: { 'X-Device-ID': deviceId },
        schema: () => devices().then((m) => m.registerDeviceResponseSchema),
      }),
      // The secret comes once: kept beside the device id, it makes this browser's next sign-ins this device.
      async onQueryStarted(_argument, { queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.deviceSecret) saveDeviceSecret(data.deviceSecret);
      },
      invalidatesTags: ['Devices'],
    }),
    updateStatus: build.mutation<PingResponse, { deviceId: string; event: StatusEvent }>({
      query: (body) => ({
        url: '/api/devices/update-status',
        method: 'POST',
        data: body,
        schema: () => devices().then((m) => m.pingResponseSchema),
      }),
    }),
    ping: build.mutation<PingResponse, { deviceId: string }>({
      query: (body) => ({
        url: '/api/devices/ping',
        method: 'POST',
        data: body,
        schema: () => devices().then((m) => m.pingResponseSchema),
      }),
    }),
    getLogoutNotifications: build.query<LogoutNotification[], void>({
      query: () => ({ url: '/api/devices/logout-notifications', schema: () => devices().then((m) => m.logoutNotificationsResponseSchema) }),
      transformResponse: (body: { notifications: LogoutNotification[] }) => body.notifications,
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
    /** Grant or take back admin (only an admin device may); an admin device generates tokens and deactivates devices. */
    setAdminStatus: build.mutation<DeviceResponse, { deviceId: string; isAdmin: boolean }>({
      query: ({ deviceId, isAdmin }) => ({
        url: `/api/devices/${encodeURIComponent(deviceId)}/admin-status`,
        method: 'POST',
        data: { isAdmin },
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
    /** A code that enrols up to `maxUses` machines; with `groupId` they join that device group (Annual Premium). */
    createToken: build.mutation<DeviceToken, { maxUses: number; groupId?: string | null }>({
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
      query: (id) => ({ url: `/api/device-tokens/${encodeURIComponent(id)}`, method: 'DELETE', schema: success }),
      invalidatesTags: ['DeviceTokens'],
    }),
  }),
});

/**
 * The caller's devices as a plain list, for the screens that pick one (install targets, the
 * history's device filter). The same cache entry as the Devices screen's seat counts: one
 * request for both.
 */
export function useDeviceList(options: { skip?: boolean; refetchOnMountOrArgChange?: boolean } = {}) {
  return devicesApi.useGetDevicesQuery(undefined, {
    ...options,
    selectFromResult: ({ data, error, isLoading, isFetching, isError }) => ({ data: data?.devices, error, isLoading, isFetching, isError }),
  });
}

export const {
  useGetDevicesQuery,
  useCheckRegistrationQuery,
  useRegisterBrowserMutation,
  useUpdateStatusMutation,
  usePingMutation,
  useGetLogoutNotificationsQuery,
  useRenameDeviceMutation,
  useDeactivateDeviceMutation,
  useSetAdminStatusMutation,
  useGetTokensQuery,
  useCreateTokenMutation,
  useDeleteTokenMutation,
} = devicesApi;
