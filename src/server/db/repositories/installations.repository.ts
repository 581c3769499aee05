import type { Updateable } from 'kysely';

import { jobItemSchema, type JobItem, type JobPackages } from '@shared/agent/protocol';
import type { ItemStatus, TargetStatus } from '@shared/api/installations';
import { OPEN_TARGET_STATUSES, UNTAKEN_TARGET_STATUSES } from '@shared/installation-states';

import { newestFirst } from '../newest-first';
import type { Db, InstallationItemsTable, InstallationsTable, InstallationTargetsTable } from '../schema';
import { endedAway } from './installations-away.repository';

/** Targets joined with what the screens show of their device. */
export type TargetRow = InstallationTargetsTable & {
  device_id: string;
  device_name: string;
  platform: string;
  agent_seen_at: string | null;
  last_active_at: string | null;
};
/** Items without their log (fetched on demand), with whether there is one. */
export type ItemRow = Omit<InstallationItemsTable, 'log' | 'also_remove' | 'purge'> & { has_log: number };

/** What an item's JSON columns hold: its package ids and, for a confirmed uninstall, the other packages it may remove. */
export type StoredJob = Pick<JobItem, 'packages' | 'alsoRemove' | 'purge' | 'pinnedVersion'>;

const storedJobSchema = jobItemSchema.pick({ packages: true, alsoRemove: true, purge: true, pinnedVersion: true });

/** The JSON an item stores of its job, written once here so readStoredJob reads what was written. */
export function storedJobColumns(
  packages: JobPackages,
  alsoRemove: readonly string[] | null,
  purge = false,
): Pick<InstallationItemsTable, 'packages' | 'also_remove' | 'purge'> {
  return {
    packages: JSON.stringify(packages),
    also_remove: alsoRemove === null ? null : JSON.stringify(alsoRemove),
    // Only with a confirmed list: a purge is never stored for an item nobody confirmed.
    purge: purge && alsoRemove !== null ? 1 : 0,
  };
}

/**
 * Every reader of an item's job reads it here, through the protocol's schema: a stored value
 * that is not valid JSON, or not what an agent may be sent, is an error naming the item (the
 * caller fails that item), never a crash nor a job the agent would refuse.
 */
export function readStoredJob(
  item: Pick<InstallationItemsTable, 'id' | 'packages' | 'also_remove' | 'purge' | 'pinned_version'>,
): { ok: true; job: StoredJob } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = {
      packages: JSON.parse(item.packages) as unknown,
      alsoRemove: item.also_remove === null ? undefined : (JSON.parse(item.also_remove) as unknown),
      purge: item.purge === 1 ? true : undefined,
      pinnedVersion: item.pinned_version ?? undefined,
    };
  } catch (error) {
    return { ok: false, error: `item ${item.id}: stored job is not JSON (${(error as Error).message})` };
  }
  const parsed = storedJobSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: `item ${item.id}: stored job does not match the protocol (${parsed.error.message})` };
  return { ok: true, job: parsed.data };
}

export async function insertInstallation(
  db: Db,
  installation: InstallationsTable,
  targets: readonly InstallationTargetsTable[],
  items: readonly InstallationItemsTable[],
): Promise<void> {
  await db.insertInto('installations').values(installation).execute();
  if (targets.length > 0)
    await db
      .insertInto('installation_targets')
      .values([...targets])
      .execute();
  // Chunks keep each statement under SQLite's and PostgreSQL's parameter limits.
  for (let start = 0; start < items.length; start += 500) {
    await db
      .insertInto('installation_items')
      .values(items.slice(start, start + 500))
      .execute();
  }
}

