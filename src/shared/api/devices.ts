import { z } from 'zod';

import { LIMITS } from '../constants';
import { releasePublicKeySchema } from './client';
import { isSafeSingleLine, singleLineText } from './common';

/** The values of a device's fields, in the product's words (clients switch on them). */
export const DEVICE_TYPES = ['primary', 'remote', 'mobile'] as const;
export const REGISTRATION_METHODS = ['account', 'token'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export type RegistrationMethod = (typeof REGISTRATION_METHODS)[number];
export const CAPABILITIES = ['web_access', 'receive_installations', 'admin'] as const;
export const CONNECTION_STATUSES = ['online', 'recently_active', 'inactive', 'offline'] as const;
export const DEVICE_PLATFORMS = ['windows', 'macos', 'linux', 'android', 'ios', 'unknown'] as const;

export const deviceIdSchema = z
  .string({ error: 'Device id is required' })
  .trim()
  .min(4, 'Device id is required')
  .max(64, 'Device id is too long')
  .regex(/^[\w.:-]+$/, 'Device id may only contain letters, digits, dots, colons, dashes and underscores');
export const deviceNameSchema = singleLineText('Device name', LIMITS.deviceNameMax, 'Device name is required');
/** Free text from the client (navigator.platform, os.platform()); normalised by the server. */
export const platformInputSchema = z
  .string()
  .trim()
  .max(64)
  .refine(isSafeSingleLine, 'Platform must not contain control characters')
  .optional()
  .default('unknown');

/** An agent update as a device's page tells it (the agent's update.status states, and `held`). */
export const AGENT_UPDATE_VIEW_STATES = ['downloading', 'installing', 'restarting', 'failed', 'rolled-back', 'held'] as const;
export type AgentUpdateViewState = (typeof AGENT_UPDATE_VIEW_STATES)[number];

export const deviceSchema = z.object({
  device_id: z.string(),
  deviceId: z.string(),
  device_name: z.string(),
  deviceName: z.string(),
  platform: z.enum(DEVICE_PLATFORMS),
  device_type: z.enum(DEVICE_TYPES),
  registration_method: z.enum(REGISTRATION_METHODS),
  capabilities: z.array(z.enum(CAPABILITIES)),
  is_active: z.boolean(),
  /** The device of the session the request came from, for the current-device marker. */
  is_current: z.boolean(),
  is_admin: z.boolean(),
  last_active: z.string().nullable(),
  lastActive: z.string().nullable(),
  created_at: z.string(),
  connection_status: z.enum(CONNECTION_STATUSES),
  minutes_since_active: z.number().int().nullable(),
  location: z.string().nullable(),
  /** New-device protection: until then it cannot be deactivated (the plan's cooldownHours: 72 h free, 24 h premium). */
  protected_until: z.string().nullable(),
  isInCooldown: z.boolean(),
  cooldown_remaining_minutes: z.number().int(),
  /**
   * A new device's first hour: for this many more minutes it can be removed at once, without
   * protection or cooldown (a mistaken enrolment); 0 after that. Optional: older servers lack it.
   */
  removable_minutes_left: z.number().int().optional(),
  arch: z.string().nullable(),
  agent_version: z.string().nullable(),
  /** When another agent last connected with this machine's credential (a copied enrolment), and from which address; null after a week. */
  duplicate_agent: z.object({ at: z.string(), from: z.string().nullable() }).nullable(),
  /**
   * The agent's self-update: under way, failed, rolled back, or held by the administrator; null
   * when there is nothing to say. Absent from servers before agents updated themselves (an agent
   * reads this schema at enrolment, and must still enrol with them).
   */
  agent_update: z
    .object({ state: z.enum(AGENT_UPDATE_VIEW_STATES), version: z.string(), message: z.string().nullable(), at: z.string() })
    .nullable()
    .optional(),
});
export type Device = z.infer<typeof deviceSchema>;
export type AgentUpdateView = NonNullable<Device['agent_update']>;

/** GET /api/devices */
export const devicesResponseSchema = z.object({
  devices: z.array(deviceSchema),
  seatLimit: z.number().int(),
  seatsUsed: z.number().int(),
  /** Devices active within the last 24 hours (the summary's "Active Today"). */
  activeToday: z.number().int(),
  /** When the account may deactivate another device again (DEACTIVATION_COOLDOWN), or null. */
  deactivationAvailableAt: z.string().nullable(),
});
export type DevicesResponse = z.infer<typeof devicesResponseSchema>;

/** GET /api/devices/check: whether this browser is registered, and whether a seat is free. */
export const deviceCheckResponseSchema = z.object({
  registered: z.boolean(),
  reason: z.enum(['REGISTERED', 'NOT_REGISTERED', 'DEVICE_DEACTIVATED', 'NO_DEVICE_ID']),
  seatAvailable: z.boolean(),
  deviceCount: z.number().int(),
  seatLimit: z.number().int(),
});
export type DeviceCheckResponse = z.infer<typeof deviceCheckResponseSchema>;

/** POST /api/devices/register (this browser, X-Device-ID must match deviceId). */
export const registerDeviceRequestSchema = z.object({
  deviceId: deviceIdSchema,
  deviceName: deviceNameSchema,
  platform: platformInputSchema,
  hardwareFingerprint: z.string().trim().max(256).optional(),
});
export type RegisterDeviceRequest = z.input<typeof registerDeviceRequestSchema>;
/** POST /api/devices/register-primary: the same, with the device id from X-Device-ID. */
export const registerPrimaryRequestSchema = z.object({ deviceName: deviceNameSchema, platform: platformInputSchema });
export const registerDeviceResponseSchema = z.object({
  success: z.literal(true),
  isAdmin: z.boolean(),
  isFirstDevice: z.boolean(),
  device: deviceSchema,
  /**
   * Given once, when this registration made the browser a device (or its own session asked
   * again): the browser keeps it beside its device id and sends it as X-Device-Secret when it
   * signs in, which binds that session to this device. An id without it binds nothing.
   */
  deviceSecret: z.string().optional(),
});
export type RegisterDeviceResponse = z.infer<typeof registerDeviceResponseSchema>;

/** POST /api/devices/set-current, /ping, /update-status: the device id of the caller. */
export const deviceIdBodySchema = z.object({ deviceId: deviceIdSchema });
export const updateStatusRequestSchema = z.object({
  deviceId: deviceIdSchema,
  /** What prompted the update: the browser's interval, a visibility change, load or unload. */
  event: z.enum(['interval', 'visible', 'hidden', 'load', 'unload']).optional().default('interval'),
});
export const pingResponseSchema = z.object({ success: z.literal(true), serverTime: z.string() });

/** POST /api/devices/deactivate */
export const deactivateDeviceRequestSchema = z.object({
  deviceId: deviceIdSchema,
  /** Also remove the desktop client from that machine (the deactivation modal's checkbox). */
  removeClient: z.boolean().optional().default(false),
});
export const deactivateDeviceResponseSchema = z.object({
  success: z.literal(true),
  /** True when the caller deactivated its own device: the client logs out. */
  shouldLogout: z.boolean(),
});

export const deviceParamsSchema = z.object({ id: deviceIdSchema });
export const setAdminStatusRequestSchema = z.object({ isAdmin: z.boolean() });
export const renameDeviceRequestSchema = z.object({ deviceName: deviceNameSchema });
export const deviceResponseSchema = z.object({ success: z.literal(true), device: deviceSchema });

/** GET /api/devices/logout-notifications: notices for the caller's device, marked shown once read. */
export const logoutNotificationSchema = z.object({
  id: z.string(),
  deviceName: z.string(),
  reason: z.enum(['manual_deactivation', 'user_initiated', 'unexpected_logout', 'other']),
  shown: z.boolean(),
  createdAt: z.string(),
});
export const logoutNotificationsResponseSchema = z.object({ notifications: z.array(logoutNotificationSchema) });

/** GET /api/devices/audit: every change to the owner's devices, newest first. */
export const DEVICE_EVENT_TYPES = [
  'registered',
  'enrolled',
  'renamed',
  'deactivated',
  'admin_granted',
  'admin_revoked',
  'force_deleted',
  'uninstall_requested',
  'installation_requested',
] as const;
export const deviceEventSchema = z.object({
  id: z.string(),
  type: z.enum(DEVICE_EVENT_TYPES),
  deviceId: z.string(),
  deviceName: z.string(),
  /** The device that did it, when the change came from one. */
  actorDeviceId: z.string().nullable(),
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export const deviceAuditResponseSchema = z.object({ events: z.array(deviceEventSchema) });

/** A registration token: a code that enrols machines, with its expiry and uses. */
export const deviceTokenSchema = z.object({
  id: z.string(),
  code: z.string(),
  expires_at: z.string(),
  uses: z.number().int(),
  max_uses: z.number().int(),
  created_at: z.string(),
  /** A link that opens enrolment with this code (copy action). */
  registration_url: z.string(),
  /** The device group a machine enrolled with this code joins (Annual Premium); null: none. */
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
});
export type DeviceToken = z.infer<typeof deviceTokenSchema>;
export const deviceTokensResponseSchema = z.object({ tokens: z.array(deviceTokenSchema) });
/** POST /api/device-tokens */
export const createDeviceTokenRequestSchema = z.object({
  maxUses: z.number({ error: 'Max uses must be at least 1' }).int('Max uses must be a whole number').min(1, 'Max uses must be at least 1'),
  /** Machines enrolled with the code join this device group. */
  groupId: z.string().min(1).max(64).nullable().optional(),
});
export const createDeviceTokenResponseSchema = z.object({ token: deviceTokenSchema });
export const deviceTokenParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** POST /api/devices/enroll (docs/decisions.md#devices-and-enrolment): what the agent calls, without a user token. */
export const enrollRequestSchema = z.object({
  code: singleLineText('Registration code', 128, 'Registration code is required'),
  deviceId: deviceIdSchema,
  deviceName: deviceNameSchema,
  platform: platformInputSchema,
  // Shown on the device page and written to the log: a line break here could forge a line there.
  arch: singleLineText('Architecture', 32).optional(),
  hardwareFingerprint: singleLineText('Hardware fingerprint', 256).optional(),
  agentVersion: singleLineText('Agent version', 32).optional(),
});
export type EnrollRequest = z.input<typeof enrollRequestSchema>;
export const enrollResponseSchema = z.object({
  /** Shown once; the agent keeps it and sends it as a bearer token. Stored hashed. */
  credential: z.string(),
  device: deviceSchema,
  /**
   * The server's release key (Ed25519, raw 32 bytes, base64): the agent keeps it and accepts
   * only agent builds signed by it. Absent from servers that do not sign their builds.
   */
  releasePublicKey: releasePublicKeySchema.optional(),
});
export type EnrollResponse = z.infer<typeof enrollResponseSchema>;
