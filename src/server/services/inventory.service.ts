import { INVENTORY_REQUEST_MAX, type InventoryPackage, type ManagerName } from '@shared/agent/protocol';
import { isValidPackageField, PACKAGE_ID_FIELDS, PACKAGE_MANAGER_PLATFORMS, type PackageIdField } from '@shared/api/catalogue';
import { ErrorCode } from '@shared/api/errors';
import { PACKAGE_ID_MANAGERS, type DeviceInventory } from '@shared/api/installations';

import { isoNow, type AppContext } from '../context';
import { chosenAppIds } from '../db/repositories/chosen-apps.repository';
import { inventoryCheckedAt, inventoryOf, replaceInventory } from '../db/repositories/device-agent.repository';
import { insertCheckIn } from '../db/repositories/device-check-ins.repository';
import { agentDeviceRowIds, findActiveDevice } from '../db/repositories/devices.repository';
import { heldUpdatesOf, releaseHeldUpdate, restoreAvailableVersion } from '../db/repositories/held-updates.repository';
import { pinsOfUser } from '../db/repositories/lists.repository';
import { ownAppsOf } from '../db/repositories/own-apps.repository';
import type { DeviceInventoryTable, DevicesTable, HeldUpdatesTable } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import type { RateLimiter } from '../security/rate-limiter';
import { newId } from '../security/tokens';
import { inventoryCheckIn } from './check-ins';
import { isEnrolledMachine } from './device-view';
import type { InstallationEvents } from './installation-events';
import { inventoryEntryOf } from './installation-plan';
import { agentOnline } from './installation-view';
import type { ListItemsObserver } from './list.service';
import type { NotificationService } from './notification.service';

/** "Check now" reaches a device's agent at most once in this long. */
const INVENTORY_REFRESH_WINDOW_MS = 30_000;

/**
 * A device's inventory: what its agent is asked to report and what it reported, what the owner
 * reads of it, and "Check now" to ask again.
 */
export class InventoryService implements ListItemsObserver {
  constructor(
    private readonly ctx: AppContext,
    private readonly rateLimiter: RateLimiter,
    private readonly events: InstallationEvents,
    private readonly notifications: NotificationService,
  ) {}

  private readonly reportObservers: ((device: DevicesTable) => void)[] = [];

  /** Told after a machine's inventory was replaced (device groups work out its drift from it). */
  observeReports(observer: (device: DevicesTable) => void): void {
    this.reportObservers.push(observer);
  }

  /**
   * The packages whose versions the agent should report: the curated catalogue's for the
   * device's platform (the apps people look for on a machine), worked out once per platform
   * from the process's catalogue snapshot, not per hello (that array is shared by every hello
   * until the catalogue changes, so it is only ever sent); then the apps the owner chose for
   * it (in a list, or installed there by Loadout), which may be any of the tens of thousands an
   * index brought, and the owner's own apps, so that a list's status knows them too. Never the
   * whole indexed catalogue: a Linux machine has a thousand of Debian's packages, which nobody
   * asked Loadout about. At most INVENTORY_REQUEST_MAX packages.
   */
  async wanted(device: DevicesTable): Promise<{ manager: ManagerName; id: string }[]> {
    const fields = PACKAGE_ID_FIELDS.filter((field) => PACKAGE_MANAGER_PLATFORMS[field] === device.platform);
    const curated = await this.ctx.catalogue.derived(`inventory request ${device.platform}`, (apps) =>
      packagesWanted(
        apps.filter((app) => app.curated === 1),
        fields,
      ),
    );
    const [chosen, own] = await Promise.all([chosenAppIds(this.ctx.db, device.user_id, device.id), ownAppsOf(this.ctx.db, device.user_id)]);
    const extra = packagesWanted([...(await this.ctx.catalogue.appsWithIds(chosen)), ...own], fields);
    if (extra.length === 0) return curated;
    const known = new Set(curated.map((entry) => `${entry.manager}:${entry.id}`));
    return [...curated, ...extra.filter((entry) => !known.has(`${entry.manager}:${entry.id}`))].slice(0, INVENTORY_REQUEST_MAX);
  }

  /**
   * An app went into one of the owner's lists. Machines are asked about the curated catalogue
   * and their own apps anyway; an app an index brought is asked about only once someone chose
   * it, so the owner's connected machines are asked again now, and the list's status knows at
   * once whether it is there already.
   */
  async added(userId: string, listId: string, appId: number): Promise<void> {
    await this.listMade(userId, listId, [appId]);
  }

