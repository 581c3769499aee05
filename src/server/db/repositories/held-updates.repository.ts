import type { ManagerName } from '@shared/package-managers';

import type { Db, HeldUpdatesTable } from '../schema';

/** Holds an update that did not take; a later one for the same package replaces it. */
export async function holdUpdate(db: Db, row: HeldUpdatesTable): Promise<void> {
  await db
    .insertInto('held_updates')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['device_row_id', 'manager', 'package_id']).doUpdateSet({
        installed_version: row.installed_version,
        available_version: row.available_version,
        message: row.message,
        since: row.since,
      }),
    )
    .execute();
}

export function heldUpdatesOf(db: Db, deviceRowId: string): Promise<HeldUpdatesTable[]> {
  return db.selectFrom('held_updates').selectAll().where('device_row_id', '=', deviceRowId).execute();
}

export async function releaseHeldUpdate(db: Db, deviceRowId: string, manager: ManagerName, packageId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('held_updates')
    .where('device_row_id', '=', deviceRowId)
    .where('manager', '=', manager)
    .where('package_id', '=', packageId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The inventory stops offering the held version at once, before the machine reports again. */
export async function withdrawAvailableVersion(db: Db, deviceRowId: string, manager: ManagerName, packageId: string): Promise<void> {
  await db
    .updateTable('device_inventory')
    .set({ available_version: null })
    .where('device_row_id', '=', deviceRowId)
    .where('manager', '=', manager)
    .where('package_id', '=', packageId)
    .execute();
}

/** The held version offered again at once when the hold is released (the machine's next report confirms or replaces it). */
export async function restoreAvailableVersion(
  db: Db,
  hold: Pick<HeldUpdatesTable, 'device_row_id' | 'manager' | 'package_id' | 'installed_version' | 'available_version'>,
): Promise<void> {
  await db
    .updateTable('device_inventory')
    .set({ available_version: hold.available_version })
    .where('device_row_id', '=', hold.device_row_id)
    .where('manager', '=', hold.manager)
    .where('package_id', '=', hold.package_id)
    .where('installed_version', '=', hold.installed_version)
    .execute();
}
