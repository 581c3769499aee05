import { sql, type SelectQueryBuilder } from 'kysely';

import type { ManagerName } from '@shared/agent/protocol';
import type { HistoryCursor, HistoryFilters } from '@shared/api/history';
import { VERSION_KNOWN_ITEM_STATUSES } from '@shared/installation-states';

import { newestFirst } from '../newest-first';
import type { Database, Db, UpdateHistoryTable } from '../schema';

/** A history row with the device's public id (the row id never leaves the server). */
export type HistoryRow = UpdateHistoryTable & { device_id: string };

export async function insertHistory(db: Db, row: UpdateHistoryTable): Promise<void> {
  await db.insertInto('update_history').values(row).execute();
}

/**
 * One user's history, newest first, after `cursor` (exclusive). Scoped by owner: another
 * user's device, app or list id simply matches nothing.
 */
export function historyOfUser(
  db: Db,
  userId: string,
  filters: HistoryFilters,
  cursor: HistoryCursor | undefined,
  limit: number,
): Promise<HistoryRow[]> {
  let query: SelectQueryBuilder<Database, 'update_history' | 'devices', HistoryRow> = db
    .selectFrom('update_history')
    .innerJoin('devices', 'devices.id', 'update_history.device_row_id')
    .selectAll('update_history')
    .select('devices.device_id')
    .where('update_history.user_id', '=', userId);
  if (filters.deviceId !== undefined) query = query.where('devices.device_id', '=', filters.deviceId);
  if (filters.appId !== undefined) query = query.where('update_history.app_id', '=', filters.appId);
  if (filters.listId !== undefined) query = query.where('update_history.list_id', '=', filters.listId);
  if (filters.kind !== undefined) query = query.where('update_history.kind', '=', filters.kind);
  if (filters.outcome !== undefined) query = query.where('update_history.outcome', '=', filters.outcome);
  if (filters.from !== undefined) query = query.where('update_history.created_at', '>=', filters.from);
  if (filters.to !== undefined) query = query.where('update_history.created_at', '<', filters.to);
  if (cursor)
    query = query.where((eb) =>
      eb.or([
        eb('update_history.created_at', '<', cursor.createdAt),
        eb.and([eb('update_history.created_at', '=', cursor.createdAt), eb('update_history.id', '<', cursor.id)]),
      ]),
    );
  return query.orderBy('update_history.created_at', 'desc').orderBy('update_history.id', 'desc').limit(limit).execute();
}

/** A plan id as normalizePlanId (src/shared/plans.ts) reads it, in SQL: trimmed, lower case, dashes. */
export const normalizedPlan = sql<string>`replace(lower(trim(subscriptions.plan)), '_', '-')`;

/**
 * Deletes the rows older than `before` of the users on one of `plans`, or, with
 * `otherThan`, of every user not on one of those plans (users without a subscription row are
 * on Free). One statement for all users; returns how many rows went.
 */
export async function pruneHistory(
  db: Db,
  before: string,
  users: { onPlans: readonly string[] } | { notOnPlans: readonly string[] },
  table: 'update_history' | 'device_check_ins' = 'update_history',
): Promise<number> {
  const plansOf = (plans: readonly string[]) =>
    db
      .selectFrom('subscriptions')
      .select('subscriptions.user_id')
      .where(normalizedPlan, 'in', [...plans]);
  let query = db.deleteFrom(table).where('created_at', '<', before);
  if ('onPlans' in users) {
    if (users.onPlans.length === 0) return 0;
    query = query.where('user_id', 'in', plansOf(users.onPlans));
  } else if (users.notOnPlans.length > 0) {
    query = query.where('user_id', 'not in', plansOf(users.notOnPlans));
  }
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The newest version history knows for an app on a device after `after` (the device's last
 * inventory): what a succeeded or skipped report left installed, null after an uninstall.
 * undefined when no such row exists.
 */
export async function lastRecordedVersion(
  db: Db,
  deviceRowId: string,
  appId: number,
  manager: ManagerName,
  after: string | null,
): Promise<string | null | undefined> {
  let query = db
    .selectFrom('update_history')
    .select('version_after')
    .where('device_row_id', '=', deviceRowId)
    .where('app_id', '=', appId)
    .where('manager', '=', manager)
    .where('outcome', 'in', VERSION_KNOWN_ITEM_STATUSES);
  if (after !== null) query = query.where('created_at', '>', after);
  const row = await newestFirst(query, 1).executeTakeFirst();
  return row?.version_after;
}
