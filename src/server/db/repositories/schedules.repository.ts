import type { Db, UpdateSchedulesTable } from '../schema';

/** Custom update schedules (premium), with the current name and public id of what they update. */

export type ScheduleFields = Pick<
  UpdateSchedulesTable,
  'cadence' | 'weekday' | 'time' | 'time_zone' | 'window_minutes' | 'enabled' | 'next_run_at' | 'updated_at'
>;

function withTarget(db: Db) {
  return db
    .selectFrom('update_schedules')
    .leftJoin('devices', 'devices.id', 'update_schedules.device_row_id')
    .leftJoin('lists', 'lists.id', 'update_schedules.list_id')
    .selectAll('update_schedules')
    .select(['devices.device_id as device_public_id', 'devices.device_name as device_name', 'lists.name as list_name']);
}

export type ScheduleRow = Awaited<ReturnType<typeof findSchedule>> & {};

export async function insertSchedule(db: Db, row: UpdateSchedulesTable): Promise<void> {
  await db.insertInto('update_schedules').values(row).execute();
}

/** The user's schedules, oldest first. */
export function schedulesOfUser(db: Db, userId: string) {
  return withTarget(db)
    .where('update_schedules.user_id', '=', userId)
    .orderBy('update_schedules.created_at')
    .orderBy('update_schedules.id')
    .execute();
}

/** One of this user's schedules; another user's is not found. */
export function findSchedule(db: Db, userId: string, id: string) {
  return withTarget(db).where('update_schedules.user_id', '=', userId).where('update_schedules.id', '=', id).executeTakeFirst();
}

export async function updateSchedule(db: Db, userId: string, id: string, fields: ScheduleFields): Promise<boolean> {
  const result = await db.updateTable('update_schedules').set(fields).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteSchedule(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('update_schedules').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Enabled schedules whose next occurrence has come, earliest first. */
export function dueSchedules(db: Db, now: string, limit: number) {
  return db
    .selectFrom('update_schedules')
    .selectAll()
    .where('enabled', '=', 1)
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Moves a due schedule on to its following occurrence, only if nobody else did: the WHERE on the
 * old next_run_at lets one caller win per occurrence, on both databases. true for the winner.
 */
export async function claimSchedule(db: Db, id: string, due: string, following: string): Promise<boolean> {
  const result = await db
    .updateTable('update_schedules')
    .set({ next_run_at: following })
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .where('next_run_at', '=', due)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markScheduleRun(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('update_schedules').set({ last_run_at: at }).where('id', '=', id).execute();
}

/** A schedule whose device is no longer active stops (the row stays until the device goes). */
export async function disableSchedule(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('update_schedules').set({ enabled: 0, updated_at: at }).where('id', '=', id).execute();
}
