import {
  ITEM_STATUSES,
  JOB_EXPIRY_DAYS,
  SUMMARY_APP_NAMES,
  type Installation,
  type InstallationItem,
  type InstallationStatus,
  type InstallationSummary,
  type InstallationTarget,
  type ItemCounts,
  type ItemStatus,
  type TargetStatus,
} from '@shared/api/installations';
import { isTargetCancelled, isTargetExpired, isTargetRunning, isTargetUntaken, UNSTARTED_ITEM_STATUSES } from '@shared/installation-states';
import { DAY_MS } from '@shared/time';

import type { ItemRow, TargetRow } from '../db/repositories/installations.repository';
import type { InstallationsTable, InstallationTargetsTable } from '../db/schema';

/** Three heartbeats missed: the agent is gone even if it never said goodbye. */
export const AGENT_ONLINE_WINDOW_MS = 90_000;

export function agentOnline(agentSeenAt: string | null, now: Date): boolean {
  return agentSeenAt !== null && now.getTime() - new Date(agentSeenAt).getTime() < AGENT_ONLINE_WINDOW_MS;
}

const EXPIRED_REASON = `No agent took this job within ${JOB_EXPIRY_DAYS} days`;
const WINDOW_EXPIRED_REASON = 'The machine did not connect in time for this window; its update policy tries again at the next one';

const DEADLINE_REASON = 'The machine did not start or connect again before the deadline; nothing was changed';

/** Why a waiting job ended: its next-start deadline, or a policy's window (shorter than JOB_EXPIRY_DAYS), or nobody took it. */
export function expiryReason(target: Pick<InstallationTargetsTable, 'created_at' | 'expires_at' | 'not_before'>): string {
  if (target.not_before !== null) return DEADLINE_REASON;
  return Date.parse(target.expires_at) - Date.parse(target.created_at) < JOB_EXPIRY_DAYS * DAY_MS ? WINDOW_EXPIRED_REASON : EXPIRED_REASON;
}

/** A waiting job past its expiry, whether or not the scheduler's task has ended it in the database yet. */
export function isOverdue(target: Pick<InstallationTargetsTable, 'status' | 'expires_at'>, now: Date): boolean {
  return isTargetUntaken(target.status) && Date.parse(target.expires_at) <= now.getTime();
}

/**
 * A read judges expiry itself: an overdue job shows as the expiry task will leave it (expired,
 * its queued apps cancelled with the reason) even before that task has run.
 */
function asOf(targets: readonly TargetRow[], items: readonly ItemRow[], now: Date): { targets: TargetRow[]; items: ItemRow[] } {
  const overdue = new Map(targets.filter((target) => isOverdue(target, now)).map((target) => [target.id, target]));
  if (overdue.size === 0) return { targets: [...targets], items: [...items] };
  return {
    targets: targets.map((target) =>
      overdue.has(target.id) ? { ...target, status: 'expired', reason: expiryReason(target), finished_at: target.expires_at } : target,
    ),
    items: items.map((item) => {
      const target = overdue.get(item.target_id);
      return target && UNSTARTED_ITEM_STATUSES.includes(item.status)
        ? { ...item, status: 'cancelled', message: expiryReason(target), updated_at: target.expires_at }
        : item;
    }),
  };
}

export function countItems(items: readonly { status: ItemStatus }[]): ItemCounts {
  const counts = Object.fromEntries(ITEM_STATUSES.map((status) => [status, 0])) as ItemCounts;
  for (const item of items) counts[item.status] += 1;
  return counts;
}

/**
 * The whole installation's status, from its devices' jobs and its apps: running while an
 * agent works on a job, waiting while a job waits for its device; otherwise failed when any app failed, expired or cancelled when every
 * job did, else succeeded (skipped apps are not failures).
 */
export function installationStatus(targets: readonly { status: TargetStatus }[], counts: ItemCounts): InstallationStatus {
  const statuses = targets.map((target) => target.status);
  if (statuses.some(isTargetRunning)) return 'running';
  if (statuses.some(isTargetUntaken)) return 'waiting';
  if (counts.failed > 0) return 'failed';
  if (statuses.length > 0 && statuses.every(isTargetExpired)) return 'expired';
  if (statuses.length > 0 && statuses.every((status) => isTargetCancelled(status) || isTargetExpired(status))) return 'cancelled';
  return 'succeeded';
}

export function toItem(row: ItemRow): InstallationItem {
  return {
    itemId: row.id,
    appId: row.app_id,
    name: row.app_name,
    status: row.status,
    manager: row.manager,
    version: row.version,
    exitCode: row.exit_code,
    message: row.message,
    hasLog: Number(row.has_log) === 1,
    updatedAt: row.updated_at,
  };
}

export function toTarget(row: TargetRow, items: readonly ItemRow[], now: Date): InstallationTarget {
  return {
    targetId: row.id,
    deviceId: row.device_id,
    deviceName: row.device_name,
    platform: row.platform,
    status: row.status,
    reason: row.reason,
    deviceOnline: agentOnline(row.agent_seen_at, now),
    // A clean disconnect clears agent_seen_at; last_active_at keeps when the agent was last heard from.
    deviceSeenAt: row.last_active_at ?? row.agent_seen_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    nextStartBy: row.not_before === null ? null : row.expires_at,
    items: items.map(toItem),
  };
}

export function toInstallation(
  row: InstallationsTable,
  storedTargets: readonly TargetRow[],
  storedItems: readonly ItemRow[],
  now: Date,
): Installation {
  const { targets, items } = asOf(storedTargets, storedItems, now);
  const counts = countItems(items);
  return {
    id: row.id,
    kind: row.kind,
    status: installationStatus(targets, counts),
    listId: row.list_id,
    listName: row.list_name,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    counts,
    targets: targets.map((target) =>
      toTarget(
        target,
        items.filter((item) => item.target_id === target.id),
        now,
      ),
    ),
  };
}

export function toSummary(installation: Installation): InstallationSummary {
  const { targets, ...rest } = installation;
  return {
    ...rest,
    devices: targets.map((target) => ({ deviceId: target.deviceId, deviceName: target.deviceName, status: target.status })),
    appNames: [...new Set(targets.flatMap((target) => target.items.map((item) => item.name)))].slice(0, SUMMARY_APP_NAMES),
  };
}
