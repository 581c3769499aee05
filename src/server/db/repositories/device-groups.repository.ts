import type { MemberSource } from '@shared/api/device-groups';

import type { Db, DeviceGroupListsTable, DeviceGroupMembersTable, DeviceGroupsTable, DevicesTable } from '../schema';

/** A member with what the screens show of its device. */
export type MemberRow = DeviceGroupMembersTable & Pick<DevicesTable, 'device_id' | 'device_name' | 'platform' | 'tags'>;
/** A list of a group with its name and size. */
export type GroupListRow = DeviceGroupListsTable & { list_name: string; app_count: number };

export function groupsOfUser(db: Db, userId: string): Promise<DeviceGroupsTable[]> {
  return db.selectFrom('device_groups').selectAll().where('user_id', '=', userId).orderBy('name').orderBy('id').execute();
}

export function findGroup(db: Db, userId: string, groupId: string): Promise<DeviceGroupsTable | undefined> {
  return db.selectFrom('device_groups').selectAll().where('user_id', '=', userId).where('id', '=', groupId).executeTakeFirst();
}

export async function insertGroup(db: Db, row: DeviceGroupsTable): Promise<void> {
  await db.insertInto('device_groups').values(row).execute();
}

export async function updateGroup(
  db: Db,
  userId: string,
  groupId: string,
  fields: Partial<Pick<DeviceGroupsTable, 'name' | 'rule_platform' | 'rule_name_pattern' | 'rule_tag' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('device_groups').set(fields).where('user_id', '=', userId).where('id', '=', groupId).execute();
}

export async function deleteGroup(db: Db, userId: string, groupId: string): Promise<boolean> {
  const result = await db.deleteFrom('device_groups').where('user_id', '=', userId).where('id', '=', groupId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Members of the user's groups (one group, or all), active devices only, by name. */
export function membersOf(db: Db, userId: string, groupIds: readonly string[]): Promise<MemberRow[]> {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('device_group_members')
    .innerJoin('devices', 'devices.id', 'device_group_members.device_row_id')
    .selectAll('device_group_members')
    .select(['devices.device_id', 'devices.device_name', 'devices.platform', 'devices.tags'])
    .where('device_group_members.user_id', '=', userId)
    .where('devices.user_id', '=', userId)
    .where('devices.is_active', '=', 1)
    .where('device_group_members.group_id', 'in', groupIds)
    .orderBy('devices.device_name')
    .orderBy('devices.id')
    .execute();
}

/** Joins the group; false when the machine was a member already (its first way in stays). */
export async function insertMember(db: Db, row: DeviceGroupMembersTable): Promise<boolean> {
  const result = await db
    .insertInto('device_group_members')
    .values(row)
    .onConflict((oc) => oc.columns(['group_id', 'device_row_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function deleteMember(db: Db, groupId: string, deviceRowId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('device_group_members')
    .where('group_id', '=', groupId)
    .where('device_row_id', '=', deviceRowId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The members that came in by the rule and no longer match it (or the rule is gone). */
export async function deleteRuleMembers(db: Db, groupId: string, deviceRowIds: readonly string[]): Promise<void> {
  if (deviceRowIds.length === 0) return;
  await db
    .deleteFrom('device_group_members')
    .where('group_id', '=', groupId)
    .where('source', '=', 'rule' satisfies MemberSource)
    .where('device_row_id', 'in', deviceRowIds)
    .execute();
}

/** A deactivated machine leaves its groups (re-enrolling it does not bring them back, as with its follows). */
export async function deleteMembershipsOfDevice(db: Db, deviceRowId: string): Promise<void> {
  await db.deleteFrom('device_group_members').where('device_row_id', '=', deviceRowId).execute();
}

/** Which of the user's groups each of these machines belongs to. */
export function membershipsOfDevices(db: Db, userId: string, deviceRowIds: readonly string[]) {
  if (deviceRowIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('device_group_members')
    .select(['device_row_id', 'group_id'])
    .where('user_id', '=', userId)
    .where('device_row_id', 'in', deviceRowIds)
    .execute();
}

/** The groups one machine belongs to, by name. */
export function groupsOfDevice(db: Db, userId: string, deviceRowId: string): Promise<DeviceGroupsTable[]> {
  return db
    .selectFrom('device_group_members')
    .innerJoin('device_groups', 'device_groups.id', 'device_group_members.group_id')
    .selectAll('device_groups')
    .where('device_group_members.user_id', '=', userId)
    .where('device_groups.user_id', '=', userId)
    .where('device_group_members.device_row_id', '=', deviceRowId)
    .orderBy('device_groups.name')
    .orderBy('device_groups.id')
    .execute();
}

/** The lists of the user's groups (one, or several), in the order they were added. */
export async function listsOfGroups(db: Db, userId: string, groupIds: readonly string[]): Promise<GroupListRow[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectFrom('device_group_lists')
    .innerJoin('lists', 'lists.id', 'device_group_lists.list_id')
    .leftJoin('list_items', 'list_items.list_id', 'lists.id')
    .selectAll('device_group_lists')
    .select((eb) => ['lists.name as list_name', eb.fn.count<string | number>('list_items.app_id').as('app_count')])
    .where('device_group_lists.user_id', '=', userId)
    .where('lists.user_id', '=', userId)
    .where('device_group_lists.group_id', 'in', groupIds)
    .groupBy([
      'device_group_lists.group_id',
      'device_group_lists.list_id',
      'device_group_lists.user_id',
      'device_group_lists.added_at',
      'lists.name',
    ])
    .orderBy('device_group_lists.added_at')
    .orderBy('device_group_lists.list_id')
    .execute();
  return rows.map((row) => ({ ...row, app_count: Number(row.app_count) }));
}

export async function insertGroupList(db: Db, row: DeviceGroupListsTable): Promise<boolean> {
  const result = await db
    .insertInto('device_group_lists')
    .values(row)
    .onConflict((oc) => oc.columns(['group_id', 'list_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function deleteGroupList(db: Db, groupId: string, listId: string): Promise<boolean> {
  const result = await db.deleteFrom('device_group_lists').where('group_id', '=', groupId).where('list_id', '=', listId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The groups that hold a list (an app added to it goes to their members). */
export async function groupIdsOfList(db: Db, userId: string, listId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('device_group_lists')
    .select('group_id')
    .where('user_id', '=', userId)
    .where('list_id', '=', listId)
    .execute();
  return rows.map((row) => row.group_id);
}

/** The user's active enrolled machines, each with what a rule reads (name, platform, tags). */
export function machinesOfUser(db: Db, userId: string, deviceRowIds?: readonly string[]): Promise<DevicesTable[]> {
  let query = db
    .selectFrom('devices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .where('registration_method', '=', 'token')
    .where('device_type', '=', 'remote');
  if (deviceRowIds) {
    if (deviceRowIds.length === 0) return Promise.resolve([]);
    query = query.where('id', 'in', deviceRowIds);
  }
  return query.orderBy('device_name').orderBy('id').execute();
}

export async function setDeviceTags(db: Db, deviceRowId: string, tags: string | null): Promise<void> {
  await db.updateTable('devices').set({ tags }).where('id', '=', deviceRowId).execute();
}

/** The IANA zone the machine's agent reported (update policies open their windows on its clock). */
export async function setDeviceTimeZone(db: Db, deviceRowId: string, timeZone: string): Promise<void> {
  await db.updateTable('devices').set({ time_zone: timeZone }).where('id', '=', deviceRowId).execute();
}
