import type { Db, Flag, ListFollowersTable } from '../schema';

/** A follow with what the screens show of its device. */
export type FollowerRow = ListFollowersTable & { device_id: string; device_name: string; platform: string };

/**
 * Starts following; answers false when the device already followed the list (then only the
 * option changes). One statement, so two requests at once cannot both start.
 */
export async function insertFollower(db: Db, row: ListFollowersTable): Promise<boolean> {
  const result = await db
    .insertInto('list_followers')
    .values(row)
    .onConflict((oc) => oc.columns(['list_id', 'device_row_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function setFollowerOption(db: Db, listId: string, deviceRowId: string, uninstallRemoved: Flag): Promise<void> {
  await db
    .updateTable('list_followers')
    .set({ uninstall_removed: uninstallRemoved })
    .where('list_id', '=', listId)
    .where('device_row_id', '=', deviceRowId)
    .execute();
}

export async function deleteFollower(db: Db, listId: string, deviceRowId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('list_followers')
    .where('list_id', '=', listId)
    .where('device_row_id', '=', deviceRowId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A deactivated device follows nothing any more (re-enrolling it does not bring its follows back). */
export async function deleteFollowsOfDevice(db: Db, deviceRowId: string): Promise<void> {
  await db.deleteFrom('list_followers').where('device_row_id', '=', deviceRowId).execute();
}

/** The active devices following a list, by name. */
export function followersOfList(db: Db, userId: string, listId: string): Promise<FollowerRow[]> {
  return db
    .selectFrom('list_followers')
    .innerJoin('devices', 'devices.id', 'list_followers.device_row_id')
    .selectAll('list_followers')
    .select(['devices.device_id', 'devices.device_name', 'devices.platform'])
    .where('list_followers.user_id', '=', userId)
    .where('list_followers.list_id', '=', listId)
    .where('devices.user_id', '=', userId)
    .where('devices.is_active', '=', 1)
    .orderBy('devices.device_name')
    .orderBy('devices.id')
    .execute();
}

export function findFollower(db: Db, userId: string, listId: string, deviceRowId: string): Promise<FollowerRow | undefined> {
  return db
    .selectFrom('list_followers')
    .innerJoin('devices', 'devices.id', 'list_followers.device_row_id')
    .selectAll('list_followers')
    .select(['devices.device_id', 'devices.device_name', 'devices.platform'])
    .where('list_followers.user_id', '=', userId)
    .where('list_followers.list_id', '=', listId)
    .where('list_followers.device_row_id', '=', deviceRowId)
    .executeTakeFirst();
}

/** The lists one device follows, by name. */
export function listsFollowedBy(db: Db, userId: string, deviceRowId: string) {
  return db
    .selectFrom('list_followers')
    .innerJoin('lists', 'lists.id', 'list_followers.list_id')
    .select(['lists.id as list_id', 'lists.name as list_name', 'list_followers.uninstall_removed'])
    .where('list_followers.user_id', '=', userId)
    .where('lists.user_id', '=', userId)
    .where('list_followers.device_row_id', '=', deviceRowId)
    .orderBy('lists.name')
    .orderBy('lists.id')
    .execute();
}
