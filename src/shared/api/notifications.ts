import { z } from 'zod';

/**
 * Notifications: mails when an installation fails and a daily digest of available
 * updates (every plan); on Premium, "priority notifications": an immediate mail when a device
 * reports new updates and an in-app notification centre with an unread count.
 */

/** What an in-app notification is about. */
export const NOTIFICATION_KINDS = ['installation_failed', 'updates_available', 'device_silent', 'rollout_stopped'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The switches of Settings → Notifications; each defaults to on. */
export const NOTIFICATION_SETTING_KEYS = ['failureMails', 'updateDigest', 'priorityMails', 'inApp'] as const;
export type NotificationSettingKey = (typeof NOTIFICATION_SETTING_KEYS)[number];

/** The mail kinds a one-click unsubscribe link can turn off (the in-app centre has no mail). */
export const UNSUBSCRIBE_KINDS = ['failureMails', 'updateDigest', 'priorityMails'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

/** The notification centre keeps showing at most this many, newest first. */
export const NOTIFICATIONS_PAGE_MAX = 100;
export const NOTIFICATIONS_PAGE_DEFAULT = 50;

/** GET/PUT /api/notification-settings */
export const notificationSettingsSchema = z.object({
  failureMails: z.boolean(),
  updateDigest: z.boolean(),
  /** Premium: mail at once when a device reports new updates. */
  priorityMails: z.boolean(),
  /** Premium: the notification centre in the navbar. */
  inApp: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /api/notification-settings: any of the switches; the answer is all of them. */
export const updateNotificationSettingsSchema = notificationSettingsSchema
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: 'Name at least one setting to change' });
export type UpdateNotificationSettings = z.input<typeof updateNotificationSettingsSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A route of the web app ("/installations/…", "/devices"), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications */
export const notificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_DEFAULT),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int().min(0),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** POST /api/notifications/read: these ids, or every notification when `ids` is absent. */
export const markNotificationsReadSchema = z
  .object({
    ids: z.array(z.string().min(1).max(64)).min(1).max(NOTIFICATIONS_PAGE_MAX).optional(),
  })
  .strict();
export type MarkNotificationsRead = z.input<typeof markNotificationsReadSchema>;

export const markNotificationsReadResponseSchema = z.object({ unreadCount: z.number().int().min(0) });
export type MarkNotificationsReadResponse = z.infer<typeof markNotificationsReadResponseSchema>;

/** GET/POST /api/notifications/unsubscribe?token=… (the mails' List-Unsubscribe link; no sign-in). */
export const unsubscribeQuerySchema = z.object({
  token: z.string().min(1).max(300),
  /** The page after the confirmation button: says it is done. */
  done: z.literal('1').optional(),
});

export const unsubscribeResponseSchema = z.object({ success: z.literal(true), kind: z.enum(UNSUBSCRIBE_KINDS) });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
