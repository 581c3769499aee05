import { z } from 'zod';

import { PACKAGE_ID_FIELDS, PACKAGE_MANAGER_PLATFORMS, type App } from '@shared/api/catalogue';
import { PACKAGE_ID_MANAGERS } from '@shared/api/installations';
import { CHECK_IN_CHANGES_KEPT, versionChangeSchema, type CheckIn } from '@shared/api/monitoring';

import { readJsonColumn } from '../db/json-column';
import type { DeviceCheckInsTable, DeviceInventoryTable } from '../db/schema';

type InventoryRow = Pick<DeviceInventoryTable, 'manager' | 'package_id' | 'installed_version' | 'available_version'>;
const storedChangeSchema = versionChangeSchema.omit({ name: true });
type StoredChange = z.infer<typeof storedChangeSchema>;

const keyOf = (row: Pick<InventoryRow, 'manager' | 'package_id'>) => `${row.manager}\u0000${row.package_id}`;

/**
 * What moved between two inventories of a machine: packages installed (from null), removed
 * (to null) or at another version. Maps, so linear in the two inventories' sizes. The first
 * inventory of a machine is its starting point, not a list of changes.
 */
export function versionChanges(before: readonly InventoryRow[] | null, after: readonly InventoryRow[]): StoredChange[] {
  if (before === null) return [];
  const old = new Map(before.map((row) => [keyOf(row), row]));
  const changes: StoredChange[] = [];
  for (const row of after) {
    const was = old.get(keyOf(row));
    old.delete(keyOf(row));
    if (was?.installed_version === row.installed_version) continue;
    changes.push({
      manager: row.manager,
      packageId: row.package_id,
      from: was?.installed_version ?? null,
      to: row.installed_version,
    });
  }
  for (const was of old.values()) {
    changes.push({ manager: was.manager, packageId: was.package_id, from: was.installed_version, to: null });
  }
  return changes;
}

/** The check-in row of an inventory report, with at most CHECK_IN_CHANGES_KEPT of its changes. */
export function inventoryCheckIn(
  ids: { id: string; userId: string; deviceRowId: string; at: string },
  before: readonly InventoryRow[] | null,
  after: readonly InventoryRow[],
): DeviceCheckInsTable {
  const changes = versionChanges(before, after);
  return {
    id: ids.id,
    user_id: ids.userId,
    device_row_id: ids.deviceRowId,
    kind: 'inventory',
    agent_version: null,
    apps: after.length,
    outdated: after.filter((row) => row.available_version !== null).length,
    changes: JSON.stringify(changes.slice(0, CHECK_IN_CHANGES_KEPT)),
    changes_total: changes.length,
    created_at: ids.at,
  };
}

/** Catalogue names by package, for the platform's managers: "apt\0hello" → "GNU Hello". */
export function appNamesByPackage(apps: readonly Pick<App, 'name' | (typeof PACKAGE_ID_FIELDS)[number]>[], platform: string) {
  const names = new Map<string, string>();
  for (const app of apps) {
    for (const field of PACKAGE_ID_FIELDS) {
      const id = app[field];
      if (id && PACKAGE_MANAGER_PLATFORMS[field] === platform) names.set(`${PACKAGE_ID_MANAGERS[field]}\u0000${id}`, app.name);
    }
  }
  return names;
}

export function toCheckIn(row: DeviceCheckInsTable, names: ReadonlyMap<string, string>): CheckIn {
  const stored = row.changes === null ? [] : readJsonColumn(z.array(storedChangeSchema), row.changes, []);
  return {
    id: row.id,
    at: row.created_at,
    kind: row.kind,
    agentVersion: row.agent_version,
    apps: row.apps,
    outdated: row.outdated,
    changes: stored.map((change) => ({ ...change, name: names.get(`${change.manager}\u0000${change.packageId}`) ?? change.packageId })),
    moreChanges: Math.max(0, (row.changes_total ?? stored.length) - stored.length),
  };
}