  /** A list imported or copied: the machines are asked again once, whatever the number of apps an index brought. */
  async listMade(userId: string, _listId: string, appIds: readonly number[]): Promise<void> {
    const apps = await this.ctx.catalogue.appsWithIds(appIds);
    if (!apps.some((app) => app.curated === 0)) return;
    for (const deviceRowId of await agentDeviceRowIds(this.ctx.db, userId))
      await this.ctx.bus.publish({ type: 'inventory.request', deviceRowId });
  }

  /** A machine that had the app keeps reporting it while Loadout installed it there (chosenAppIds). */
  async removed(): Promise<void> {}

  /** What the agent found: the device's inventory replaced at once, and a check-in of what changed. */
  async reported(device: DevicesTable, packages: readonly InventoryPackage[]): Promise<void> {
    const unique = new Map(packages.map((entry) => [`${entry.manager}:${entry.id}`, entry]));
    const held = new Map((await heldUpdatesOf(this.ctx.db, device.id)).map((row) => [`${row.manager}:${row.package_id}`, row]));
    const rows = [...unique.values()].map((entry) => {
      const newer = entry.availableVersion && entry.availableVersion !== entry.installedVersion ? entry.availableVersion : null;
      const hold = held.get(`${entry.manager}:${entry.id}`);
      // An update that did not take is not offered again for the same version from the same one.
      const stillHeld = hold !== undefined && hold.available_version === newer && hold.installed_version === entry.installedVersion;
      return {
        manager: entry.manager,
        package_id: entry.id,
        installed_version: entry.installedVersion,
        // Stored once as "newer or null", so every reader (list status, notices, schedules, drift, check-ins) agrees on what is out of date.
        available_version: stillHeld ? null : newer,
        available_security: newer !== null && !stillHeld && entry.security === true ? (1 as const) : (0 as const),
      };
    });
    // A newer version came, the app moved, or it is gone: the hold has nothing left to hold.
    for (const hold of held.values()) {
      const row = rows.find((candidate) => candidate.manager === hold.manager && candidate.package_id === hold.package_id);
      if (!row || row.available_version !== null || row.installed_version !== hold.installed_version)
        await releaseHeldUpdate(this.ctx.db, device.id, hold.manager, hold.package_id);
    }
    const now = isoNow(this.ctx.clock);
    // One transaction: a reader never sees the inventory half replaced, and the check-in's changes are against the inventory it replaced.
    await this.ctx.db.transaction().execute(async (trx) => {
      // A machine's first inventory is its starting point, not a list of changes.
      const before = (await inventoryCheckedAt(trx, device.id)) === null ? null : await inventoryOf(trx, [device.id]);
      await replaceInventory(trx, device.id, rows, now);
      await insertCheckIn(trx, inventoryCheckIn({ id: newId(), userId: device.user_id, deviceRowId: device.id, at: now }, before, rows));
    });
    await this.events.devicesChanged(device.user_id, device.device_id);
    this.ctx.tasks.defer('update notice', () => this.notifications.inventoryReported(device.id));
    for (const observer of this.reportObservers) observer(device);
  }

  /** The catalogue apps and the user's own apps the device's agent last found installed, with newer versions where there are. */
  async inventory(userId: string, deviceId: string): Promise<DeviceInventory> {
    const device = await findActiveDevice(this.ctx.db, userId, deviceId);
    if (!device) throw notFound('Device not found', ErrorCode.DEVICE_NOT_FOUND);
    const [rows, ownApps, chosen, pins, holds] = await Promise.all([
      inventoryOf(this.ctx.db, [device.id]),
      ownAppsOf(this.ctx.db, userId),
      chosenAppIds(this.ctx.db, userId, device.id),
      pinsOfUser(this.ctx.db, userId),
      heldUpdatesOf(this.ctx.db, device.id),
    ]);
    const apps = await this.ctx.catalogue.appsOfPackages(rows);
    const found: DeviceInventory['apps'] = [];
    // The user's own apps too: the agent reports them (`wanted`), and schedules update what this finds.
    for (const app of [...apps, ...ownApps]) {
      const entry = inventoryEntryOf(app, device.platform, rows);
      if (!entry) continue;
      found.push({
        appId: app.id,
        name: app.name,
        manager: PACKAGE_ID_MANAGERS[entry.field],
        packageId: entry.row.package_id,
        installedVersion: entry.row.installed_version,
        availableVersion: entry.row.available_version,
        pinnedVersion: pins.get(app.id) ?? null,
        chosen: chosen.has(app.id),
        heldUpdate: heldUpdateOf(holds, entry.row),
        securityUpdate: entry.row.available_version !== null && entry.row.available_security === 1,
      });
    }
    return { checkedAt: device.inventory_checked_at, apps: found };
  }

