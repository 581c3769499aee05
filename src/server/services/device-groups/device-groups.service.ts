import {
  GROUP_LISTS_MAX,
  GROUPS_MAX,
  type CreateGroupRequest,
  type Group,
  type GroupChangeResponse,
  type GroupRule,
  type GroupsResponse,
  type GroupSummary,
  type MemberSource,
  type UpdateGroupRequest,
} from '@shared/api/device-groups';
import { ErrorCode } from '@shared/api/errors';

import { isoNow, type AppContext, type Caller } from '../../context';
import { isUniqueViolation } from '../../db/dialect';
import {
  deleteGroup,
  deleteGroupList,
  deleteMember,
  deleteRuleMembers,
  findGroup,
  groupIdsOfList,
  groupsOfUser,
  insertGroup,
  insertGroupList,
  insertMember,
  listsOfGroups,
  machinesOfUser,
  membersOf,
  updateGroup,
} from '../../db/repositories/device-groups.repository';
import { findActiveDevice, seatHolderRowIds } from '../../db/repositories/devices.repository';
import type { DeviceGroupsTable, DevicesTable } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { newId } from '../../security/tokens';
import { actingFor } from '../acting-for';
import { isEnrolledMachine } from '../device-view';
import type { InstallationService } from '../installation.service';
import type { ListItemsObserver, ListService } from '../list.service';
import type { MachineChange, MachineObserver } from '../machine-events';
import type { SubscriptionService } from '../subscription.service';
import type { DriftService } from './drift.service';
import type { GroupRemovalService } from './group-removals.service';
import { matchesRule, ruleOf, tagsOf } from './group-rules';

export const groupNotFound = () => notFound('Group not found', ErrorCode.GROUP_NOT_FOUND);
const deviceNotFound = () => notFound('Device not found', ErrorCode.DEVICE_NOT_FOUND);
export const groupsRequired = () =>
  new AppError(403, ErrorCode.PLAN_FEATURE_REQUIRED, 'Device groups are part of Annual Premium. Upgrade to group your machines.');
const nameTaken = () => conflict('A group with this name already exists', ErrorCode.GROUP_EXISTS);

const MEMBER_SOURCE_WORDS: Readonly<Record<MemberSource, string>> = {
  hand: 'added by hand',
  rule: 'matches its rule',
  token: "enrolled with the group's token",
};

/**
 * Device groups: the machines of a group, how they came in (by hand, by the group's rule, with
 * the group's registration token), and the group's lists, which every member should have. A
 * machine that joins gets those lists installed; an app added to one of them is installed on
 * every member. Nothing is uninstalled without its owner: what a group no longer declares shows
 * as drift, and a group that removes it offers its removal, confirmed once after each member's
 * removal check. Without the plan, groups stay readable and keep nothing in line.
 */
export class DeviceGroupService implements ListItemsObserver, MachineObserver {
  constructor(
    private readonly ctx: AppContext,
    private readonly subscription: SubscriptionService,
    private readonly lists: ListService,
    private readonly installations: InstallationService,
    private readonly drift: DriftService,
    private readonly removals: GroupRemovalService,
  ) {}

  async list(userId: string): Promise<GroupsResponse> {
    const plan = await this.subscription.planOf(userId);
    const groups = await groupsOfUser(this.ctx.db, userId);
    return { available: plan.capabilities.deviceGroups, groups: await this.summaries(userId, groups) };
  }

  /** 404 unless the group is the user's. */
  async assertOwned(userId: string, groupId: string): Promise<void> {
    if (!(await findGroup(this.ctx.db, userId, groupId))) throw groupNotFound();
  }