/** Every query is scoped by owner: another user's installation is simply not found. */
export function findInstallation(db: Db, userId: string, id: string) {
  return db.selectFrom('installations').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** Unscoped: for the agent's side, which reaches an installation only through its own device's job. */
export function findInstallationById(db: Db, id: string) {
  return db.selectFrom('installations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findInstallationByIdempotencyKey(db: Db, userId: string, key: string) {
  return db.selectFrom('installations').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}

export function installationsOfUser(db: Db, userId: string, limit: number) {
  return newestFirst(db.selectFrom('installations').selectAll().where('user_id', '=', userId), limit).execute();
}

export async function targetsOf(db: Db, installationIds: readonly string[]): Promise<TargetRow[]> {
  if (installationIds.length === 0) return [];
  return db
    .selectFrom('installation_targets as t')
    .innerJoin('devices as d', 'd.id', 't.device_row_id')
    .selectAll('t')
    .select(['d.device_id', 'd.device_name', 'd.platform', 'd.agent_seen_at', 'd.last_active_at'])
    .where('t.installation_id', 'in', [...installationIds])
    .orderBy('t.created_at')
    .orderBy('d.device_name')
    .execute();
}

export async function itemsOf(db: Db, installationIds: readonly string[]): Promise<ItemRow[]> {
  if (installationIds.length === 0) return [];
  return db
    .selectFrom('installation_items')
    .select([
      'id',
      'target_id',
      'installation_id',
      'position',
      'app_id',
      'app_name',
      'packages',
      'pinned_version',
      'status',
      'manager',
      'version',
      'exit_code',
      'message',
      'updated_at',
    ])
    .select((eb) => eb.case().when('log', 'is not', null).then(1).else(0).end().as('has_log'))
    .where('installation_id', 'in', [...installationIds])
    .orderBy('target_id')
    .orderBy('position')
    .execute();
}

export function findItem(db: Db, installationId: string, itemId: string) {
  return db
    .selectFrom('installation_items')
    .selectAll()
    .where('installation_id', '=', installationId)
    .where('id', '=', itemId)
    .executeTakeFirst();
}

/**
 * The jobs a device still has to run or finish, sent again on every (re)connect; also those
 * ended while its agent was away, which is how the returning agent gets to report them.
 */
export function unfinishedTargetsOfDevice(db: Db, deviceRowId: string) {
  return db
    .selectFrom('installation_targets')
    .selectAll()
    .where('device_row_id', '=', deviceRowId)
    .where((eb) => eb.or([eb('status', 'in', OPEN_TARGET_STATUSES), endedAway(eb)]))
    .orderBy('created_at')
    .execute();
}

export function findTargetOfDevice(db: Db, deviceRowId: string, targetId: string) {
  return db
    .selectFrom('installation_targets')
    .selectAll()
    .where('device_row_id', '=', deviceRowId)
    .where('id', '=', targetId)
    .executeTakeFirst();
}

export function itemsOfTarget(db: Db, targetId: string) {
  return db.selectFrom('installation_items').selectAll().where('target_id', '=', targetId).orderBy('position').execute();
}

/** Moves a target on only from one of `from`; answers whether it moved (so repeats do nothing). */
export async function moveTarget(
  db: Db,
  targetId: string,
  from: readonly TargetStatus[],
  changes: Updateable<InstallationTargetsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('installation_targets')
    .set(changes)
    .where('id', '=', targetId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Moves an item on only from one of `from`: a report that would move it backwards changes nothing. */
export async function moveItem(
  db: Db,
  targetId: string,
  itemId: string,
  from: readonly ItemStatus[],
  changes: Updateable<InstallationItemsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('installation_items')
    .set(changes)
    .where('target_id', '=', targetId)
    .where('id', '=', itemId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Moves every item of some targets that is in one of `from`. */
export async function moveItemsOfTargets(
  db: Db,
  targetIds: readonly string[],
  from: readonly ItemStatus[],
  changes: Updateable<InstallationItemsTable>,
): Promise<number> {
  if (targetIds.length === 0) return 0;
  const result = await db
    .updateTable('installation_items')
    .set(changes)
    .where('target_id', 'in', [...targetIds])
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setInstallationFinished(db: Db, id: string, finishedAt: string | null): Promise<void> {
  await db.updateTable('installations').set({ finished_at: finishedAt }).where('id', '=', id).execute();
}

/** Targets nobody took before they expired. */
export function overdueTargets(db: Db, now: string) {
  return db
    .selectFrom('installation_targets')
    .selectAll()
    .where('status', 'in', UNTAKEN_TARGET_STATUSES)
    .where('expires_at', '<=', now)
    .execute();
}

/**
 * The owner's active devices that were a target of an installation of each list (the devices
 * that "have" it), for several lists in one query: each pair of list and device once, by name.
 */
export async function devicesOfLists(db: Db, userId: string, listIds: readonly string[]) {
  if (listIds.length === 0) return [];
  const pairs = db
    .selectFrom('installation_targets')
    .innerJoin('installations', 'installations.id', 'installation_targets.installation_id')
    .select(['installations.list_id', 'installation_targets.device_row_id'])
    .distinct()
    .where('installations.user_id', '=', userId)
    .where('installations.list_id', 'in', listIds);
  return db
    .selectFrom(pairs.as('pairs'))
    .innerJoin('devices', 'devices.id', 'pairs.device_row_id')
    .selectAll('devices')
    .select('pairs.list_id')
    .where('devices.user_id', '=', userId)
    .where('devices.is_active', '=', 1)
    .orderBy('devices.device_name')
    .orderBy('devices.id')
    .execute();
}

/** The installer's log of each app of an installation that has one (webhooks carry them), by item id. */
export async function itemLogsOf(db: Db, installationId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('installation_items')
    .select(['id', 'log'])
    .where('installation_id', '=', installationId)
    .where('log', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row.log ?? '']));
}
