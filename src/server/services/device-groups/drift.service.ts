import type { DeviceDriftResponse, DriftCounts, DriftEntry, GroupDriftResponse, MachineDrift } from '@shared/api/device-groups';
import { ErrorCode } from '@shared/api/errors';

import { isoNow, type AppContext } from '../../context';
import { readConsistently } from '../../db/dialect';
import { inventoryOf } from '../../db/repositories/device-agent.repository';
import { driftOf, driftSummaryOfGroup, replaceDrift } from '../../db/repositories/device-drift.repository';
import {
  groupsOfDevice,
  listsOfGroups,
  machinesOfUser,
  membershipsOfDevices,
  membersOf,
} from '../../db/repositories/device-groups.repository';
import { findActiveDevice } from '../../db/repositories/devices.repository';
import { ownAppsOf } from '../../db/repositories/own-apps.repository';
import type { DeviceDriftTable, DevicesTable } from '../../db/schema';
import { notFound } from '../../errors';
import { groupBy } from '../group-by';
import type { ListService } from '../list.service';
import { driftRows, findDrift, type DeclaredApp } from './drift';

/** Machines whose drift is worked out in one go: their inventories are read together, and no more than that is held. */
const RECOMPUTE_SLICE = 200;

/** Someone told of a machine's new differences from its groups' lists. */
export type NewDriftObserver = (userId: string, device: DevicesTable, fresh: readonly DeviceDriftTable[]) => Promise<void>;

/** When each kind of difference comes first in a machine's list. */
const KIND_ORDER: Readonly<Record<DriftEntry['kind'], number>> = { missing: 0, off_pin: 1, outdated: 2, extra: 3 };

/**
 * Drift: how each grouped machine differs from what its groups declare. Worked out from the
 * inventory its agent reported (never a question to the agent) whenever that inventory or the
 * declaration changes, and stored with when it was first seen, so that reading a group's drift
 * is one indexed read however many machines and apps it has.
 */
export class DriftService {
  private readonly newDriftObservers: NewDriftObserver[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly lists: ListService,
  ) {}

  /** Told, in the background, of differences that were not there before (webhooks' drift.detected). */
  observeNewDrift(observer: NewDriftObserver): void {
    this.newDriftObservers.push(observer);
  }

  /** Works out and stores the drift of these machines of the user's (any number: in slices). */
  async recompute(userId: string, deviceRowIds: readonly string[]): Promise<void> {
    const unique = [...new Set(deviceRowIds)];
    for (let start = 0; start < unique.length; start += RECOMPUTE_SLICE)
      await this.recomputeSlice(userId, unique.slice(start, start + RECOMPUTE_SLICE));
  }

  /** The members of these groups, worked out again (their lists changed). */
  async recomputeGroups(userId: string, groupIds: readonly string[]): Promise<void> {
    const members = await membersOf(this.ctx.db, userId, groupIds);
    await this.recompute(
      userId,
      members.map((member) => member.device_row_id),
    );
  }

  /** Later, in the background: the change that asked for it has answered already. */
  recomputeLater(userId: string, deviceRowIds: readonly string[]): void {
    if (deviceRowIds.length === 0) return;
    this.ctx.tasks.defer('drift', () => this.recompute(userId, deviceRowIds));
  }

  recomputeGroupsLater(userId: string, groupIds: readonly string[]): void {
    if (groupIds.length === 0) return;
    this.ctx.tasks.defer('drift', () => this.recomputeGroups(userId, groupIds));
  }

  /** What each of these groups declares: its lists' apps, each at the pin of the first list that has it. */
  async declaredBy(userId: string, groupIds: readonly string[]): Promise<Map<string, Map<number, DeclaredApp>>> {
    const rows = await listsOfGroups(this.ctx.db, userId, groupIds);
    const details = new Map<string, Awaited<ReturnType<ListService['detail']>>>();
    for (const listId of new Set(rows.map((row) => row.list_id))) details.set(listId, await this.lists.detail(userId, listId));
    const declared = new Map<string, Map<number, DeclaredApp>>(groupIds.map((id) => [id, new Map()]));
    for (const row of rows) {
      const apps = declared.get(row.group_id);
      const detail = details.get(row.list_id);
      if (!apps || !detail) continue;
      for (const app of detail.apps) if (!apps.has(app.app_id)) apps.set(app.app_id, { app, pin: app.pinnedVersion });
    }
    return declared;
  }

