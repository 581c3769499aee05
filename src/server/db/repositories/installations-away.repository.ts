import type { ExpressionBuilder, Updateable } from 'kysely';

import { AWAY_ENDED_REASON } from '@shared/api/installations';
import { OPEN_ITEM_STATUSES, OPEN_TARGET_STATUSES } from '@shared/installation-states';

import type { Database, Db, InstallationItemsTable } from '../schema';

/** Running jobs whose agent went away (InstallationService.endRunningAway), and the returning agent's late word on them. */

/** A running job ended because its agent went away (endRunningAway): its agent's late reports still land. */
export function endedAway(eb: ExpressionBuilder<Database, 'installation_targets'>) {
  return eb.and([eb('installation_targets.status', '=', 'expired'), eb('installation_targets.reason', '=', AWAY_ENDED_REASON)]);
}

/** Devices whose agent has not been heard from since `heardBefore` (not connected, or gone quiet). */
function devicesAwaySince(db: Db, heardBefore: string) {
  return db
    .selectFrom('devices')
    .select('id')
    .where((eb) =>
      eb.and([
        eb.or([eb('agent_seen_at', 'is', null), eb('agent_seen_at', '<=', heardBefore)]),
        eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<=', heardBefore)]),
      ]),
    );
}

/** Running jobs whose device's agent has not been heard from since `heardBefore`. */
export function runningTargetsAway(db: Db, heardBefore: string) {
  return db
    .selectFrom('installation_targets')
    .select(['id', 'installation_id', 'user_id'])
    .where('status', '=', 'running')
    .where('device_row_id', 'in', devicesAwaySince(db, heardBefore))
    .execute();
}

/**
 * Ends those of `targetIds` still running with their agent still away, and fails their
 * unfinished items with the reason: three set-based statements, so a second run, or an agent
 * that came back in between, moves nothing. Answers how many jobs ended.
 */
export async function endTargetsAway(db: Db, targetIds: readonly string[], heardBefore: string, now: string): Promise<number> {
  if (targetIds.length === 0) return 0;
  const ended = await db
    .updateTable('installation_targets')
    .set({ status: 'expired', reason: AWAY_ENDED_REASON, finished_at: now })
    .where('id', 'in', [...targetIds])
    .where('status', '=', 'running')
    .where('device_row_id', 'in', devicesAwaySince(db, heardBefore))
    .executeTakeFirst();
  await db
    .updateTable('installation_items')
    .set({ status: 'failed', message: AWAY_ENDED_REASON, updated_at: now })
    .where('status', 'in', OPEN_ITEM_STATUSES)
    .where('target_id', 'in', (eb) =>
      eb
        .selectFrom('installation_targets')
        .select('installation_targets.id')
        .where('installation_targets.id', 'in', [...targetIds])
        .where(endedAway),
    )
    .execute();
  return Number(ended.numUpdatedRows);
}

/** The installations among `ids` with no job left waiting or running get their finish time. */
export async function finishInstallationsWithoutOpenTargets(db: Db, ids: readonly string[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('installations')
    .set({ finished_at: now })
    .where('id', 'in', [...ids])
    .where('finished_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('installation_targets')
            .select('installation_targets.id')
            .whereRef('installation_targets.installation_id', '=', 'installations.id')
            .where('installation_targets.status', 'in', OPEN_TARGET_STATUSES),
        ),
      ),
    )
    .execute();
}

/**
 * The agent's final report of an item its job ended with while it was away (failed with
 * AWAY_ENDED_REASON): it moves once, the message is the agent's from then on.
 */
export async function moveItemEndedAway(
  db: Db,
  targetId: string,
  itemId: string | null,
  changes: Updateable<InstallationItemsTable>,
): Promise<number> {
  const result = await db
    .updateTable('installation_items')
    .set(changes)
    .where('target_id', '=', targetId)
    .$if(itemId !== null, (qb) => qb.where('id', '=', itemId ?? ''))
    .where('status', '=', 'failed')
    .where('message', '=', AWAY_ENDED_REASON)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A job ended while its agent was away becomes done, once none of its items waits for the agent's word (or `force`: job.done). */
export async function finishTargetEndedAway(db: Db, targetId: string, now: string, force: boolean): Promise<boolean> {
  const result = await db
    .updateTable('installation_targets')
    .set({ status: 'done', reason: null, finished_at: now })
    .where('id', '=', targetId)
    .where(endedAway)
    .$if(!force, (qb) =>
      qb.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('installation_items')
              .select('installation_items.id')
              .whereRef('installation_items.target_id', '=', 'installation_targets.id')
              .where('installation_items.status', '=', 'failed')
              .where('installation_items.message', '=', AWAY_ENDED_REASON),
          ),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
