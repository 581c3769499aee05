import type { Db, DeviceSearchesTable, DeviceSearchResultsTable } from '../schema';

/**
 * A new search of a device: the device's running searches are superseded first (their late
 * answers are then ignored), and its searches older than `before` are let go.
 */
export async function startDeviceSearch(db: Db, search: DeviceSearchesTable, before: string): Promise<void> {
  await db.deleteFrom('device_searches').where('device_row_id', '=', search.device_row_id).where('created_at', '<', before).execute();
  await db
    .updateTable('device_searches')
    .set({ status: 'superseded', finished_at: search.created_at })
    .where('device_row_id', '=', search.device_row_id)
    .where('status', '=', 'searching')
    .execute();
  await db.insertInto('device_searches').values(search).execute();
}

/** Scoped by owner and device: another user's search, or another device's, is simply not found. */
export function findDeviceSearch(db: Db, userId: string, deviceRowId: string, id: string) {
  return db
    .selectFrom('device_searches')
    .selectAll()
    .where('user_id', '=', userId)
    .where('device_row_id', '=', deviceRowId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** For the agent's side: a search of this device only. */
export function findDeviceSearchOfDevice(db: Db, deviceRowId: string, id: string) {
  return db.selectFrom('device_searches').selectAll().where('device_row_id', '=', deviceRowId).where('id', '=', id).executeTakeFirst();
}

export function findDeviceSearchResults(db: Db, searchId: string) {
  return db.selectFrom('device_search_results').selectAll().where('search_id', '=', searchId).execute();
}

/**
 * One manager's answer, kept once and only while its search is running and not expired: a repeated answer, a
 * late one for a superseded or finished search, or one for another device's search changes nothing.
 */
export async function addDeviceSearchResults(
  db: Db,
  deviceRowId: string,
  row: DeviceSearchResultsTable,
  startedAfter: string,
): Promise<void> {
  const search = await findDeviceSearchOfDevice(db, deviceRowId, row.search_id);
  // An expired search (started before `startedAfter`) keeps what it had: its page said it was over.
  if (!search || search.status !== 'searching' || search.created_at < startedAfter) return;
  await db
    .insertInto('device_search_results')
    .values(row)
    .onConflict((conflict) => conflict.columns(['search_id', 'manager']).doNothing())
    .execute();
}

/** The agent's `search.done`; for an expired search (started before `startedAfter`) it changes nothing. */
export async function finishDeviceSearch(db: Db, deviceRowId: string, id: string, finishedAt: string, startedAfter: string): Promise<void> {
  await db
    .updateTable('device_searches')
    .set({ status: 'done', finished_at: finishedAt })
    .where('device_row_id', '=', deviceRowId)
    .where('id', '=', id)
    .where('status', '=', 'searching')
    .where('created_at', '>=', startedAfter)
    .execute();
}
