import { Cron } from 'croner';

import { ErrorCode } from '@shared/api/errors';
import type { ScheduleCadence } from '@shared/api/schedules';

import { badRequest } from '../errors';

/** When a schedule runs, as the owner set it. */
export interface ScheduleTiming {
  cadence: ScheduleCadence;
  /** 0 (Sunday) … 6; null for daily. */
  weekday: number | null;
  /** "HH:MM", already checked by the shared schema. */
  time: string;
  timeZone: string;
}

/**
 * The zone's canonical IANA name ("utc" → "UTC"), or 400 INVALID_TIME_ZONE: Intl throws a
 * RangeError for a zone it does not know.
 */
export function canonicalTimeZone(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw badRequest(
      `${zone.slice(0, 64)} is not a time zone we know (use an IANA name such as Europe/Berlin)`,
      ErrorCode.INVALID_TIME_ZONE,
      {
        timeZone: 'Unknown time zone',
      },
    );
  }
}

/** The five-field cron expression of a timing: minute, hour, any day of month and month, weekday or any. */
export function cronExpressionOf(timing: Pick<ScheduleTiming, 'cadence' | 'weekday' | 'time'>): string {
  const [hours, minutes] = timing.time.split(':').map(Number);
  const weekday = timing.cadence === 'weekly' ? String(timing.weekday ?? 0) : '*';
  return `${minutes ?? 0} ${hours ?? 0} * * ${weekday}`;
}

/**
 * The first occurrence strictly after `after`, in UTC, as croner computes it in the schedule's
 * zone (across daylight-saving changes: a time that does not exist that day runs at the next
 * one that does).
 */
export function nextOccurrence(timing: ScheduleTiming, after: Date): Date {
  const cron = new Cron(cronExpressionOf(timing), { timezone: timing.timeZone, paused: true });
  try {
    const next = cron.nextRun(after);
    if (!next) throw new Error(`no next run for ${cronExpressionOf(timing)} in ${timing.timeZone}`);
    return next;
  } finally {
    cron.stop();
  }
}
