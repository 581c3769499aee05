import type { DriftEntry } from '@shared/api/device-groups';
import type { Installation } from '@shared/api/installations';

/**
 * What each event's `data` holds (docs/webhooks.md shows each). Built from what the server
 * already has when the event happens; links point at the pages that show the same thing.
 */

/** A log's last lines are what tell why an installer failed; more than this of each is left out. */
export const LOG_TAIL_BYTES = 4 * 1024;
/** A body past this is sent without its logs (each app's outcome and message stay). */
export const BODY_MAX_BYTES = 512 * 1024;

function tail(log: string | undefined): string | null {
  if (log === undefined) return null;
  const bytes = Buffer.from(log, 'utf8');
  return bytes.length <= LOG_TAIL_BYTES ? log : `…${bytes.subarray(bytes.length - LOG_TAIL_BYTES).toString('utf8')}`;
}

export interface MachineRef {
  deviceId: string;
  deviceName: string;
  platform: string;
}

const machineOf = (machine: MachineRef, publicUrl: string) => ({ ...machine, url: `${publicUrl}/devices/${machine.deviceId}` });

/** installation.finished (and the apps of rollback.finished): each machine's apps with their outcome and log. */
export function installationData(installation: Installation, logs: ReadonlyMap<string, string>, publicUrl: string, withLogs = true) {
  return {
    installation: {
      id: installation.id,
      kind: installation.kind,
      status: installation.status,
      listId: installation.listId,
      listName: installation.listName,
      createdAt: installation.createdAt,
      finishedAt: installation.finishedAt,
      counts: installation.counts,
      url: `${publicUrl}/installations/${installation.id}`,
    },
    machines: installation.targets.map((target) => ({
      ...machineOf(target, publicUrl),
      status: target.status,
      reason: target.reason,
      apps: target.items.map((item) => ({
        appId: item.appId,
        name: item.name,
        outcome: item.status,
        manager: item.manager,
        version: item.version,
        exitCode: item.exitCode,
        message: item.message,
        log: withLogs ? tail(logs.get(item.itemId)) : null,
      })),
    })),
    ...(withLogs ? {} : { logsOmitted: true }),
  };
}

/** drift.detected: what newly differs on one machine from its groups' lists. */
export function driftData(
  machine: MachineRef,
  groups: readonly { id: string; name: string }[],
  entries: readonly Omit<DriftEntry, 'name'>[],
  names: ReadonlyMap<number, string>,
  publicUrl: string,
) {
  return {
    machine: machineOf(machine, publicUrl),
    groups: groups.map((group) => ({ ...group, url: `${publicUrl}/groups/${group.id}` })),
    drift: entries.map((entry) => ({ ...entry, name: names.get(entry.appId) ?? null })),
  };
}

/** machine.silent */
export function silentData(machine: MachineRef, lastReportAt: string, hours: number, publicUrl: string) {
  return { machine: machineOf(machine, publicUrl), lastReportAt, silentForHours: hours };
}

/** ping: what "Send test event" posts. */
export function pingData(endpointId: string) {
  return { message: 'A test event from Loadout. Your endpoint received it.', endpointId };
}
