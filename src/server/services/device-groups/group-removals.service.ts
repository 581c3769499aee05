import type { ConfirmGroupRemovalResponse, GroupRemoval, GroupRemovalMachine, GroupRemovalsResponse } from '@shared/api/device-groups';
import { ErrorCode } from '@shared/api/errors';

import { isoNow, type AppContext, type Caller } from '../../context';
import { inventoryOf } from '../../db/repositories/device-agent.repository';
import { findGroup, machinesOfUser, membershipsOfDevices, membersOf } from '../../db/repositories/device-groups.repository';
import {
  decideRemoval,
  findOpenRemoval,
  insertRemoval,
  machinesOfRemovals,
  openRemovalsOf,
  setRemovalCheck,
  setRemovalInstallation,
} from '../../db/repositories/group-removals.repository';
import type { DevicesTable, GroupRemovalsTable } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { newId } from '../../security/tokens';
import { groupBy } from '../group-by';
import type { InstallationService } from '../installation.service';
import type { RemovalCheckService } from '../removal-check.service';
import type { SubscriptionService } from '../subscription.service';
import type { DriftService } from './drift.service';

const removalNotFound = () => notFound('Removal not found', ErrorCode.GROUP_REMOVAL_NOT_FOUND);

/**
 * What a group removes when an app leaves its lists, if its owner asked it to ("remove apps
 * taken out of its lists"). Nothing goes unseen: the change becomes a removal to confirm, each
 * member that has the app is asked by a removal check what removing it would take, the owner
 * reads every machine's answer and confirms once, and each machine's uninstall then carries
 * exactly what its check showed (the agent checks the machine again before it removes anything).
 * A member that another of its groups still declares the app for keeps it.
 */
export class GroupRemovalService {
  constructor(
    private readonly ctx: AppContext,
    private readonly subscription: SubscriptionService,
    private readonly removalChecks: RemovalCheckService,
    private readonly installations: InstallationService,
    private readonly drift: DriftService,
  ) {}

  /** Later, in the background: the change that took the apps out has answered already. */
  appsLeftLater(userId: string, groupIds: readonly string[], appIds: readonly number[]): void {
    if (groupIds.length === 0 || appIds.length === 0) return;
    this.ctx.tasks.defer('group removals', async () => {
      for (const groupId of groupIds) await this.appsLeft(userId, groupId, appIds);
    });
  }

  /** Apps left a group's lists: each that members still have becomes a removal to confirm, their checks asked now. */
  async appsLeft(userId: string, groupId: string, appIds: readonly number[]): Promise<void> {
    const group = await findGroup(this.ctx.db, userId, groupId);
    if (!group || group.remove_taken_out !== 1) return;
    if (!(await this.subscription.planOf(userId)).capabilities.deviceGroups) return;
    const stillDeclared = (await this.drift.declaredBy(userId, [groupId])).get(groupId) ?? new Map();
    const members = (
      await machinesOfUser(
        this.ctx.db,
        userId,
        (await membersOf(this.ctx.db, userId, [groupId])).map((member) => member.device_row_id),
      )
    ).filter((device) => device.is_active === 1);
    const installed = await this.installedApps(members);
    const elsewhere = await this.declaredByOtherGroups(userId, groupId, members);
    for (const appId of new Set(appIds)) {
      if (stillDeclared.has(appId) || (await findOpenRemoval(this.ctx.db, groupId, appId))) continue;
      const holders = members.filter((device) => installed.get(device.id)?.has(appId) && !elsewhere.get(device.id)?.has(appId));
      if (holders.length === 0) continue;
      const removal: GroupRemovalsTable = {
        id: newId(),
        user_id: userId,
        group_id: groupId,
        app_id: appId,
        status: 'open',
        created_at: isoNow(this.ctx.clock),
        decided_at: null,
      };
      await insertRemoval(this.ctx.db, removal);
      for (const device of holders) {
        const check = await this.removalChecks.ask(userId, device, appId);
        await setRemovalCheck(this.ctx.db, removal.id, device.id, check.checkId);
      }
    }
  }

