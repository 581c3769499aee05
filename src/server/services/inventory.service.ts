import { ErrorCode } from '@shared/api/errors';
import { PACKAGE_ID_MANAGERS, type DeviceInventory } from '@shared/api/installations';

import type { AppContext } from '../context';
import { listApps } from '../db/repositories/catalogue.repository';
import { chosenAppIds } from '../db/repositories/chosen-apps.repository';
import { inventoryOf } from '../db/repositories/device-agent.repository';
import { findActiveDevice } from '../db/repositories/devices.repository';
import { pinsOfUser } from '../db/repositories/lists.repository';
import { ownAppsOf } from '../db/repositories/own-apps.repository';
import { badRequest, conflict, notFound } from '../errors';
import type { RateLimiter } from '../security/rate-limiter';
import { inventoryEntryOf } from './installation-plan';
import { agentOnline } from './installation-view';
import { isEnrolledMachine } from './installation.service';

/** "Check now" reaches a device's agent at most once in this long. */
const INVENTORY_REFRESH_WINDOW_MS = 30_000;

/** What a device's agent last found installed, as its owner reads it, and "Check now" to ask again. */
export class InventoryService {
  constructor(
    private readonly ctx: AppContext,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /** The catalogue apps and the user's own apps the device's agent last found installed, with newer versions where there are. */
  async inventory(userId: string, deviceId: string): Promise<DeviceInventory> {
    const device = await findActiveDevice(this.ctx.db, userId, deviceId);
    if (!device) throw notFound('Device not found', ErrorCode.DEVICE_NOT_FOUND);
    const [rows, apps, ownApps, chosen, pins] = await Promise.all([
      inventoryOf(this.ctx.db, [device.id]),
      listApps(this.ctx.db),
      ownAppsOf(this.ctx.db, userId),
      chosenAppIds(this.ctx.db, userId, device.id),
      pinsOfUser(this.ctx.db, userId),
    ]);
    const found: DeviceInventory['apps'] = [];
    // The user's own apps too: the agent reports them (inventoryRequest), and schedules update what this finds.
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
      });
    }
    return { checkedAt: device.inventory_checked_at, apps: found };
  }

  /**
   * "Check now": asks the device's agent for a fresh inventory, through the bus, so the process
   * that holds its connection sends it. An agent that is not connected asks by itself when it
   * connects; once per device per INVENTORY_REFRESH_WINDOW_MS is enough for the scans it starts.
   */
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
