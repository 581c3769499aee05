import type { BringBackMachine, BringBackPreview, BringBackResponse } from '@shared/api/device-groups';
import { ErrorCode } from '@shared/api/errors';

import type { AppContext, Caller } from '../../context';
import { findGroup, machinesOfUser, membersOf } from '../../db/repositories/device-groups.repository';
import type { DeviceGroupsTable } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { groupBy } from '../group-by';
import type { InstallationService } from '../installation.service';
import type { SubscriptionService } from '../subscription.service';
import { groupNotFound, groupsRequired } from './device-groups.service';
import type { DeclaredApp } from './drift';
import type { DriftService } from './drift.service';

/**
 * "Bring back in line": from the drift stored for a group's members, what puts each back where
 * the group says: missing apps installed (at their pin), off-pin apps moved to it, out-of-date
 * apps updated. Extra apps are listed and never removed here: a removal is confirmed app by app
 * after its removal check, on the machine's page. The preview and the run read the same plan.
 */
export class BringBackService {
  constructor(
    private readonly ctx: AppContext,
    private readonly subscription: SubscriptionService,
    private readonly installations: InstallationService,
    private readonly drift: DriftService,
  ) {}

  async preview(userId: string, groupId: string, deviceIds?: readonly string[]): Promise<BringBackPreview> {
    return { machines: (await this.plan(userId, groupId, deviceIds)).machines };
  }

  /** Starts, per machine, one installation of what is missing or off its pin and one update of what is out of date. */
  async run(caller: Caller, groupId: string, deviceIds?: readonly string[]): Promise<BringBackResponse> {
    if (!(await this.subscription.planOf(caller.userId)).capabilities.deviceGroups) throw groupsRequired();
    const { group, machines } = await this.plan(caller.userId, groupId, deviceIds);
    const installationIds: string[] = [];
    for (const machine of machines) {
      const install = machine.install.map((app) => app.appId);
      const update = machine.update.map((app) => app.appId);
      if (install.length > 0)
        installationIds.push(
          (
            await this.installations.create(
              caller,
              { appIds: install, deviceIds: [machine.deviceId], kind: 'install', forGroup: group.name },
              null,
            )
          ).id,
        );
      if (update.length > 0)
        installationIds.push(
          (
            await this.installations.create(
              caller,
              { appIds: update, deviceIds: [machine.deviceId], kind: 'upgrade', forGroup: group.name },
              null,
            )
          ).id,
        );
    }
    if (installationIds.length === 0) throw conflict('Every machine is in line: there is nothing to bring back', ErrorCode.GROUP_IN_LINE);
    return { installationIds };
  }

  private async plan(
    userId: string,
    groupId: string,
    deviceIds?: readonly string[],
  ): Promise<{ group: DeviceGroupsTable; machines: BringBackMachine[] }> {
    const group = await findGroup(this.ctx.db, userId, groupId);
    if (!group) throw groupNotFound();
    const members = await membersOf(this.ctx.db, userId, [group.id]);
    const wanted = deviceIds ? new Set(deviceIds) : null;
    const chosen = members.filter((member) => wanted === null || wanted.has(member.device_id));
    if (wanted && chosen.length < wanted.size)
      throw badRequest('Only machines of this group can be brought back in line with it', ErrorCode.DEVICE_NOT_FOUND);
    const devices = await machinesOfUser(
      this.ctx.db,
      userId,
      chosen.map((member) => member.device_row_id),
    );
    const declared = (await this.drift.declaredBy(userId, [group.id])).get(group.id) ?? new Map<number, DeclaredApp>();
    const rows = await this.drift.driftRowsOf(
      userId,
      devices.map((device) => device.id),
    );
    const names = await this.drift.appNames(userId, rows);
    const byDevice = groupBy(rows, (row) => row.device_row_id);
    const place = new Map([...declared.keys()].map((appId, index) => [appId, index]));
    const machines: BringBackMachine[] = [];
    for (const device of devices) {
      const machine: BringBackMachine = { deviceId: device.device_id, deviceName: device.device_name, install: [], update: [], extra: [] };
      for (const row of byDevice.get(device.id) ?? []) {
        const name = names.get(row.app_id) ?? 'An app no longer in the catalogue';
        if (row.kind === 'extra') machine.extra.push({ appId: row.app_id, name });
        else if (!declared.has(row.app_id)) continue;
        else if (row.kind === 'outdated')
          machine.update.push({ appId: row.app_id, name, from: row.installed_version ?? '', to: row.wanted_version ?? '' });
        else machine.install.push({ appId: row.app_id, name, version: row.wanted_version });
      }
      // In the order of the group's lists, as the installation will run them.
      const order = (appId: number) => place.get(appId) ?? place.size;
      machine.install.sort((a, b) => order(a.appId) - order(b.appId));
      machine.update.sort((a, b) => order(a.appId) - order(b.appId));
      if (machine.install.length + machine.update.length + machine.extra.length > 0) machines.push(machine);
    }
    return { group, machines };
  }
}
