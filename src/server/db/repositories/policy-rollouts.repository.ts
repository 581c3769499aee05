import type { Db, PolicyRolloutMachinesTable, PolicyRolloutsTable } from '../schema';

/** A policy's rollouts (one per app and version) and the machines each was sent to. */

/** The rollout of this version of this app under this policy, made now if it was not there (one wins a race). */
export async function rolloutFor(db: Db, row: PolicyRolloutsTable): Promise<PolicyRolloutsTable> {
  await db
    .insertInto('policy_rollouts')
    .values(row)
    .onConflict((oc) => oc.columns(['policy_id', 'app_id', 'version']).doNothing())
    .execute();
  return db
    .selectFrom('policy_rollouts')
    .selectAll()
    .where('policy_id', '=', row.policy_id)
    .where('app_id', '=', row.app_id)
    .where('version', '=', row.version)
    .executeTakeFirstOrThrow();
}

export async function insertRolloutMachine(db: Db, row: PolicyRolloutMachinesTable): Promise<void> {
  await db
    .insertInto('policy_rollout_machines')
    .values(row)
    .onConflict((oc) => oc.columns(['rollout_id', 'device_row_id']).doNothing())
    .execute();
}

export function runningRollouts(db: Db) {
  return db.selectFrom('policy_rollouts').selectAll().where('state', '=', 'running').orderBy('created_at').execute();
}

/** The account's rollouts, newest first, with their app's name. */
export function rolloutsOfUser(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('policy_rollouts')
    .innerJoin('apps', 'apps.id', 'policy_rollouts.app_id')
    .selectAll('policy_rollouts')
    .select('apps.name as app_name')
    .where('policy_rollouts.user_id', '=', userId)
    .orderBy('policy_rollouts.created_at', 'desc')
    .orderBy('policy_rollouts.id')
    .limit(limit)
    .execute();
}

/** One of this user's rollouts; another's is not found. */
export function findRollout(db: Db, userId: string, rolloutId: string) {
  return db.selectFrom('policy_rollouts').selectAll().where('user_id', '=', userId).where('id', '=', rolloutId).executeTakeFirst();
}

/** Moves a rollout on only from the state it was read in: one process's decision wins. */
export async function moveRollout(
  db: Db,
  id: string,
  from: PolicyRolloutsTable['state'],
  fields: Partial<Pick<PolicyRolloutsTable, 'state' | 'ring' | 'ring_opened_at' | 'opened' | 'stopped_reason' | 'updated_at'>>,
  fromRing?: number,
): Promise<boolean> {
  let query = db.updateTable('policy_rollouts').set(fields).where('id', '=', id).where('state', '=', from);
  if (fromRing !== undefined) query = query.where('ring', '=', fromRing);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The machines of these rollouts, with their device's public id and name. */
export function machinesOfRollouts(db: Db, rolloutIds: readonly string[]) {
  if (rolloutIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('policy_rollout_machines')
    .innerJoin('devices', 'devices.id', 'policy_rollout_machines.device_row_id')
    .selectAll('policy_rollout_machines')
    .select(['devices.device_id', 'devices.device_name'])
    .where('policy_rollout_machines.rollout_id', 'in', rolloutIds)
    .execute();
}

/** The item of each machine's installation for the rollout's app: what came of it. */
export function itemsOfRolloutMachines(db: Db, rolloutId: string, appId: number) {
  return db
    .selectFrom('policy_rollout_machines as m')
    .innerJoin('installation_targets as t', (join) =>
      join.onRef('t.installation_id', '=', 'm.installation_id').onRef('t.device_row_id', '=', 'm.device_row_id'),
    )
    .innerJoin('installation_items as i', 'i.target_id', 't.id')
    .select(['m.device_row_id', 'i.status', 'i.message'])
    .where('m.rollout_id', '=', rolloutId)
    .where('m.outcome', '=', 'sent')
    .where('i.app_id', '=', appId)
    .execute();
}

export async function setMachineOutcome(
  db: Db,
  rolloutId: string,
  deviceRowId: string,
  outcome: PolicyRolloutMachinesTable['outcome'],
  message: string | null,
  at: string,
): Promise<void> {
  await db
    .updateTable('policy_rollout_machines')
    .set({ outcome, message, updated_at: at })
    .where('rollout_id', '=', rolloutId)
    .where('device_row_id', '=', deviceRowId)
    .execute();
}
