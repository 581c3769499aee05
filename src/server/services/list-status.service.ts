import type { App } from '@shared/api/catalogue';
import { PACKAGE_ID_MANAGERS, type ListStatus, type ListStatusSummary } from '@shared/api/installations';
import type { ListItem } from '@shared/api/lists';

import type { AppContext } from '../context';
import { inventoryOf } from '../db/repositories/device-agent.repository';
import { devicesOfLists } from '../db/repositories/installations.repository';
import { listItemsOfLists } from '../db/repositories/lists.repository';
import type { DeviceInventoryTable, DevicesTable } from '../db/schema';
import { groupBy } from './group-by';
import { fieldsFor, inventoryEntryOf } from './installation-plan';
import { agentOnline } from './installation-view';
import { toListItems, type ListService } from './list.service';

type AppStatus = ListStatus['devices'][number]['apps'][number];

/**
 * Per list: on each device the list was installed onto, which of its apps are
 * installed, out of date or missing, by the device's last inventory. The app ↔ inventory
 * match is the installation preview's (installation-plan.ts), so the two never disagree.
 */
export class ListStatusService {
  constructor(
    private readonly ctx: AppContext,
    private readonly lists: ListService,
  ) {}

  async status(userId: string, listId: string): Promise<ListStatus> {
    // Another user's list: 404, from the list service.
    const list = await this.lists.detail(userId, listId);
    const devices = await devicesOfLists(this.ctx.db, userId, [listId]);
    const inventory = await this.inventoryByDevice(devices);
    const now = this.ctx.clock.now();
    return {
      listId: list.id,
      listName: list.name,
      devices: devices.map((device) => ({
        deviceId: device.device_id,
        deviceName: device.device_name,
        platform: device.platform,
        online: agentOnline(device.agent_seen_at, now),
        inventoryCheckedAt: device.inventory_checked_at,
        apps: list.apps.map((app) => appStatus(app, device, inventory.get(device.id) ?? NO_ROWS)),
      })),
    };
  }

  /**
   * Every list of the user at a glance (the list cards): the same statuses as `status`, for all
   * lists from four queries however many lists there are (Premium has no limit on them).
   */
  async summary(userId: string): Promise<ListStatusSummary> {
    const lists = await this.lists.lists(userId);
    const listIds = lists.map((list) => list.id);
    const [items, pairs] = await Promise.all([listItemsOfLists(this.ctx.db, listIds), devicesOfLists(this.ctx.db, userId, listIds)]);
    const inventory = await this.inventoryByDevice(pairs);
    const itemsByList = groupBy(items, (row) => row.list_id);
    const devicesByList = groupBy(pairs, (pair) => pair.list_id ?? '');
    const summaries: ListStatusSummary['lists'] = [];
    for (const list of lists) {
      const listApps = toListItems(itemsByList.get(list.id) ?? []);
      const devices = devicesByList.get(list.id) ?? [];
      const apps = devices.flatMap((device) => listApps.map((app) => appStatus(app, device, inventory.get(device.id) ?? NO_ROWS)));
      const count = (test: (app: AppStatus) => boolean) => apps.filter(test).length;
      summaries.push({
        listId: list.id,
        devices: devices.length,
        installed: count((app) => app.state === 'installed'),
        outdated: count((app) => app.state === 'outdated'),
        missing: count((app) => app.state === 'missing'),
        unchecked: count((app) => app.unknownReason === 'no_inventory'),
      });
    }
    return { lists: summaries };
  }

  /** The devices' last inventories, by device row id. */
  private async inventoryByDevice(devices: readonly DevicesTable[]): Promise<Map<string, DeviceInventoryTable[]>> {
    const rows = await inventoryOf(this.ctx.db, [...new Set(devices.map((device) => device.id))]);
    return groupBy(rows, (row) => row.device_row_id);
  }
}

const NO_ROWS: readonly DeviceInventoryTable[] = [];

function appStatus(app: App & Pick<ListItem, 'pinnedVersion'>, device: DevicesTable, rows: readonly DeviceInventoryTable[]): AppStatus {
  const base = { appId: app.app_id, name: app.name, manager: null, installedVersion: null, availableVersion: null, unknownReason: null };
  if (fieldsFor(app, device.platform).length === 0) return { ...base, state: 'unknown', unknownReason: 'not_available' };
  if (device.inventory_checked_at === null) return { ...base, state: 'unknown', unknownReason: 'no_inventory' };
  const entry = inventoryEntryOf(app, device.platform, rows);
  if (!entry) return { ...base, state: 'missing' };
  const { installed_version: installed, available_version: available } = entry.row;
  // The inventory keeps a newer version only (InventoryService.reported); a pinned app is where
  // it should be whatever is newer: no update moves it (docs/pinned-versions.md).
  const outdated = available !== null && app.pinnedVersion === null;
  return {
    ...base,
    state: outdated ? 'outdated' : 'installed',
    manager: PACKAGE_ID_MANAGERS[entry.field],
    installedVersion: installed,
    availableVersion: outdated ? available : null,
  };
}
