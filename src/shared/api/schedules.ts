import { z } from 'zod';

import { deviceIdSchema } from './devices';

/**
 * Custom update schedules (premium): a device's out-of-date apps, or a list's apps on
 * every device that has them, upgraded daily or weekly at a time in the owner's time zone.
 */

export const SCHEDULE_CADENCES = ['daily', 'weekly'] as const;
export type ScheduleCadence = (typeof SCHEDULE_CADENCES)[number];

/** 0 is Sunday, as in cron and `Date.getDay()`. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A maintenance window is at least this long and at most 12 hours (it must end before the next run). */
export const WINDOW_MIN_MINUTES = 15;
export const WINDOW_MAX_MINUTES = 12 * 60;

/** 24-hour "HH:MM"; one character class per position, so it cannot backtrack. */
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const scheduleTimeSchema = z.string({ error: 'Time is required' }).trim().regex(TIME_PATTERN, 'Time must be HH:MM (00:00 to 23:59)');

/** The server checks the zone against Intl (INVALID_TIME_ZONE); here only its shape. */
export const timeZoneSchema = z
  .string({ error: 'Time zone is required' })
  .trim()
  .min(1, 'Time zone is required')
  .max(64, 'Time zone is too long');

const timingFields = {
  cadence: z.enum(SCHEDULE_CADENCES, { error: 'Cadence must be daily or weekly' }),
  /** Required for weekly schedules; ignored (stored as null) for daily ones. */
  weekday: z
    .number()
    .int()
    .min(0, 'Weekday must be 0 (Sunday) to 6 (Saturday)')
    .max(6, 'Weekday must be 0 (Sunday) to 6 (Saturday)')
    .nullable()
    .default(null),
  time: scheduleTimeSchema,
  timeZone: timeZoneSchema,
  /** How long after the start an offline device may still run the updates when it connects; null: until the next run. */
  windowMinutes: z
    .number()
    .int()
    .min(WINDOW_MIN_MINUTES, `The maintenance window is at least ${WINDOW_MIN_MINUTES} minutes`)
    .max(WINDOW_MAX_MINUTES, 'The maintenance window is at most 12 hours')
    .nullable()
    .default(null),
  enabled: z.boolean().default(true),
};

function weekdayForWeekly(value: { cadence: ScheduleCadence; weekday: number | null }, ctx: z.RefinementCtx): void {
  if (value.cadence === 'weekly' && value.weekday === null)
    ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'Choose a weekday for a weekly schedule' });
}

/** When a schedule runs; the same fields for creating and changing one. */
export const scheduleTimingSchema = z.object(timingFields).superRefine(weekdayForWeekly);

/** POST /api/schedules: exactly one of deviceId and listId. */
export const createScheduleRequestSchema = z
  .object({
    deviceId: deviceIdSchema.optional(),
    listId: z.string().min(1).max(64).optional(),
    ...timingFields,
  })
  .superRefine((value, ctx) => {
    if ((value.deviceId === undefined) === (value.listId === undefined))
      ctx.addIssue({ code: 'custom', path: ['deviceId'], message: 'Name either a device or a list' });
    weekdayForWeekly(value, ctx);
  });
export type CreateScheduleRequest = z.input<typeof createScheduleRequestSchema>;
export type CreateScheduleInput = z.output<typeof createScheduleRequestSchema>;

/** PUT /api/schedules/{id}: the timing; the device or list stays. */
export const updateScheduleRequestSchema = scheduleTimingSchema;
export type UpdateScheduleRequest = z.input<typeof updateScheduleRequestSchema>;
export type ScheduleTimingInput = z.output<typeof scheduleTimingSchema>;

export const scheduleParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const scheduleSchema = z.object({
  id: z.string(),
  target: z.enum(['device', 'list']),
  /** The device's public id (for a device schedule), else null. */
  deviceId: z.string().nullable(),
  listId: z.string().nullable(),
  /** The device's or list's name now. */
  targetName: z.string(),
  cadence: z.enum(SCHEDULE_CADENCES),
  weekday: z.number().int().min(0).max(6).nullable(),
  time: z.string(),
  timeZone: z.string(),
  windowMinutes: z.number().int().nullable(),
  enabled: z.boolean(),
  /** The next occurrence, UTC ISO-8601; it does not fire while the plan lacks schedules. */
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** GET /api/schedules: the caller's, oldest first. */
export const schedulesResponseSchema = z.object({ schedules: z.array(scheduleSchema) });
export type SchedulesResponse = z.infer<typeof schedulesResponseSchema>;
