import { z } from 'zod';

import { deviceIdSchema } from './devices';

/**
 * Update policies (Premium; a group's needs Annual Premium): when and what Loadout updates by
 * itself. A policy belongs to the account, a device group, one machine or a list (the list's apps
 * on every machine that has them). It opens a maintenance window daily or weekly at a time in
 * each machine's own time zone; in it, the apps out of date (all of them, or only security
 * updates where the manager can tell) are updated, except the apps it excepts and pinned ones.
 * docs/update-policies.md says how a machine's policy is chosen.
 */

export const SCHEDULE_CADENCES = ['daily', 'weekly'] as const;
export type ScheduleCadence = (typeof SCHEDULE_CADENCES)[number];

/** 0 is Sunday, as in cron and `Date.getDay()`. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A maintenance window is at least this long and at most 12 hours (it must end before the next one opens). */
export const WINDOW_MIN_MINUTES = 15;
export const WINDOW_MAX_MINUTES = 12 * 60;
export const WINDOW_DEFAULT_MINUTES = 2 * 60;

/** What a policy updates: everything out of date, only security updates (apt tells them apart), or nothing. */
export const POLICY_MODES = ['all', 'security', 'off'] as const;
export type PolicyMode = (typeof POLICY_MODES)[number];

/**
 * A machine that was off for its whole window: its updates wait for it and run when it next
 * connects (before the next window), or they lapse and it waits for the next window.
 */
export const OFFLINE_CHOICES = ['next-connection', 'next-window'] as const;
export type OfflineChoice = (typeof OFFLINE_CHOICES)[number];

export const POLICY_TARGETS = ['account', 'group', 'device', 'list'] as const;
export type PolicyTarget = (typeof POLICY_TARGETS)[number];

/** Apps one policy may except. */
export const POLICY_EXCEPTIONS_MAX = 200;

/**
 * Rings (Annual Premium): a policy may roll each new version out ring by ring. A ring is a
 * group's members or a share of the other machines (chosen by a stable hash of each machine, so
 * the same machines go first every time); everyone else is the last ring, always. A ring opens
 * after the one before it has been open `soakHours` with at most `failureThresholdPercent` of
 * its finished updates failed; more stops the rollout until the owner resumes or cancels it.
 */
export const RINGS_MAX = 4;
export const SOAK_HOURS_MAX = 14 * 24;
export const ROLLOUT_STATES = ['running', 'stopped', 'cancelled', 'done'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];

export const ringSchema = z
  .object({
    groupId: z.string().min(1).max(64).nullable().default(null),
    percent: z
      .number()
      .int()
      .min(1, 'A ring is 1 to 99 % of the machines')
      .max(99, 'A ring is 1 to 99 % of the machines')
      .nullable()
      .default(null),
  })
  .refine((ring) => (ring.groupId === null) !== (ring.percent === null), {
    message: 'A ring is either a group or a share of the machines',
  });
export type Ring = z.output<typeof ringSchema>;

/** 24-hour "HH:MM"; one character class per position, so it cannot backtrack. */
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const scheduleTimeSchema = z.string({ error: 'Time is required' }).trim().regex(TIME_PATTERN, 'Time must be HH:MM (00:00 to 23:59)');

/** The server checks the zone against Intl (INVALID_TIME_ZONE); here only its shape. */
export const timeZoneSchema = z
  .string({ error: 'Time zone is required' })
  .trim()
  .min(1, 'Time zone is required')
  .max(64, 'Time zone is too long');

const policyFields = {
  mode: z.enum(POLICY_MODES, { error: 'Updates must be all, security or off' }).default('all'),
  cadence: z.enum(SCHEDULE_CADENCES, { error: 'Cadence must be daily or weekly' }),
  /** Required for weekly windows; ignored (stored as null) for daily ones. */
  weekday: z
    .number()
    .int()
    .min(0, 'Weekday must be 0 (Sunday) to 6 (Saturday)')
    .max(6, 'Weekday must be 0 (Sunday) to 6 (Saturday)')
    .nullable()
    .default(null),
  /** When the window opens, on each machine's own clock. */
  time: scheduleTimeSchema,
  /** The zone of a machine that has not told its own (agents before 2026-11 do not). */
  timeZone: timeZoneSchema,
  windowMinutes: z
    .number()
    .int()
    .min(WINDOW_MIN_MINUTES, `The maintenance window is at least ${WINDOW_MIN_MINUTES} minutes`)
    .max(WINDOW_MAX_MINUTES, 'The maintenance window is at most 12 hours')
    .default(WINDOW_DEFAULT_MINUTES),
  offline: z.enum(OFFLINE_CHOICES, { error: 'Offline must be next-connection or next-window' }).default('next-connection'),
  /** Before everyone: the rings a new version goes through first (none: everyone at once). */
  rings: z.array(ringSchema).max(RINGS_MAX, `At most ${RINGS_MAX} rings before everyone`).default([]),
  soakHours: z.number().int().min(1, 'Soak at least an hour').max(SOAK_HOURS_MAX, 'Soak at most 14 days').default(24),
  failureThresholdPercent: z.number().int().min(0).max(100).default(20),
  /** Catalogue or own app ids this policy never updates. */
  exceptAppIds: z
    .array(z.number().int().positive())
    .max(POLICY_EXCEPTIONS_MAX, `A policy excepts at most ${POLICY_EXCEPTIONS_MAX} apps`)
    .default([]),
};

function weekdayForWeekly(value: { cadence: ScheduleCadence; weekday: number | null }, ctx: z.RefinementCtx): void {
  if (value.cadence === 'weekly' && value.weekday === null)
    ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'Choose a weekday for a weekly window' });
}

