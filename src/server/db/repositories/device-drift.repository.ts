import type { Db, DeviceDriftTable } from '../schema';

/** The drift Loadout last saw on these machines, by machine and app. */
export function driftOf(db: Db, userId: string, deviceRowIds: readonly string[]): Promise<DeviceDriftTable[]> {
  if (deviceRowIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('device_drift')
    .selectAll()
    .where('user_id', '=', userId)
    .where('device_row_id', 'in', deviceRowIds)
    .orderBy('device_row_id')
    .orderBy('app_id')
    .execute();
}

/** One machine's drift, replaced whole (the caller kept `since` of what had not changed). */
export async function replaceDrift(db: Db, deviceRowId: string, rows: readonly DeviceDriftTable[]): Promise<void> {
  await db.deleteFrom('device_drift').where('device_row_id', '=', deviceRowId).execute();
  // Bounded by the machine's declared and reported apps; in slices to stay under SQLite's variable limit.
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('device_drift')
      .values(rows.slice(start, start + 500))
      .execute();
}
