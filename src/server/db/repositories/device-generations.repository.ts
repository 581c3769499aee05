import type { Db, DeviceGenerationsTable } from '../schema';

/** A machine's generations, newest first (at most `limit`). */
export function generationsOf(db: Db, userId: string, deviceRowId: string, limit: number): Promise<DeviceGenerationsTable[]> {
  return db
    .selectFrom('device_generations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('device_row_id', '=', deviceRowId)
    .orderBy('number', 'desc')
    .limit(limit)
    .execute();
}

export function findGeneration(db: Db, userId: string, deviceRowId: string, number: number): Promise<DeviceGenerationsTable | undefined> {
  return db
    .selectFrom('device_generations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('device_row_id', '=', deviceRowId)
    .where('number', '=', number)
    .executeTakeFirst();
}

/** The machine's latest generation, or undefined before its first. */
export function latestGeneration(db: Db, deviceRowId: string): Promise<DeviceGenerationsTable | undefined> {
  return db
    .selectFrom('device_generations')
    .selectAll()
    .where('device_row_id', '=', deviceRowId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether a generation was recorded for this installation on this machine already (a job finishes once, but a task may run twice). */
export async function hasGenerationOf(db: Db, deviceRowId: string, installationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('device_generations')
    .select('id')
    .where('device_row_id', '=', deviceRowId)
    .where('installation_id', '=', installationId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertGeneration(db: Db, row: DeviceGenerationsTable): Promise<void> {
  await db.insertInto('device_generations').values(row).execute();
}