/** What a policy does; the same fields for creating and changing one. */
export const policySettingsSchema = z.object(policyFields).superRefine(weekdayForWeekly);

/** POST /api/update-policies: at most one of deviceId, groupId and listId; none is the account's policy. */
export const createPolicyRequestSchema = z
  .object({
    deviceId: deviceIdSchema.optional(),
    groupId: z.string().min(1).max(64).optional(),
    listId: z.string().min(1).max(64).optional(),
    ...policyFields,
  })
  .superRefine((value, ctx) => {
    const named = [value.deviceId, value.groupId, value.listId].filter((target) => target !== undefined);
    if (named.length > 1) ctx.addIssue({ code: 'custom', path: ['deviceId'], message: 'Name at most one of a device, a group and a list' });
    weekdayForWeekly(value, ctx);
  });
export type CreatePolicyRequest = z.input<typeof createPolicyRequestSchema>;
export type CreatePolicyInput = z.output<typeof createPolicyRequestSchema>;

/** PUT /api/update-policies/{id}: the settings; what it applies to stays. */
export const updatePolicyRequestSchema = policySettingsSchema;
export type UpdatePolicyRequest = z.input<typeof updatePolicyRequestSchema>;
export type PolicySettingsInput = z.output<typeof policySettingsSchema>;

export const policyParamsSchema = z.object({ id: z.string().min(1).max(64) });

const windowSchema = z.object({
  /** UTC ISO-8601. */
  opensAt: z.string(),
  closesAt: z.string(),
  /** The zone the window was read in: the machine's, or the policy's for a machine that has not told it. */
  timeZone: z.string(),
});
export type PolicyWindow = z.infer<typeof windowSchema>;

export const updatePolicySchema = z.object({
  id: z.string(),
  target: z.enum(POLICY_TARGETS),
  /** The device's public id (for a machine's policy), else null. */
  deviceId: z.string().nullable(),
  groupId: z.string().nullable(),
  listId: z.string().nullable(),
  /** The device's, group's or list's name now; "Your account" for the account's. */
  targetName: z.string(),
  mode: z.enum(POLICY_MODES),
  cadence: z.enum(SCHEDULE_CADENCES),
  weekday: z.number().int().min(0).max(6).nullable(),
  time: z.string(),
  timeZone: z.string(),
  windowMinutes: z.number().int(),
  offline: z.enum(OFFLINE_CHOICES),
  exceptions: z.array(z.object({ appId: z.number().int(), name: z.string() })),
  /** The rings before everyone, each with its name now ("Canary" for a group, "25 %" for a share). */
  rings: z.array(z.object({ groupId: z.string().nullable(), percent: z.number().int().nullable(), name: z.string() })),
  soakHours: z.number().int(),
  failureThresholdPercent: z.number().int(),
  /** The next window in the policy's own zone (each machine's opens at that time on its own clock); null when off. */
  nextWindow: windowSchema.nullable(),
  /** When a window of it last sent updates to a machine. */
  lastRunAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UpdatePolicy = z.infer<typeof updatePolicySchema>;

/** GET /api/update-policies: the caller's, oldest first. */
export const updatePoliciesResponseSchema = z.object({ policies: z.array(updatePolicySchema) });
export type UpdatePoliciesResponse = z.infer<typeof updatePoliciesResponseSchema>;

/**
 * GET /api/devices/{id}/update-policy: the policy that decides for this machine and why, its
 * next window on the machine's own clock, and the list policies that decide for some of its apps.
 */
export const devicePolicyResponseSchema = z.object({
  policy: updatePolicySchema.nullable(),
  /** One sentence: "This machine's own policy", "The group Office's policy", "Your account's policy", "No policy: …". */
  reason: z.string(),
  /** The zone the machine reported; null when its agent has not told it. */
  machineTimeZone: z.string().nullable(),
  nextWindow: windowSchema.nullable(),
  /** Policies of lists that decide for the apps of those lists on this machine (when no machine or group policy does). */
  listPolicies: z.array(updatePolicySchema),
});
export type DevicePolicyResponse = z.infer<typeof devicePolicyResponseSchema>;

/** One ring of a rollout as it stands. */
export const rolloutRingSchema = z.object({
  /** "Canary" (a group), "25 %", or "Everyone". */
  name: z.string(),
  /** When it opened; null while it waits. */
  openedAt: z.string().nullable(),
  sent: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
});

/** A new version of one app going through a policy's rings. */
export const rolloutSchema = z.object({
  id: z.string(),
  policyId: z.string(),
  /** The policy's target's name ("Your account", "Office"). */
  policyName: z.string(),
  appId: z.number().int(),
  appName: z.string(),
  version: z.string(),
  state: z.enum(ROLLOUT_STATES),
  /** The ring open now (0 the first); the last is everyone. */
  ring: z.number().int(),
  rings: z.array(rolloutRingSchema),
  /** The machines whose update failed, and why, newest first. */
  failures: z.array(
    z.object({ deviceId: z.string(), deviceName: z.string(), ring: z.number().int(), message: z.string(), at: z.string() }),
  ),
  /** Why it stopped ("2 of 3 updates in Canary failed (67 %, more than 20 %)"); null unless stopped. */
  stoppedReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Rollout = z.infer<typeof rolloutSchema>;

/** GET /api/rollouts: the account's, newest first (at most ROLLOUTS_SHOWN). */
export const ROLLOUTS_SHOWN = 50;
export const rolloutsResponseSchema = z.object({ rollouts: z.array(rolloutSchema) });
export type RolloutsResponse = z.infer<typeof rolloutsResponseSchema>;

export const rolloutParamsSchema = z.object({ id: z.string().min(1).max(64) });
