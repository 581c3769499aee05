import type { Insertable, Updateable } from 'kysely';

import type { Db, UpdatePoliciesTable } from '../schema';

/** Update policies with the current name and public id of what they apply to, their exceptions and their runs. */

function withTarget(db: Db) {
  return db
    .selectFrom('update_policies')
    .leftJoin('devices', 'devices.id', 'update_policies.device_row_id')
    .leftJoin('device_groups', 'device_groups.id', 'update_policies.group_id')
    .leftJoin('lists', 'lists.id', 'update_policies.list_id')
    .selectAll('update_policies')
    .select([
      'devices.device_id as device_public_id',
      'devices.device_name as device_name',
      'devices.time_zone as device_time_zone',
      'device_groups.name as group_name',
      'lists.name as list_name',
    ]);
}

export type PolicyRow = Awaited<ReturnType<typeof findPolicy>> & {};

export async function insertPolicy(db: Db, row: Insertable<UpdatePoliciesTable>): Promise<void> {
  await db.insertInto('update_policies').values(row).execute();
}

/** The user's policies, oldest first (the order that also decides between two groups' policies). */
export function policiesOfUser(db: Db, userId: string) {
  return withTarget(db)
    .where('update_policies.user_id', '=', userId)
    .orderBy('update_policies.created_at')
    .orderBy('update_policies.id')
    .execute();
}

/** One of this user's policies; another user's is not found. */
export function findPolicy(db: Db, userId: string, id: string) {
  return withTarget(db).where('update_policies.user_id', '=', userId).where('update_policies.id', '=', id).executeTakeFirst();
}

export async function updatePolicy(db: Db, userId: string, id: string, fields: Updateable<UpdatePoliciesTable>): Promise<boolean> {
  const result = await db.updateTable('update_policies').set(fields).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePolicy(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('update_policies').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The policy's exceptions become exactly these apps. */
export async function replaceExceptions(db: Db, policyId: string, appIds: readonly number[]): Promise<void> {
  await db.deleteFrom('update_policy_exceptions').where('policy_id', '=', policyId).execute();
  if (appIds.length > 0)
    await db
      .insertInto('update_policy_exceptions')
      .values(appIds.map((appId) => ({ policy_id: policyId, app_id: appId })))
      .execute();
}

/** The exceptions of these policies, with the apps' names, by name. */
export function exceptionsOf(db: Db, policyIds: readonly string[]) {
  if (policyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('update_policy_exceptions')
    .innerJoin('apps', 'apps.id', 'update_policy_exceptions.app_id')
    .select(['update_policy_exceptions.policy_id', 'apps.id as app_id', 'apps.name'])
    .where('update_policy_exceptions.policy_id', 'in', policyIds)
    .orderBy('apps.name')
    .execute();
}

/** Users with at least one policy that updates something: the only ones the scheduler reads. */
export async function usersWithActivePolicies(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('update_policies').select('user_id').where('mode', '!=', 'off').distinct().execute();
  return rows.map((row) => row.user_id);
}

/**
 * Claims one window of a policy for one machine: the primary key lets one caller win, on both
 * databases, however many processes look at the same window. true for the winner.
 */
export async function claimPolicyRun(db: Db, policyId: string, deviceRowId: string, opensAt: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('update_policy_runs')
    .values({ policy_id: policyId, device_row_id: deviceRowId, window_opens_at: opensAt, installation_id: null, created_at: at })
    .onConflict((oc) => oc.columns(['policy_id', 'device_row_id', 'window_opens_at']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function recordPolicyRun(db: Db, policyId: string, deviceRowId: string, opensAt: string, installationId: string, at: string) {
  await db
    .updateTable('update_policy_runs')
    .set({ installation_id: installationId })
    .where('policy_id', '=', policyId)
    .where('device_row_id', '=', deviceRowId)
    .where('window_opens_at', '=', opensAt)
    .execute();
  await db.updateTable('update_policies').set({ last_run_at: at }).where('id', '=', policyId).execute();
}

/** Runs are only needed while their window could still be claimed again; a month is ample. */
export async function pruneRunsBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('update_policy_runs').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The apps of these lists (for list policies). */
export function appsOfLists(db: Db, listIds: readonly string[]) {
  if (listIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('list_items').select(['list_id', 'app_id']).where('list_id', 'in', listIds).execute();
}

/** Of these app ids, those this user can see: catalogue apps and their own. */
export async function usableAppIds(db: Db, userId: string, appIds: readonly number[]): Promise<number[]> {
  if (appIds.length === 0) return [];
  const rows = await db
    .selectFrom('apps')
    .select('id')
    .where('id', 'in', appIds)
    .where((eb) => eb.or([eb('owner_user_id', 'is', null), eb('owner_user_id', '=', userId)]))
    .execute();
  return rows.map((row) => row.id);
}
