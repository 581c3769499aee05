import type { Db } from '../schema';

/** The scheduler's leases: which server process runs a scheduled task now (services/lease.ts). */

/**
 * Takes (or renews) the named lease until `expiresAt` when it is free, expired or already
 * ours. true for one holder at a time, on both databases: insert-if-absent, then an update
 * whose WHERE only a free lease passes.
 */
export async function acquireLease(db: Db, name: string, holder: string, now: string, expiresAt: string): Promise<boolean> {
  const inserted = await db
    .insertInto('scheduler_leases')
    .values({ name, holder, expires_at: expiresAt })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  const updated = await db
    .updateTable('scheduler_leases')
    .set({ holder, expires_at: expiresAt })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('holder', '=', holder)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('scheduler_leases').where('name', '=', name).where('holder', '=', holder).execute();
}