  async get(userId: string, groupId: string): Promise<Group> {
    const group = await findGroup(this.ctx.db, userId, groupId);
    if (!group) throw groupNotFound();
    const [summary] = await this.summaries(userId, [group]);
    const [members, lists] = await Promise.all([
      membersOf(this.ctx.db, userId, [group.id]),
      listsOfGroups(this.ctx.db, userId, [group.id]),
    ]);
    return {
      ...summary!,
      members: members.map((member) => ({
        deviceId: member.device_id,
        deviceName: member.device_name,
        platform: member.platform,
        tags: tagsOf(member),
        source: member.source,
        joinedAt: member.joined_at,
      })),
      lists: lists.map((row) => ({ listId: row.list_id, listName: row.list_name, appCount: row.app_count, addedAt: row.added_at })),
    };
  }

  async create(caller: Caller, input: CreateGroupRequest & { rule: GroupRule | null }): Promise<GroupChangeResponse> {
    await this.requirePlan(caller.userId);
    const existing = await groupsOfUser(this.ctx.db, caller.userId);
    if (existing.length >= GROUPS_MAX) throw badRequest(`You can have at most ${GROUPS_MAX} device groups.`, ErrorCode.GROUP_LIMIT_REACHED);
    if (existing.some((group) => sameName(group.name, input.name))) throw nameTaken();
    const now = isoNow(this.ctx.clock);
    const row: DeviceGroupsTable = {
      id: newId(),
      user_id: caller.userId,
      name: input.name,
      ...ruleColumns(input.rule),
      remove_taken_out: input.removeTakenOut === true ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
    try {
      await insertGroup(this.ctx.db, row);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    await this.applyRule(row);
    return { group: await this.get(caller.userId, row.id), installationIds: [] };
  }

  /** A new name, or a new rule (its matching machines join; those it no longer matches leave, the others stay). */
  async update(
    caller: Caller,
    groupId: string,
    input: UpdateGroupRequest & { rule?: GroupRule | null; removeTakenOut?: boolean },
  ): Promise<GroupChangeResponse> {
    await this.requirePlan(caller.userId);
    const group = await findGroup(this.ctx.db, caller.userId, groupId);
    if (!group) throw groupNotFound();
    if (input.name !== undefined && !sameName(input.name, group.name)) {
      const others = await groupsOfUser(this.ctx.db, caller.userId);
      if (others.some((other) => other.id !== group.id && sameName(other.name, input.name!))) throw nameTaken();
    }
    const fields = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.rule !== undefined ? ruleColumns(input.rule) : {}),
      ...(input.removeTakenOut !== undefined ? { remove_taken_out: input.removeTakenOut ? 1 : 0 } : {}),
    };
    try {
      await updateGroup(this.ctx.db, caller.userId, group.id, { ...fields, updated_at: isoNow(this.ctx.clock) });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    const installationIds = input.rule !== undefined ? await this.applyRule({ ...group, ...fields }) : [];
    return { group: await this.get(caller.userId, group.id), installationIds };
  }

  /** The group goes; its machines keep every app it installed, and its tokens enrol into no group. */
  async remove(caller: Caller, groupId: string): Promise<void> {
    const members = await membersOf(this.ctx.db, caller.userId, [groupId]);
    if (!(await deleteGroup(this.ctx.db, caller.userId, groupId))) throw groupNotFound();
    this.drift.recomputeLater(
      caller.userId,
      members.map((member) => member.device_row_id),
    );
  }

  /** Adds a machine by hand and installs the group's lists there. */
  async addMember(caller: Caller, groupId: string, deviceId: string): Promise<GroupChangeResponse> {
    await this.requirePlan(caller.userId);
    const group = await findGroup(this.ctx.db, caller.userId, groupId);
    if (!group) throw groupNotFound();
    const device = await findActiveDevice(this.ctx.db, caller.userId, deviceId);
    if (!device) throw deviceNotFound();
    if (!isEnrolledMachine(device))
      throw badRequest(
        `${device.device_name} cannot join a group: only machines enrolled with a registration token can`,
        ErrorCode.DEVICE_NOT_ELIGIBLE,
      );
    const installationIds = (await this.join(group, device, 'hand')) ?? [];
    return { group: await this.get(caller.userId, group.id), installationIds };
  }

  /** Takes a machine out; nothing is uninstalled. One the rule brought in stays while the rule matches it. */
  async removeMember(caller: Caller, groupId: string, deviceId: string): Promise<Group> {
    const group = await findGroup(this.ctx.db, caller.userId, groupId);
    if (!group) throw groupNotFound();
    const device = await findActiveDevice(this.ctx.db, caller.userId, deviceId);
    if (!device) throw deviceNotFound();
    const rule = ruleOf(group);
    if (rule && matchesRule(rule, device))
      throw conflict(
        `${device.device_name} matches the group's rule, so it stays in the group: change the rule to leave it out`,
        ErrorCode.GROUP_RULE_MEMBER,
      );
    if (await deleteMember(this.ctx.db, group.id, device.id)) this.drift.recomputeLater(caller.userId, [device.id]);
    return this.get(caller.userId, group.id);
  }

  /** Puts a list in the group's desired state and installs it on every member now. */
  async addList(caller: Caller, groupId: string, listId: string): Promise<GroupChangeResponse> {
    await this.requirePlan(caller.userId);
    const group = await findGroup(this.ctx.db, caller.userId, groupId);
    if (!group) throw groupNotFound();
    const list = await this.lists.detail(caller.userId, listId);
    const lists = await listsOfGroups(this.ctx.db, caller.userId, [group.id]);
    if (lists.some((row) => row.list_id === list.id)) return { group: await this.get(caller.userId, group.id), installationIds: [] };
    if (lists.length >= GROUP_LISTS_MAX) throw badRequest(`A group can hold at most ${GROUP_LISTS_MAX} lists.`, ErrorCode.GROUP_LIST_LIMIT);
    const added = await insertGroupList(this.ctx.db, {
      group_id: group.id,
      list_id: list.id,
      user_id: caller.userId,
      added_at: isoNow(this.ctx.clock),
    });
    const installationIds: string[] = [];
    if (added && list.apps.length > 0 && !list.readOnly) {
      const members = await this.installableMembers(caller.userId, [group.id]);
      const id = await this.install(caller.userId, group, { listId: list.id, deviceIds: members });
      if (id) installationIds.push(id);
    }
    this.drift.recomputeGroupsLater(caller.userId, [group.id]);
    return { group: await this.get(caller.userId, group.id), installationIds };
  }

  /** Takes a list out of the desired state; nothing is uninstalled (its apps show as extra where no other list has them). */
  async removeList(caller: Caller, groupId: string, listId: string): Promise<Group> {
    const group = await findGroup(this.ctx.db, caller.userId, groupId);
    if (!group) throw groupNotFound();
    // Only a group that removes what it no longer declares needs the list's apps.
    const offersRemovals =
      group.remove_taken_out === 1 && (await listsOfGroups(this.ctx.db, caller.userId, [group.id])).some((row) => row.list_id === listId);
    const apps = offersRemovals ? (await this.lists.detail(caller.userId, listId)).apps.map((app) => app.app_id) : [];
    if (await deleteGroupList(this.ctx.db, group.id, listId)) {
      this.drift.recomputeGroupsLater(caller.userId, [group.id]);
      this.removals.appsLeftLater(caller.userId, [group.id], apps);
    }
    return this.get(caller.userId, group.id);
  }

  /** A registration token may enrol into this group: it must be the user's, and the plan must have groups. */
  async assertTokenGroup(userId: string, groupId: string): Promise<DeviceGroupsTable> {
    await this.requirePlan(userId);
    const group = await findGroup(this.ctx.db, userId, groupId);
    if (!group) throw groupNotFound();
    return group;
  }

  /**
   * A machine enrolled, was renamed or reported its tags: it joins the group its token was made
   * for and every group whose rule it now matches, and leaves those whose rule brought it in and
   * no longer matches. Joining installs the group's lists there.
   */
  async machineChanged({ device, enrolledIntoGroupId }: MachineChange): Promise<void> {
    if (!isEnrolledMachine(device) || device.is_active !== 1) return;
    const plan = await this.subscription.planOf(device.user_id);
    if (!plan.capabilities.deviceGroups) return;
    const groups = await groupsOfUser(this.ctx.db, device.user_id);
    let changed = false;
    for (const group of groups) {
      if (group.id === enrolledIntoGroupId) {
        await this.join(group, device, 'token');
        changed = true;
        continue;
      }
      const rule = ruleOf(group);
      if (!rule) continue;
      if (matchesRule(rule, device)) {
        changed = (await this.join(group, device, 'rule')) !== null || changed;
      } else {
        await deleteRuleMembers(this.ctx.db, group.id, [device.id]);
        changed = true;
      }
    }
    if (changed) this.drift.recomputeLater(device.user_id, [device.id]);
  }

  /** An app went into a list: every member of a group holding the list gets it (one installation per group). */
  async added(userId: string, listId: string, appId: number): Promise<void> {
    await this.listChanged(userId, listId, appId);
  }

  /**
   * The app shows as extra on the members, where no other list declares it; a group that removes
   * what it no longer declares offers its removal, to be confirmed (group-removals.service.ts).
   */
  async removed(userId: string, listId: string, appId: number): Promise<void> {
    await this.listChanged(userId, listId, null);
    this.removals.appsLeftLater(userId, await groupIdsOfList(this.ctx.db, userId, listId), [appId]);
  }

  /** A pin changed: members at another version are now off it (drift), and nothing moves until brought back in line. */
  async pinned(userId: string, listId: string): Promise<void> {
    await this.listChanged(userId, listId, null);
  }

  private async listChanged(userId: string, listId: string, addedAppId: number | null): Promise<void> {
    try {
      const groupIds = await groupIdsOfList(this.ctx.db, userId, listId);
      if (groupIds.length === 0) return;
      this.drift.recomputeGroupsLater(userId, groupIds);
      if (addedAppId === null || !(await this.subscription.planOf(userId)).capabilities.deviceGroups) return;
      const list = await this.lists.detail(userId, listId);
      // A list beyond the plan is read-only, and a read-only list keeps nothing in line.
      if (list.readOnly) return;
      // A machine in two groups of the list gets the app once, from the first group.
      const done = new Set<string>();
      for (const groupId of groupIds) {
        const group = await findGroup(this.ctx.db, userId, groupId);
        const members = (await this.installableMembers(userId, [groupId])).filter((deviceId) => !done.has(deviceId));
        if (!group || members.length === 0) continue;
        members.forEach((deviceId) => done.add(deviceId));
        await this.install(userId, group, { appIds: [addedAppId], deviceIds: members });
      }
    } catch (error) {
      this.ctx.log.error({ err: error, listId, appId: addedAppId }, 'device group: list change not applied');
    }
  }

  /**
   * Makes the machine a member (the first way it came in stays) and, when it is new to the
   * group, installs the group's lists there, one installation per list. Answers the
   * installations' ids; null when it was a member already.
   */
  private async join(group: DeviceGroupsTable, device: DevicesTable, source: MemberSource): Promise<string[] | null> {
    const joined = await insertMember(this.ctx.db, {
      group_id: group.id,
      device_row_id: device.id,
      user_id: group.user_id,
      source,
      joined_at: isoNow(this.ctx.clock),
    });
    if (!joined) return null;
    this.ctx.log.info({ groupId: group.id, deviceRowId: device.id, source: MEMBER_SOURCE_WORDS[source] }, 'machine joined a device group');
    this.drift.recomputeLater(group.user_id, [device.id]);
    if (!(await this.withinSeats(group.user_id, device))) return [];
    const ids: string[] = [];
    for (const row of await listsOfGroups(this.ctx.db, group.user_id, [group.id])) {
      if (row.app_count === 0) continue;
      const list = await this.lists.detail(group.user_id, row.list_id);
      if (list.readOnly) continue;
      const id = await this.install(group.user_id, group, { listId: row.list_id, deviceIds: [device.device_id] });
      if (id) ids.push(id);
    }
    return ids;
  }

  /** Brings the rule's members in and lets go of those it brought in and no longer matches. Answers the installations it started. */
  private async applyRule(group: DeviceGroupsTable): Promise<string[]> {
    const rule = ruleOf(group);
    const members = await membersOf(this.ctx.db, group.user_id, [group.id]);
    const ids: string[] = [];
    const leaving: string[] = [];
    for (const device of await machinesOfUser(this.ctx.db, group.user_id)) {
      if (!isEnrolledMachine(device)) continue;
      if (rule && matchesRule(rule, device)) ids.push(...((await this.join(group, device, 'rule')) ?? []));
      else if (members.some((member) => member.device_row_id === device.id && member.source === 'rule')) leaving.push(device.id);
    }
    await deleteRuleMembers(this.ctx.db, group.id, leaving);
    this.drift.recomputeLater(group.user_id, leaving);
    return ids;
  }

  /** The members an installation may go to: enrolled machines within the plan's seats (the others wait until seats are freed). */
  private async installableMembers(userId: string, groupIds: readonly string[]): Promise<string[]> {
    const within = await this.seatCheck(userId);
    const members = await machinesOfUser(
      this.ctx.db,
      userId,
      (await membersOf(this.ctx.db, userId, groupIds)).map((member) => member.device_row_id),
    );
    return members.filter(within).map((device) => device.device_id);
  }

  /** Whether one machine may receive installations (a joining machine: the group's other members are not read). */
  private async withinSeats(userId: string, device: DevicesTable): Promise<boolean> {
    return (await this.seatCheck(userId))(device);
  }

  /** The installation targets' rule: an enrolled machine among the first seats of the plan. */
  private async seatCheck(userId: string): Promise<(device: DevicesTable) => boolean> {
    const seatLimit = (await this.subscription.planOf(userId)).limits.devices;
    const seatHolders = await seatHolderRowIds(this.ctx.db, userId);
    return (device) => isEnrolledMachine(device) && seatHolders.indexOf(device.id) < seatLimit;
  }

  /** One installation for the group's owner; a failure is logged, never the group change's answer. */
  private async install(
    userId: string,
    group: DeviceGroupsTable,
    input: { listId?: string; appIds?: number[]; deviceIds: string[] },
  ): Promise<string | null> {
    if (input.deviceIds.length === 0) return null;
    try {
      const caller = await actingFor(this.ctx, this.subscription, userId);
      if (!caller) return null;
      return (await this.installations.create(caller, { ...input, kind: 'install', forGroup: group.name }, null)).id;
    } catch (error) {
      this.ctx.log.warn({ err: error, groupId: group.id, deviceIds: input.deviceIds }, 'device group: no installation');
      return null;
    }
  }

  private async requirePlan(userId: string): Promise<void> {
    if (!(await this.subscription.planOf(userId)).capabilities.deviceGroups) throw groupsRequired();
  }

  private async summaries(userId: string, groups: readonly DeviceGroupsTable[]): Promise<GroupSummary[]> {
    const ids = groups.map((group) => group.id);
    const [members, lists, drift] = await Promise.all([
      membersOf(this.ctx.db, userId, ids),
      listsOfGroups(this.ctx.db, userId, ids),
      this.drift.countsOfGroups(userId, ids),
    ]);
    return groups.map((group) => ({
      id: group.id,
      name: group.name,
      rule: ruleOf(group),
      memberCount: members.filter((member) => member.group_id === group.id).length,
      listCount: lists.filter((row) => row.group_id === group.id).length,
      drift: drift.get(group.id)!,
      removeTakenOut: group.remove_taken_out === 1,
      createdAt: group.created_at,
    }));
  }
}

/** Two names that read the same to a person ("Office" and "office ") are one name. */
const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

function ruleColumns(rule: GroupRule | null): Pick<DeviceGroupsTable, 'rule_platform' | 'rule_name_pattern' | 'rule_tag'> {
  return { rule_platform: rule?.platform ?? null, rule_name_pattern: rule?.namePattern ?? null, rule_tag: rule?.tag ?? null };
}