  async list(userId: string, groupId: string): Promise<GroupRemovalsResponse> {
    await this.group(userId, groupId);
    const open = await openRemovalsOf(this.ctx.db, userId, groupId);
    const declared = (await this.drift.declaredBy(userId, [groupId])).get(groupId) ?? new Map();
    const removals: GroupRemoval[] = [];
    for (const removal of open) {
      // Put back into the group's lists since: the group declares it again, so there is nothing to remove.
      if (declared.has(removal.app_id)) await decideRemoval(this.ctx.db, removal.id, 'kept', isoNow(this.ctx.clock));
      else removals.push(await this.view(userId, removal));
    }
    return { removals };
  }

  /** Asks every machine of the removal again (one was offline, or its answer is too old to act on). */
  async checkAgain(caller: Caller, groupId: string, removalId: string): Promise<GroupRemoval> {
    const removal = await this.open(caller.userId, groupId, removalId);
    const machines = await machinesOfRemovals(this.ctx.db, [removal.id]);
    const devices = await machinesOfUser(
      this.ctx.db,
      caller.userId,
      machines.map((machine) => machine.device_row_id),
    );
    for (const device of devices.filter((row) => row.is_active === 1)) {
      const check = await this.removalChecks.ask(caller.userId, device, removal.app_id);
      await setRemovalCheck(this.ctx.db, removal.id, device.id, check.checkId);
    }
    return this.view(caller.userId, removal);
  }

