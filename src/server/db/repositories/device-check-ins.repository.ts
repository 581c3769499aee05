import type { Db, DeviceCheckInsTable } from '../schema';
import { normalizedPlan } from './update-history.repository';

export function insertCheckIn(db: Db, row: DeviceCheckInsTable) {
  return db.insertInto('device_check_ins').values(row).execute();
}

/**
 * A device's check-ins, newest first. A connection and the inventory that follows it can share
 * a millisecond: on a tie the inventory ("inventory" > "connected") is the newer.
 */
export function checkInsOfDevice(db: Db, deviceRowId: string, limit: number) {
  return db
    .selectFrom('device_check_ins')
    .selectAll()
    .where('device_row_id', '=', deviceRowId)
    .orderBy('created_at', 'desc')
    .orderBy('kind', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Candidates, narrowed in SQL (the caller keeps those `isEnrolledMachine` accepts): machines of owners with advanced monitoring whose agent last reported before
 * `silentSince` and whose owner has not been told since it last reported.
 */
export function silentMachines(db: Db, silentSince: string, onPlans: readonly string[]) {
  return db
    .selectFrom('devices')
    .innerJoin('subscriptions', 'subscriptions.user_id', 'devices.user_id')
    .select([
      'devices.id',
      'devices.user_id',
      'devices.device_id',
      'devices.device_name',
      'devices.platform',
      'devices.last_active_at',
      'devices.device_type',
      'devices.registration_method',
      'devices.capabilities',
    ])
    .where('devices.is_active', '=', 1)
    .where('devices.registration_method', '=', 'token')
    .where('devices.device_type', '=', 'remote')
    .where('devices.last_active_at', '<', silentSince)
    .where((eb) =>
      eb.or([eb('devices.silence_alerted_at', 'is', null), eb('devices.silence_alerted_at', '<', eb.ref('devices.last_active_at'))]),
    )
    .where(normalizedPlan, 'in', [...onPlans])
    .execute();
}

/** Claims one silence alert: false when another process told the owner already, or the machine reported meanwhile. */
export async function claimSilenceAlert(db: Db, deviceRowId: string, lastActiveAt: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('devices')
    .set({ silence_alerted_at: now })
    .where('id', '=', deviceRowId)
    .where('last_active_at', '=', lastActiveAt)
    .where((eb) => eb.or([eb('silence_alerted_at', 'is', null), eb('silence_alerted_at', '<', lastActiveAt)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