  /**
   * "Check now": asks the device's agent for a fresh inventory, through the bus, so the process
   * that holds its connection sends it. An agent that is not connected asks by itself when it
   * connects; once per device per INVENTORY_REFRESH_WINDOW_MS is enough for the scans it starts.
   */
  /**
   * "Try the update again": the hold on this app's package goes, its newer version is offered
   * again at once, and the machine is asked for its inventory (which confirms or replaces it).
   * Nothing held: nothing to do.
   */
  async releaseHeldUpdate(userId: string, deviceId: string, appId: number): Promise<void> {
    const device = await findActiveDevice(this.ctx.db, userId, deviceId);
    if (!device) throw notFound('Device not found', ErrorCode.DEVICE_NOT_FOUND);
    const [app] = [
      ...(await this.ctx.catalogue.appsWithIds([appId])),
      ...(await ownAppsOf(this.ctx.db, userId)).filter((own) => own.id === appId),
    ];
    if (!app) throw notFound('App not found', ErrorCode.APP_NOT_FOUND);
    const entry = inventoryEntryOf(app, device.platform, await inventoryOf(this.ctx.db, [device.id]));
    const holds = await heldUpdatesOf(this.ctx.db, device.id);
    const hold = entry && holds.find((row) => row.manager === entry.row.manager && row.package_id === entry.row.package_id);
    if (!hold) return;
    await releaseHeldUpdate(this.ctx.db, device.id, hold.manager, hold.package_id);
    // Offered again at once, so the page shows the update to try rather than "up to date" until the machine answers.
    await restoreAvailableVersion(this.ctx.db, hold);
    await this.ctx.bus.publish({ type: 'inventory.request', deviceRowId: device.id });
    await this.events.devicesChanged(userId, device.device_id);
  }

  async refresh(userId: string, deviceId: string): Promise<void> {
    const device = await findActiveDevice(this.ctx.db, userId, deviceId);
    if (!device) throw notFound('Device not found', ErrorCode.DEVICE_NOT_FOUND);
    if (!isEnrolledMachine(device))
      throw badRequest(
        `${device.device_name} has no agent to ask: only machines enrolled with a registration token report their apps`,
        ErrorCode.DEVICE_NOT_ELIGIBLE,
      );
    if (!agentOnline(device.agent_seen_at, this.ctx.clock.now()))
      throw conflict(`${device.device_name} is offline: it checks its apps when it connects`, ErrorCode.DEVICE_OFFLINE);
    await this.rateLimiter.hit(
      `inventory-refresh:device:${device.id}`,
      { limit: 1, windowMs: INVENTORY_REFRESH_WINDOW_MS },
      `${device.device_name} was asked moments ago; its apps appear when it answers.`,
    );
    await this.ctx.bus.publish({ type: 'inventory.request', deviceRowId: device.id, refresh: true });
  }
}

/** The valid package ids of these apps in these fields, each once. */
function packagesWanted(
  apps: readonly Partial<Record<PackageIdField, string | null>>[],
  fields: readonly PackageIdField[],
): { manager: ManagerName; id: string }[] {
  const wanted = new Map<string, { manager: ManagerName; id: string }>();
  for (const app of apps) {
    for (const field of fields) {
      const id = app[field];
      if (id && isValidPackageField(field, id))
        wanted.set(`${PACKAGE_ID_MANAGERS[field]}:${id}`, { manager: PACKAGE_ID_MANAGERS[field], id });
    }
  }
  return [...wanted.values()];
}

/** The hold on this inventory row's package, as the machine's page shows it; null when none holds it now. */
function heldUpdateOf(
  holds: readonly HeldUpdatesTable[],
  row: Pick<DeviceInventoryTable, 'manager' | 'package_id' | 'installed_version'>,
): DeviceInventory['apps'][number]['heldUpdate'] {
  const hold = holds.find((candidate) => candidate.manager === row.manager && candidate.package_id === row.package_id);
  if (!hold || hold.installed_version !== row.installed_version) return null;
  return { version: hold.available_version, message: hold.message, since: hold.since };
}
