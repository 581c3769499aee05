import type { PolicyWindow, UpdatePolicy } from '@shared/api/update-policies';

import type { PolicyRow } from '../../db/repositories/update-policies.repository';
import { targetOf } from './policy-choice';
import { ringName, ringsOf } from './rings';
import { currentOrNextWindow, type ScheduleTiming, type WindowTimes } from './window-times';

export function timingOf(row: Pick<PolicyRow, 'cadence' | 'weekday' | 'time'>, timeZone: string): ScheduleTiming {
  return { cadence: row.cadence, weekday: row.weekday, time: row.time, timeZone };
}

export function windowOf(times: WindowTimes, timeZone: string): PolicyWindow {
  return { opensAt: times.opensAt.toISOString(), closesAt: times.closesAt.toISOString(), timeZone };
}

/** The window open now or the next one, on a clock in `zone`; null for a policy that is off. */
export function nextWindowOf(row: PolicyRow, zone: string, now: Date): PolicyWindow | null {
  if (row.mode === 'off') return null;
  return windowOf(currentOrNextWindow(timingOf(row, zone), row.window_minutes, now), zone);
}

export function toPolicy(
  row: PolicyRow,
  exceptions: UpdatePolicy['exceptions'],
  groupNames: ReadonlyMap<string, string>,
  now: Date,
): UpdatePolicy {
  const target = targetOf(row);
  // A machine's own policy is shown on its clock; the others on the policy's (each machine reads it on its own).
  const zone = (target === 'device' ? row.device_time_zone : null) ?? row.time_zone;
  return {
    id: row.id,
    target,
    deviceId: row.device_public_id,
    groupId: row.group_id,
    listId: row.list_id,
    targetName: row.device_name ?? row.group_name ?? row.list_name ?? 'Your account',
    mode: row.mode,
    cadence: row.cadence,
    weekday: row.weekday,
    time: row.time,
    timeZone: row.time_zone,
    windowMinutes: row.window_minutes,
    offline: row.offline,
    exceptions,
    rings: ringsOf(row).map((ring) => ({ ...ring, name: ringName(ring, groupNames) })),
    soakHours: row.soak_hours,
    failureThresholdPercent: row.failure_threshold,
    nextWindow: nextWindowOf(row, zone, now),
    lastRunAt: row.last_run_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