  /**
   * The owner confirmed, once for the whole change: each machine whose check answered that it
   * may remove the app gets an uninstall of exactly what the check showed; the others are left
   * out, and said why. The app's name is asked (as in a single removal) when a machine's
   * removal takes many packages.
   */
  async confirm(caller: Caller, groupId: string, removalId: string, confirmName?: string): Promise<ConfirmGroupRemovalResponse> {
    const group = await this.group(caller.userId, groupId);
    const removal = await this.open(caller.userId, groupId, removalId);
    const view = await this.view(caller.userId, removal);
    if ((await this.drift.declaredBy(caller.userId, [groupId])).get(groupId)?.has(removal.app_id)) {
      await decideRemoval(this.ctx.db, removal.id, 'kept', isoNow(this.ctx.clock));
      throw conflict(`${view.appName} is in the group's lists again: it stays on the machines`, ErrorCode.REMOVAL_NOT_CONFIRMED);
    }
    const ready = view.machines.filter(
      (machine) => machine.check.status === 'ready' && !machine.check.refused && machine.check.installedVersion,
    );
    if (ready.length === 0)
      throw conflict(
        `No machine has said yet that it can remove ${view.appName}: check again with the machines online`,
        ErrorCode.REMOVAL_NOT_CONFIRMED,
      );
    // Every consent first: a wrong name or a stale answer refuses the whole change, before anything is removed.
    const consents = [];
    for (const machine of ready)
      consents.push({
        machine,
        consent: await this.removalChecks.consent(caller, machine.check.checkId, [machine.deviceId], [removal.app_id], { confirmName }),
      });
    const installationIds: string[] = [];
    const skipped = view.machines.filter((machine) => !ready.includes(machine)).map((machine) => skipReason(machine, view.appName));
    for (const { machine, consent } of consents) {
      try {
        const installation = await this.installations.create(
          caller,
          { appIds: [removal.app_id], deviceIds: [machine.deviceId], kind: 'uninstall', removal: consent, forGroup: group.name },
          null,
        );
        installationIds.push(installation.id);
        await setRemovalInstallation(this.ctx.db, removal.id, consent.deviceRowId, installation.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        skipped.push({ deviceId: machine.deviceId, deviceName: machine.deviceName, reason: error.message });
      }
    }
    await decideRemoval(this.ctx.db, removal.id, 'confirmed', isoNow(this.ctx.clock));
    return { installationIds, skipped };
  }

  /** The owner keeps the app on the machines: the removal is closed, and the app shows as extra where no group declares it. */
  async keep(caller: Caller, groupId: string, removalId: string): Promise<void> {
    const removal = await this.open(caller.userId, groupId, removalId);
    await decideRemoval(this.ctx.db, removal.id, 'kept', isoNow(this.ctx.clock));
  }

  private async view(userId: string, removal: GroupRemovalsTable): Promise<GroupRemoval> {
    const machines = await machinesOfRemovals(this.ctx.db, [removal.id]);
    const devices = new Map(
      (
        await machinesOfUser(
          this.ctx.db,
          userId,
          machines.map((machine) => machine.device_row_id),
        )
      ).map((device) => [device.id, device]),
    );
    const appName = (await this.drift.appNames(userId, [{ app_id: removal.app_id }])).get(removal.app_id) ?? 'This app';
    const views: GroupRemovalMachine[] = [];
    for (const machine of machines) {
      const device = devices.get(machine.device_row_id);
      if (!device || device.is_active !== 1) continue;
      const check = await this.removalChecks.describe(userId, device, machine.check_id, appName);
      if (!check) continue;
      views.push({ deviceId: device.device_id, deviceName: device.device_name, check, installationId: machine.installation_id });
    }
    views.sort((a, b) => a.deviceName.localeCompare(b.deviceName));
    return { id: removal.id, appId: removal.app_id, appName, createdAt: removal.created_at, machines: views };
  }

  /** The catalogue apps each machine has installed, by the inventory its agent last reported. */
  private async installedApps(devices: readonly DevicesTable[]): Promise<Map<string, Set<number>>> {
    const inventory = groupBy(
      await inventoryOf(
        this.ctx.db,
        devices.map((device) => device.id),
      ),
      (row) => row.device_row_id,
    );
    const installed = new Map<string, Set<number>>();
    for (const device of devices) {
      const apps = await this.ctx.catalogue.appsOfPackages(inventory.get(device.id) ?? []);
      installed.set(device.id, new Set(apps.map((app) => app.id)));
    }
    return installed;
  }

  /**
   * What each member's other groups declare, read once for them all (one read of memberships,
   * one of those groups' lists): a member another group wants the app on keeps it.
   */
  private async declaredByOtherGroups(
    userId: string,
    groupId: string,
    members: readonly DevicesTable[],
  ): Promise<Map<string, Set<number>>> {
    const memberships = (
      await membershipsOfDevices(
        this.ctx.db,
        userId,
        members.map((device) => device.id),
      )
    ).filter((row) => row.group_id !== groupId);
    const declared = await this.drift.declaredBy(userId, [...new Set(memberships.map((row) => row.group_id))]);
    const byDevice = new Map<string, Set<number>>();
    for (const { device_row_id, group_id } of memberships) {
      const apps = byDevice.get(device_row_id) ?? new Set<number>();
      for (const appId of declared.get(group_id)?.keys() ?? []) apps.add(appId);
      byDevice.set(device_row_id, apps);
    }
    return byDevice;
  }

  private async group(userId: string, groupId: string) {
    const group = await findGroup(this.ctx.db, userId, groupId);
    if (!group) throw notFound('Group not found', ErrorCode.GROUP_NOT_FOUND);
    return group;
  }

  private async open(userId: string, groupId: string, removalId: string): Promise<GroupRemovalsTable> {
    await this.group(userId, groupId);
    const removal = (await openRemovalsOf(this.ctx.db, userId, groupId)).find((row) => row.id === removalId);
    if (!removal) throw removalNotFound();
    return removal;
  }
}

function skipReason(machine: GroupRemovalMachine, appName: string): { deviceId: string; deviceName: string; reason: string } {
  const { check } = machine;
  const reason =
    check.refused ??
    (check.status === 'ready'
      ? `${appName} is no longer installed there`
      : check.status === 'unanswered'
        ? 'The machine did not answer (offline?): it keeps the app'
        : 'The machine has not answered yet: it keeps the app');
  return { deviceId: machine.deviceId, deviceName: machine.deviceName, reason };
}
