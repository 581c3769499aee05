import type { Db } from '../schema';

/**
 * The apps a person chose for a machine: in one of their lists, or installed there by Loadout.
 * Only those are offered for removal: an app the machine came with, which nobody chose here,
 * is not Loadout's to take away.
 */
export async function chosenAppIds(db: Db, userId: string, deviceRowId: string): Promise<Set<number>> {
  const [listed, installed] = await Promise.all([
    db
      .selectFrom('list_items as li')
      .innerJoin('lists as l', 'l.id', 'li.list_id')
      .select('li.app_id')
      .distinct()
      .where('l.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('installation_items as i')
      .innerJoin('installation_targets as t', 't.id', 'i.target_id')
      .innerJoin('installations as n', 'n.id', 'i.installation_id')
      .select('i.app_id')
      .distinct()
      .where('t.device_row_id', '=', deviceRowId)
      .where('t.user_id', '=', userId)
      .where('n.kind', '=', 'install')
      .where('i.status', '=', 'succeeded')
      .execute(),
  ]);
  return new Set([...listed, ...installed].map((row) => row.app_id));
}
