import type { App, PackageIdField } from '@shared/api/catalogue';
import type { DriftKind } from '@shared/api/device-groups';

import type { DeviceDriftTable, DeviceInventoryTable, DevicesTable } from '../../db/schema';
import { availability, inventoryEntryOf } from '../installation-plan';

/** An app a machine's groups declare, with the version their list pins it at (null: any). */
export interface DeclaredApp {
  app: App;
  pin: string | null;
}

/** A catalogue app or an own app the machine's inventory may hold, by its row id. */
export type KnownApp = Pick<App, PackageIdField> & { id: number };

/** One difference, before it is stored with its `since`. */
export interface DriftFinding {
  appId: number;
  kind: DriftKind;
  installedVersion: string | null;
  wantedVersion: string | null;
}

/**
 * How a machine differs from what its groups declare, from the inventory its agent last
 * reported (no question to the agent): a declared app it can install but has not is missing; a
 * pinned one at another version is off its pin; an unpinned one with a newer version offered is
 * out of date; a known app it has that no group declares is extra. An app its platform cannot
 * have is not drift. A machine that never reported has no known drift. Linear in the declared
 * and installed apps (the inventory is indexed once per array).
 */
export function findDrift(
  device: Pick<DevicesTable, 'platform' | 'managers' | 'inventory_checked_at'>,
  declared: ReadonlyMap<number, DeclaredApp>,
  knownApps: readonly KnownApp[],
  inventory: readonly DeviceInventoryTable[],
): DriftFinding[] {
  if (device.inventory_checked_at === null) return [];
  const findings: DriftFinding[] = [];
  // The packages a declared app accounts for: another app of the same package is not extra.
  const accounted = new Set<DeviceInventoryTable>();
  for (const { app, pin } of declared.values()) {
    if (availability(app, device).field === null) continue;
    const entry = inventoryEntryOf(app, device.platform, inventory);
    if (entry) accounted.add(entry.row);
    if (!entry) {
      findings.push({ appId: app.app_id, kind: 'missing', installedVersion: null, wantedVersion: pin });
      continue;
    }
    const installed = entry.row.installed_version;
    if (pin !== null && installed !== pin)
      findings.push({ appId: app.app_id, kind: 'off_pin', installedVersion: installed, wantedVersion: pin });
    else if (pin === null && entry.row.available_version !== null)
      findings.push({ appId: app.app_id, kind: 'outdated', installedVersion: installed, wantedVersion: entry.row.available_version });
  }
  for (const app of knownApps) {
    if (declared.has(app.id)) continue;
    const entry = inventoryEntryOf(app, device.platform, inventory);
    // One extra per installed package, whichever app of it comes first.
    if (!entry || accounted.has(entry.row)) continue;
    accounted.add(entry.row);
    findings.push({ appId: app.id, kind: 'extra', installedVersion: entry.row.installed_version, wantedVersion: null });
  }
  return findings;
}

/**
 * The rows to store: a difference seen before, of the same kind, keeps when it was first seen
 * (a new version offered for an app already out of date is the same drift); anything else
 * starts now.
 */
export function driftRows(
  findings: readonly DriftFinding[],
  before: readonly DeviceDriftTable[],
  ids: { deviceRowId: string; userId: string },
  now: string,
): DeviceDriftTable[] {
  const earlier = new Map(before.map((row) => [row.app_id, row]));
  const seen = new Set<number>();
  const rows: DeviceDriftTable[] = [];
  for (const finding of findings) {
    // One row per app: an app two ways at once (never, by findDrift) keeps the first.
    if (seen.has(finding.appId)) continue;
    seen.add(finding.appId);
    const previous = earlier.get(finding.appId);
    rows.push({
      device_row_id: ids.deviceRowId,
      app_id: finding.appId,
      user_id: ids.userId,
      kind: finding.kind,
      installed_version: finding.installedVersion,
      wanted_version: finding.wantedVersion,
      since: previous?.kind === finding.kind ? previous.since : now,
    });
  }
  return rows;
}