  private async recomputeSlice(userId: string, deviceRowIds: readonly string[]): Promise<void> {
    const memberships = groupBy(await membershipsOfDevices(this.ctx.db, userId, deviceRowIds), (row) => row.device_row_id);
    const before = groupBy(await driftOf(this.ctx.db, userId, deviceRowIds), (row) => row.device_row_id);
    // Every inventory report asks: a machine in no group, with no drift stored, costs these two reads only.
    if (memberships.size === 0 && before.size === 0) return;
    const devices = await machinesOfUser(this.ctx.db, userId, deviceRowIds);
    const groupIds = [...new Set([...memberships.values()].flat().map((row) => row.group_id))];
    const declaredByGroup = await this.declaredBy(userId, groupIds);
    const inventory = groupBy(
      await inventoryOf(
        this.ctx.db,
        devices.map((device) => device.id),
      ),
      (row) => row.device_row_id,
    );
    const known = [...(await this.ctx.catalogue.appsOfPackages([...inventory.values()].flat())), ...(await ownAppsOf(this.ctx.db, userId))];
    const now = isoNow(this.ctx.clock);
    const next = new Map<string, DeviceDriftTable[]>();
    for (const device of devices) {
      const declared = new Map<number, DeclaredApp>();
      for (const { group_id } of memberships.get(device.id) ?? [])
        for (const [appId, entry] of declaredByGroup.get(group_id) ?? []) if (!declared.has(appId)) declared.set(appId, entry);
      // A machine in no group has no drift: it declares nothing.
      const findings = declared.size === 0 ? [] : findDrift(device, declared, known, inventory.get(device.id) ?? []);
      next.set(device.id, driftRows(findings, before.get(device.id) ?? [], { deviceRowId: device.id, userId }, now));
    }
    await this.ctx.db.transaction().execute(async (trx) => {
      for (const deviceRowId of deviceRowIds) await replaceDrift(trx, deviceRowId, next.get(deviceRowId) ?? []);
    });
    if (this.newDriftObservers.length === 0) return;
    for (const device of devices) {
      const seen = new Set((before.get(device.id) ?? []).map((row) => `${row.app_id}:${row.kind}`));
      const fresh = (next.get(device.id) ?? []).filter((row) => !seen.has(`${row.app_id}:${row.kind}`));
      if (fresh.length === 0) continue;
      for (const observer of this.newDriftObservers) this.ctx.tasks.defer('new drift observer', () => observer(userId, device, fresh));
    }
  }

  /**
   * A page of a group's drift: each member's differences from this group's lists (missing, off
   * its pin, out of date) and the apps none of the member's groups declares (extra); drifted
   * members first, then by name. The counts are the whole group's, counted by the database.
   */
  async ofGroup(userId: string, groupId: string, offset: number, limit: number): Promise<GroupDriftResponse> {
    const declared = (await this.declaredBy(userId, [groupId])).get(groupId) ?? new Map<number, DeclaredApp>();
    // The counts, the order and the page's rows from one snapshot: a recompute committed between
    // these reads would otherwise show a page of drift under counts of none.
    const { members, summary, page, devices, stored } = await readConsistently(this.ctx.db, async (trx) => {
      const members = await membersOf(trx, userId, [groupId]);
      const summary = await driftSummaryOfGroup(trx, userId, groupId);
      const drifted = new Set(summary.map((row) => row.deviceRowId));
      // Members come by name: a stable partition keeps that order within each part.
      const ordered = [
        ...members.filter((member) => drifted.has(member.device_row_id)),
        ...members.filter((member) => !drifted.has(member.device_row_id)),
      ];
      const page = ordered.slice(offset, offset + limit).map((member) => member.device_row_id);
      return { members, summary, page, devices: await machinesOfUser(trx, userId, page), stored: await driftOf(trx, userId, page) };
    });
    const rows = groupBy(stored, (row) => row.device_row_id);
    const names = await this.appNames(userId, stored);
    const byId = new Map(devices.map((device) => [device.id, device]));
    const machines = page.flatMap((id) => {
      const device = byId.get(id);
      if (!device) return [];
      return [
        this.machineDrift(
          device,
          (rows.get(id) ?? []).filter((row) => row.kind === 'extra' || declared.has(row.app_id)),
          names,
        ),
      ];
    });
    return { groupId, counts: countsOf(summary), total: members.length, offset, machines };
  }

