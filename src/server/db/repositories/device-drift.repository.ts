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

/**
 * The drift rows that concern one group: on its active members, for an app of its lists, or
 * extra. Subqueries with the group's id, not lists of ids, so that a group of any size is one
 * statement; none is correlated, so each runs once.
 */
function groupDrift(db: Db, userId: string, groupId: string) {
  return db
    .selectFrom('device_drift')
    .innerJoin('devices', 'devices.id', 'device_drift.device_row_id')
    .where('device_drift.user_id', '=', userId)
    .where('devices.is_active', '=', 1)
    .where('device_drift.device_row_id', 'in', (eb) =>
      eb.selectFrom('device_group_members').select('device_row_id').where('group_id', '=', groupId).where('user_id', '=', userId),
    )
    .where((eb) =>
      eb.or([
        eb('device_drift.kind', '=', 'extra'),
        eb(
          'device_drift.app_id',
          'in',
          eb
            .selectFrom('list_items')
            .innerJoin('device_group_lists', 'device_group_lists.list_id', 'list_items.list_id')
            .select('list_items.app_id')
            .where('device_group_lists.group_id', '=', groupId),
        ),
      ]),
    );
}

/** How many differences of each kind each member of a group has (members without any: no row). One scan of the group's drift. */
export async function driftSummaryOfGroup(db: Db, userId: string, groupId: string) {
  const rows = await groupDrift(db, userId, groupId)
    .select((eb) => ['device_drift.device_row_id', 'device_drift.kind', eb.fn.countAll<string | number>().as('n')])
    .groupBy(['device_drift.device_row_id', 'device_drift.kind'])
    .execute();
  return rows.map((row) => ({ deviceRowId: row.device_row_id, kind: row.kind, n: Number(row.n) }));
}
