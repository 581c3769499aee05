import type { JobKind, ManagerName } from '@shared/agent/protocol';
import {
  ITEM_STATUSES,
  type Installation,
  type InstallationItem,
  type InstallationStatus,
  type InstallationSummary,
  type InstallationTarget,
  type ItemCounts,
  type ItemStatus,
  type TargetStatus,
} from '@shared/api/installations';

import type { ItemRow, TargetRow } from '../db/repositories/installations.repository';
import type { InstallationsTable } from '../db/schema';

/** Three heartbeats missed: the agent is gone even if it never said goodbye. */
export const AGENT_ONLINE_WINDOW_MS = 90_000;

export function agentOnline(agentSeenAt: string | null, now: Date): boolean {
  return agentSeenAt !== null && now.getTime() - new Date(agentSeenAt).getTime() < AGENT_ONLINE_WINDOW_MS;
}

export function countItems(items: readonly { status: string }[]): ItemCounts {
  const counts = Object.fromEntries(ITEM_STATUSES.map((status) => [status, 0])) as ItemCounts;
  for (const item of items) counts[item.status as ItemStatus] += 1;
  return counts;
}

/**
 * The whole installation's status, from its devices' jobs and its apps: running while an
 * agent works on a job, waiting while a job waits for its device; otherwise failed when any app failed, expired or cancelled when every
 * job did, else succeeded (skipped apps are not failures).
 */
export function installationStatus(targets: readonly { status: string }[], counts: ItemCounts): InstallationStatus {
  const statuses = targets.map((target) => target.status as TargetStatus);
  if (statuses.includes('running')) return 'running';
  if (statuses.includes('waiting')) return 'waiting';
  if (counts.failed > 0) return 'failed';
  if (statuses.length > 0 && statuses.every((status) => status === 'expired')) return 'expired';
  if (statuses.length > 0 && statuses.every((status) => status === 'cancelled' || status === 'expired')) return 'cancelled';
  return 'succeeded';
}

export function toItem(row: ItemRow): InstallationItem {
  return {
    itemId: row.id,
    appId: row.app_id,
    name: row.app_name,
    status: row.status as ItemStatus,
    manager: row.manager as ManagerName | null,
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
    status: row.status as TargetStatus,
    reason: row.reason,
    deviceOnline: agentOnline(row.agent_seen_at, now),
    // A clean disconnect clears agent_seen_at; last_active_at keeps when the agent was last heard from.
    deviceSeenAt: row.last_active_at ?? row.agent_seen_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    items: items.map(toItem),
  };
}

export function toInstallation(row: InstallationsTable, targets: readonly TargetRow[], items: readonly ItemRow[], now: Date): Installation {
  const counts = countItems(items);
  return {
    id: row.id,
    kind: row.kind as JobKind,
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
  };
}
