import type { Db, GroupRemovalMachinesTable, GroupRemovalsTable } from '../schema';

export async function insertRemoval(db: Db, row: GroupRemovalsTable): Promise<void> {
  await db.insertInto('group_removals').values(row).execute();
}

/** The open removal of this app in this group, if any: an app taken out twice is one change. */
export function findOpenRemoval(db: Db, groupId: string, appId: number): Promise<GroupRemovalsTable | undefined> {
  return db
    .selectFrom('group_removals')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('app_id', '=', appId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

export function openRemovalsOf(db: Db, userId: string, groupId: string): Promise<GroupRemovalsTable[]> {
  return db
    .selectFrom('group_removals')
    .selectAll()
    .where('user_id', '=', userId)
    .where('group_id', '=', groupId)
    .where('status', '=', 'open')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function machinesOfRemovals(db: Db, removalIds: readonly string[]): Promise<GroupRemovalMachinesTable[]> {
  if (removalIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('group_removal_machines')
    .selectAll()
    .where('removal_id', 'in', [...removalIds])
    .execute();
}

/** The machine's latest check for the removal (asked again: the newer one replaces it). */
export async function setRemovalCheck(db: Db, removalId: string, deviceRowId: string, checkId: string): Promise<void> {
  await db
    .insertInto('group_removal_machines')
    .values({ removal_id: removalId, device_row_id: deviceRowId, check_id: checkId, installation_id: null })
    .onConflict((oc) => oc.columns(['removal_id', 'device_row_id']).doUpdateSet({ check_id: checkId }))
    .execute();
}

export async function setRemovalInstallation(db: Db, removalId: string, deviceRowId: string, installationId: string): Promise<void> {
  await db
    .updateTable('group_removal_machines')
    .set({ installation_id: installationId })
    .where('removal_id', '=', removalId)
    .where('device_row_id', '=', deviceRowId)
    .execute();
}

export async function decideRemoval(db: Db, id: string, status: 'confirmed' | 'kept', at: string): Promise<void> {
  await db.updateTable('group_removals').set({ status, decided_at: at }).where('id', '=', id).where('status', '=', 'open').execute();
}
