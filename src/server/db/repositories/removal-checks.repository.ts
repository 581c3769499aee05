import type { Db, RemovalChecksTable } from '../schema';

export async function insertRemovalCheck(db: Db, check: RemovalChecksTable): Promise<void> {
  await db.insertInto('removal_checks').values(check).execute();
}

/** Scoped by owner and device: another user's check, or another device's, is simply not found. */
export function findRemovalCheck(db: Db, userId: string, deviceRowId: string, id: string) {
  return db
    .selectFrom('removal_checks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('device_row_id', '=', deviceRowId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** For the agent's side: a check of this device only. */
export function findRemovalCheckOfDevice(db: Db, deviceRowId: string, id: string) {
  return db.selectFrom('removal_checks').selectAll().where('device_row_id', '=', deviceRowId).where('id', '=', id).executeTakeFirst();
}

/** The agent's answer, kept once: a repeated or late answer for an answered check changes nothing. */
export async function answerRemovalCheck(db: Db, deviceRowId: string, id: string, plan: string, answeredAt: string): Promise<boolean> {
  const result = await db
    .updateTable('removal_checks')
    .set({ status: 'answered', plan, answered_at: answeredAt })
    .where('device_row_id', '=', deviceRowId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A device's checks older than `before`: each new check clears its device's old ones. */
export async function deleteRemovalChecksBefore(db: Db, deviceRowId: string, before: string): Promise<void> {
  await db.deleteFrom('removal_checks').where('device_row_id', '=', deviceRowId).where('created_at', '<', before).execute();
}
