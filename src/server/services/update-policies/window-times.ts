import { Cron } from 'croner';

import { ErrorCode } from '@shared/api/errors';
import type { ScheduleCadence } from '@shared/api/update-policies';

import { badRequest } from '../../errors';

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
  const known = knownTimeZone(zone);
  if (known === null)
    throw badRequest(
      `${zone.slice(0, 64)} is not a time zone we know (use an IANA name such as Europe/Berlin)`,
      ErrorCode.INVALID_TIME_ZONE,
      {
        timeZone: 'Unknown time zone',
      },
    );
  return known;
}

/** The zone's canonical name when Intl knows it, else null (what an agent reports is not trusted to be one). */
export function knownTimeZone(zone: string | undefined): string | null {
  if (!zone) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
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

/** One maintenance window, in UTC. */
export interface WindowTimes {
  opensAt: Date;
  closesAt: Date;
}

/**
 * The window open at `now` on a clock in `zone`, or null: the last opening at or before `now`
 * whose window has not closed. Read as the first opening after `now − length`, so it is the same
 * croner reckoning (and the same daylight-saving answer) as every next window.
 */
export function openWindowAt(timing: ScheduleTiming, windowMinutes: number, now: Date): WindowTimes | null {
  const lengthMs = windowMinutes * 60_000;
  const opensAt = nextOccurrence(timing, new Date(now.getTime() - lengthMs));
  if (opensAt.getTime() > now.getTime()) return null;
  return { opensAt, closesAt: new Date(opensAt.getTime() + lengthMs) };
}

/** The window open now, else the next one. */
export function currentOrNextWindow(timing: ScheduleTiming, windowMinutes: number, now: Date): WindowTimes {
  const open = openWindowAt(timing, windowMinutes, now);
  if (open) return open;
  const opensAt = nextOccurrence(timing, now);
  return { opensAt, closesAt: new Date(opensAt.getTime() + windowMinutes * 60_000) };
}
