import { newestFirst } from '../newest-first';
import type { Db, DeviceInventoryTable, Flag, NotificationSettingsTable, NotificationsTable } from '../schema';

/** Notifications: the centre's rows, each user's switches, and updates already told. */

export type SettingsRow = Pick<NotificationSettingsTable, 'failure_mails' | 'update_digest' | 'priority_mails' | 'in_app'>;

export async function findNotificationSettings(db: Db, userId: string): Promise<NotificationSettingsTable | undefined> {
  return db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Creates the row with every switch on when there is none yet; never changes an existing one. */
export async function ensureNotificationSettings(db: Db, userId: string, now: string): Promise<void> {
  await db
    .insertInto('notification_settings')
    .values({
      user_id: userId,
      failure_mails: 1,
      update_digest: 1,
      priority_mails: 1,
      in_app: 1,
      last_digest_at: null,
      last_digest_hash: null,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function updateNotificationSettings(db: Db, userId: string, changes: Partial<SettingsRow>, now: string): Promise<void> {
  await ensureNotificationSettings(db, userId, now);
  await db
    .updateTable('notification_settings')
    .set({ ...changes, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Claims today's digest for one user: only when none went since `notAfter` (24 h ago), so two
 * server processes, or two runs, cannot both send it. Answers whether this caller claimed it.
 */
export async function claimDigest(db: Db, userId: string, now: string, notAfter: string, hash: string): Promise<boolean> {
  await ensureNotificationSettings(db, userId, now);
  const result = await db
    .updateTable('notification_settings')
    .set({ last_digest_at: now, last_digest_hash: hash })
    .where('user_id', '=', userId)
    .where('update_digest', '=', 1)
    .where((eb) => eb.or([eb('last_digest_at', 'is', null), eb('last_digest_at', '<=', notAfter)]))
    .where((eb) => eb.or([eb('last_digest_hash', 'is', null), eb('last_digest_hash', '!=', hash)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** One outdated package of an active enrolled device, with who owns it and their digest state. */
export interface OutdatedInventoryRow extends DeviceInventoryTable {
  user_id: string;
  email: string;
  first_name: string;
  device_name: string;
  platform: string;
  update_digest: Flag | null;
  last_digest_at: string | null;
  last_digest_hash: string | null;
}

/**
 * Every package with a newer version on the active devices of users who want the digest and
 * had none since `notAfter`: one statement over all users (the scheduler's digest run).
 */
export async function outdatedInventoryForDigest(db: Db, notAfter: string): Promise<OutdatedInventoryRow[]> {
  return db
    .selectFrom('device_inventory as i')
    .innerJoin('devices as d', 'd.id', 'i.device_row_id')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .leftJoin('notification_settings as s', 's.user_id', 'd.user_id')
    .select([
      'i.device_row_id',
      'i.manager',
      'i.package_id',
      'i.installed_version',
      'i.available_version',
      'i.available_security',
      'd.user_id',
      'u.email',
      'u.first_name',
      'd.device_name',
      'd.platform',
      's.update_digest',
      's.last_digest_at',
      's.last_digest_hash',
    ])
    .where('i.available_version', 'is not', null)
    .where('d.is_active', '=', 1)
    .where((eb) => eb.or([eb('s.update_digest', 'is', null), eb('s.update_digest', '=', 1)]))
    .where((eb) => eb.or([eb('s.last_digest_at', 'is', null), eb('s.last_digest_at', '<=', notAfter)]))
    .orderBy('d.user_id')
    .orderBy('d.device_name')
    .orderBy('i.device_row_id')
    .execute();
}

/**
 * Records the updates told about; answers the ones that are new (inserted now). Conflicting
 * rows (told before, or by another process at the same moment) are left out.
 */
export async function recordUpdateAlerts(
  db: Db,
  deviceRowId: string,
  updates: readonly { appId: number; availableVersion: string }[],
  now: string,
): Promise<{ appId: number; availableVersion: string }[]> {
  const fresh: { appId: number; availableVersion: string }[] = [];
  for (const update of updates) {
    const result = await db
      .insertInto('update_alerts')
      .values({ device_row_id: deviceRowId, app_id: update.appId, available_version: update.availableVersion, created_at: now })
      .onConflict((oc) => oc.columns(['device_row_id', 'app_id', 'available_version']).doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) fresh.push(update);
  }
  return fresh;
}

export async function insertNotification(db: Db, row: NotificationsTable): Promise<void> {
  await db.insertInto('notifications').values(row).execute();
}

/** The device's "updates available" notices, with the apps each told of. */
export function updateNoticesOf(db: Db, deviceRowId: string) {
  return db
    .selectFrom('notifications')
    .select(['id', 'user_id', 'app_ids'])
    .where('kind', '=', 'updates_available')
    .where('device_row_id', '=', deviceRowId)
    .execute();
}

/** Removes the user's notices `ids`; answers how many went. */
export async function deleteNotifications(db: Db, userId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('notifications')
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function notificationsOf(db: Db, userId: string, limit: number): Promise<NotificationsTable[]> {
  return newestFirst(db.selectFrom('notifications').selectAll().where('user_id', '=', userId), limit).execute();
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Marks the owner's notifications read: these ids (others' ids change nothing), or all. */
export async function markRead(db: Db, userId: string, ids: readonly string[] | null, now: string): Promise<number> {
  let query = db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', [...ids]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Keeps the newest `keep` notifications of a user; older ones go. */
export async function trimNotifications(db: Db, userId: string, keep: number): Promise<void> {
  const cutoff = await db
    .selectFrom('notifications')
    .select(['created_at', 'id'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1)
    .executeTakeFirst();
  if (!cutoff) return;
  await db
    .deleteFrom('notifications')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([eb('created_at', '<', cutoff.created_at), eb.and([eb('created_at', '=', cutoff.created_at), eb('id', '<=', cutoff.id)])]),
    )
    .execute();
}

/** A finished target with its device, owner and the apps that failed (for the failure mail). */
export async function failedTargetReport(db: Db, targetId: string) {
  const target = await db
    .selectFrom('installation_targets as t')
    .innerJoin('devices as d', 'd.id', 't.device_row_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.installation_id', 't.user_id', 't.status', 'd.device_name', 'd.device_id', 'u.email', 'u.first_name'])
    .where('t.id', '=', targetId)
    .executeTakeFirst();
  if (!target) return null;
  const failed = await db
    .selectFrom('installation_items')
    .select(['app_name', 'message'])
    .where('target_id', '=', targetId)
    .where('status', '=', 'failed')
    .orderBy('position')
    .execute();
  return { ...target, failed };
}

/** A device's job with its owner and all its apps (a next-start job cancelled at its deadline). */
export async function targetReport(db: Db, targetId: string) {
  const target = await db
    .selectFrom('installation_targets as t')
    .innerJoin('devices as d', 'd.id', 't.device_row_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.installation_id', 't.user_id', 'd.device_name', 'u.email', 'u.first_name'])
    .where('t.id', '=', targetId)
    .executeTakeFirst();
  if (!target) return null;
  const items = await db
    .selectFrom('installation_items')
    .select('app_name')
    .where('target_id', '=', targetId)
    .orderBy('position')
    .execute();
  return { ...target, items };
}

/** The owner of an enrolled device, for the priority mail. */
export async function deviceWithOwner(db: Db, deviceRowId: string) {
  return db
    .selectFrom('devices as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.id', 'd.device_id', 'd.device_name', 'd.platform', 'd.user_id', 'd.is_active', 'u.email', 'u.first_name'])
    .where('d.id', '=', deviceRowId)
    .executeTakeFirst();
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}
