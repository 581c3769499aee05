import { z } from 'zod';

import type { JobPackages, ManagerName } from '@shared/agent/protocol';
import { isValidPackageField, PACKAGE_ID_FIELDS, PACKAGE_MANAGER_PLATFORMS, type App, type PackageIdField } from '@shared/api/catalogue';
import { PACKAGE_ID_MANAGERS, type PreviewResponse } from '@shared/api/installations';
import { platformDisplayName } from '@shared/format';
import { MANAGER_NAMES } from '@shared/package-managers';

import { readJsonColumn } from '../db/json-column';
import type { DeviceInventoryTable, DevicesTable } from '../db/schema';

/** What decides, per app and device, whether and how it can be installed. */

/**
 * The ids a job carries. One stored before the grammar existed that breaks it is never sent to
 * an agent (which runs it as root): it goes as null, and the plan says why.
 */
export function packagesOf(app: Pick<App, PackageIdField>): JobPackages {
  return Object.fromEntries(PACKAGE_ID_FIELDS.map((field) => [field, sendableId(app, field)])) as JobPackages;
}

function sendableId(app: Partial<Record<PackageIdField, string | null>>, field: PackageIdField): string | null {
  const id = app[field] ?? null;
  return id !== null && isValidPackageField(field, id) ? id : null;
}

/** The app's valid package ids that serve this platform, in the order the agent prefers them. */
export function fieldsFor(app: Pick<App, PackageIdField>, platform: string): PackageIdField[] {
  return PACKAGE_ID_FIELDS.filter((field) => PACKAGE_MANAGER_PLATFORMS[field] === platform && sendableId(app, field) !== null);
}

/** The app's stored ids that break their manager's grammar (src/shared/package-ids.ts). */
export function invalidFieldsOf(app: Pick<App, PackageIdField>): PackageIdField[] {
  return PACKAGE_ID_FIELDS.filter((field) => app[field] !== null && sendableId(app, field) === null);
}

/** The managers the device's agent reported; null when it said none, or what is stored cannot be read (then any may do). */
export function managersOf(device: Pick<DevicesTable, 'managers'>): ManagerName[] | null {
  return device.managers === null ? null : readJsonColumn(z.array(z.enum(MANAGER_NAMES)), device.managers, null);
}

/**
 * Which manager would install the app on this device, or why none can: the platform has no
 * package of it, or the agent said it lacks every manager that has one. Before the agent
 * said which managers it has, the first that fits is the best guess.
 */
export function availability(
  app: Pick<App, PackageIdField>,
  device: Pick<DevicesTable, 'platform' | 'managers'>,
): { field: PackageIdField | null; reason: string | null } {
  const fields = fieldsFor(app, device.platform);
  if (fields.length === 0) {
    const broken = invalidFieldsOf(app).some((field) => PACKAGE_MANAGER_PLATFORMS[field] === device.platform);
    return {
      field: null,
      reason: broken
        ? 'Its package id in the catalogue is not valid, so it is not sent to machines'
        : `Not available on ${platformDisplayName(device.platform)}`,
    };
  }
  const managers = managersOf(device);
  const usable = managers === null ? fields : fields.filter((field) => managers.includes(PACKAGE_ID_MANAGERS[field]));
  if (usable[0] !== undefined) return { field: usable[0], reason: null };
  const needed = [...new Set(fields.map((field) => PACKAGE_ID_MANAGERS[field]))].join(' or ');
  return { field: null, reason: `Needs ${needed}, which this machine does not have` };
}

/**
 * The device's inventory row that is this app, under the first of its package ids for the
 * platform that the agent reported; the preview, the inventory and the list status all ask this.
 */
export function inventoryEntryOf(
  app: Pick<App, PackageIdField>,
  platform: string,
  rows: readonly DeviceInventoryTable[],
): { field: PackageIdField; row: DeviceInventoryTable } | null {
  const index = indexOf(rows);
  for (const field of fieldsFor(app, platform)) {
    const packageId = app[field];
    const row = packageId ? index.get(inventoryKey(PACKAGE_ID_MANAGERS[field], packageId)) : undefined;
    if (row) return { field, row };
  }
  return null;
}

const inventoryKey = (manager: string, packageId: string) => `${manager}\u0000${packageId}`;
const indexes = new WeakMap<readonly DeviceInventoryTable[], Map<string, DeviceInventoryTable>>();

/**
 * The rows by manager and package id, made once per array: callers look up every catalogue
 * app in one device's rows, which was apps × rows comparisons.
 */
function indexOf(rows: readonly DeviceInventoryTable[]): Map<string, DeviceInventoryTable> {
  let index = indexes.get(rows);
  if (!index) {
    index = new Map();
    // The first row of a package wins, as Array.find did.
    for (const row of rows) {
      const key = inventoryKey(row.manager, row.package_id);
      if (!index.has(key)) index.set(key, row);
    }
    indexes.set(rows, index);
  }
  return index;
}

export function installationPreview(
  device: DevicesTable,
  apps: readonly App[],
  inventory: readonly DeviceInventoryTable[],
): PreviewResponse['devices'][number] {
  const own = inventory.filter((row) => row.device_row_id === device.id);
  return {
    deviceId: device.device_id,
    deviceName: device.device_name,
    platform: device.platform,
    inventoryCheckedAt: device.inventory_checked_at,
    items: apps.map((app) => {
      const base = { appId: app.app_id, name: app.name };
      const found = inventoryEntryOf(app, device.platform, own);
      if (found)
        return {
          ...base,
          action: 'already_installed',
          manager: PACKAGE_ID_MANAGERS[found.field],
          packageId: found.row.package_id,
          installedVersion: found.row.installed_version,
          reason: null,
        };
      const { field, reason } = availability(app, device);
      if (field === null) return { ...base, action: 'unavailable', manager: null, packageId: null, installedVersion: null, reason };
      return {
        ...base,
        action: 'install',
        manager: PACKAGE_ID_MANAGERS[field],
        packageId: app[field],
        installedVersion: null,
        reason: null,
      };
    }),
  };
}