  /** Drift counts of several groups at once (the groups page), counted by the database from what is stored. */
  async countsOfGroups(userId: string, groupIds: readonly string[]): Promise<Map<string, DriftCounts>> {
    const counts = new Map<string, DriftCounts>();
    for (const groupId of groupIds) counts.set(groupId, countsOf(await driftSummaryOfGroup(this.ctx.db, userId, groupId)));
    return counts;
  }

  /** One machine against all its groups. */
  async ofDevice(userId: string, deviceId: string): Promise<DeviceDriftResponse> {
    const device = await findActiveDevice(this.ctx.db, userId, deviceId);
    if (!device) throw notFound('Device not found', ErrorCode.DEVICE_NOT_FOUND);
    const groups = await groupsOfDevice(this.ctx.db, userId, device.id);
    const rows = await driftOf(this.ctx.db, userId, [device.id]);
    const names = await this.appNames(userId, rows);
    return { ...this.machineDrift(device, rows, names), groups: groups.map((group) => ({ id: group.id, name: group.name })) };
  }

  /** Stored drift rows of these machines (bring back in line plans from them). */
  driftRowsOf(userId: string, deviceRowIds: readonly string[]): Promise<DeviceDriftTable[]> {
    return driftOf(this.ctx.db, userId, deviceRowIds);
  }

  async appNames(userId: string, rows: readonly Pick<DeviceDriftTable, 'app_id'>[]): Promise<Map<number, string>> {
    const ids = new Set(rows.map((row) => row.app_id));
    const names = new Map((await this.ctx.catalogue.appsWithIds(ids)).map((app) => [app.id, app.name]));
    if (names.size < ids.size) for (const own of await ownAppsOf(this.ctx.db, userId)) if (ids.has(own.id)) names.set(own.id, own.name);
    return names;
  }

  private machineDrift(device: DevicesTable, rows: readonly DeviceDriftTable[], names: ReadonlyMap<number, string>): MachineDrift {
    const entries = rows
      .map((row) => ({
        appId: row.app_id,
        name: names.get(row.app_id) ?? 'An app no longer in the catalogue',
        kind: row.kind,
        installedVersion: row.installed_version,
        wantedVersion: row.wanted_version,
        since: row.since,
      }))
      .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name));
    return {
      deviceId: device.device_id,
      deviceName: device.device_name,
      platform: device.platform,
      inventoryCheckedAt: device.inventory_checked_at,
      entries,
    };
  }
}

const NO_DRIFT: Readonly<DriftCounts> = { machines: 0, missing: 0, extra: 0, outdated: 0, offPin: 0 };

/** The whole group's counts from its per-member summary. */
function countsOf(summary: readonly { deviceRowId: string; kind: DriftEntry['kind']; n: number }[]): DriftCounts {
  const counts: DriftCounts = { ...NO_DRIFT, machines: new Set(summary.map((row) => row.deviceRowId)).size };
  for (const row of summary) {
    if (row.kind === 'off_pin') counts.offPin += row.n;
    else counts[row.kind] += row.n;
  }
  return counts;
}
