import { sql } from 'kysely';

import { newestFirst } from '../newest-first';
import { precompiled } from '../precompiled';
import type { Db, DeviceEventsTable, LogoutNotificationsTable } from '../schema';

export async function insertDeviceEvent(db: Db, event: DeviceEventsTable): Promise<void> {
  await db.insertInto('device_events').values(event).execute();
}

export function deviceEventsOf(db: Db, userId: string, limit: number) {
  return newestFirst(db.selectFrom('device_events').selectAll().where('user_id', '=', userId), limit).execute();
}

/**
 * A hot read (GET /api/devices): compiled once. `limit 1` is written into the SQL: with the
 * limit as a parameter SQLite ran this query five times slower (13 µs against 2.6 µs).
 */
const lastRemoteDeactivation = precompiled((db: Db, userId: string, exceptDetail: string) =>
  db
    .selectFrom('device_events')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('type', '=', 'deactivated')
    .where('actor_device_id', 'is not', null)
    .whereRef('actor_device_id', '!=', 'device_id')
    .where((eb) => eb.or([eb('detail', 'is', null), eb('detail', '!=', exceptDetail)]))
    .orderBy('created_at', 'desc')
    .limit(sql.lit(1)),
);

/**
 * When the account last deactivated another device (not itself): the start of its cooldown.
 * Deactivations recorded with `exceptDetail` (a mistaken enrolment removed at once) do not count.
 */
export async function lastRemoteDeactivationAt(db: Db, userId: string, exceptDetail: string): Promise<string | null> {
  const [row] = await lastRemoteDeactivation(db, userId, exceptDetail);
  return row?.created_at ?? null;
}

export async function insertLogoutNotification(db: Db, notification: LogoutNotificationsTable): Promise<void> {
  await db.insertInto('logout_notifications').values(notification).execute();
}

/** Unshown notices for one device of the user, marked shown as they are read (each is shown once). */
export async function takeLogoutNotifications(db: Db, userId: string, deviceId: string) {
  const rows = await db
    .selectFrom('logout_notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .where('shown', '=', 0)
    .orderBy('created_at')
    .execute();
  if (rows.length > 0) {
    await db
      .updateTable('logout_notifications')
      .set({ shown: 1 })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
  }
  return rows;
}
