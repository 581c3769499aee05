import type { CatalogueSyncRunsTable, Db } from '../schema';

/** Readings kept: the admin console shows the latest; older ones tell nobody anything. */
const RUNS_KEPT = 50;

export async function insertSyncRun(db: Db, run: CatalogueSyncRunsTable): Promise<void> {
  await db.insertInto('catalogue_sync_runs').values(run).execute();
  // SQLite takes an offset only after a limit.
  const old = await db.selectFrom('catalogue_sync_runs').select('id').orderBy('started_at', 'desc').limit(1000).offset(RUNS_KEPT).execute();
  if (old.length > 0)
    await db
      .deleteFrom('catalogue_sync_runs')
      .where(
        'id',
        'in',
        old.map((row) => row.id),
      )
      .execute();
}

export function latestSyncRuns(db: Db, limit: number) {
  return db.selectFrom('catalogue_sync_runs').selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
