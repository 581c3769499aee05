import type {
  MarkNotificationsRead,
  MarkNotificationsReadResponse,
  Notification,
  NotificationSettings,
  NotificationsResponse,
  UpdateNotificationSettings,
} from '@shared/api/notifications';

import { baseApi } from '../lib/base-api';

// The schemas (and zod) load with the first notifications call, not with the first route.
const schemas = () => import('@shared/api/notifications');

export type { Notification, NotificationSettings, NotificationsResponse };

/**
 * Notifications: the Premium notification centre (GET /api/notifications, POST
 * /api/notifications/read) and the switches of Settings (GET/PUT /api/notification-settings).
 * The navbar's bell and the settings screen both use them; the centre is kept
 * fresh by the event stream's `notifications` topic.
 */
export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationsResponse, void>({
      query: () => ({ url: '/api/notifications', schema: () => schemas().then((m) => m.notificationsResponseSchema) }),
      providesTags: ['Notifications'],
    }),
    markNotificationsRead: build.mutation<MarkNotificationsReadResponse, MarkNotificationsRead>({
      query: (body) => ({
        url: '/api/notifications/read',
        method: 'POST',
        data: body,
        schema: () => schemas().then((m) => m.markNotificationsReadResponseSchema),
      }),
      invalidatesTags: ['Notifications'],
    }),
    getNotificationSettings: build.query<NotificationSettings, void>({
      query: () => ({ url: '/api/notification-settings', schema: () => schemas().then((m) => m.notificationSettingsSchema) }),
      providesTags: ['NotificationSettings'],
    }),
    updateNotificationSettings: build.mutation<NotificationSettings, UpdateNotificationSettings>({
      query: (body) => ({
        url: '/api/notification-settings',
        method: 'PUT',
        data: body,
        schema: () => schemas().then((m) => m.notificationSettingsSchema),
      }),
      // The answer is every switch: put it in the cache rather than reading it again.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(notificationsApi.util.upsertQueryData('getNotificationSettings', undefined, data));
        } catch {
          // the component shows the failure
        }
      },
    }),
  }),
});

export const {
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
} = notificationsApi;
