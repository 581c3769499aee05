import type { Insertable } from 'kysely';

import type { PackageIdField } from '@shared/package-managers';

import type { AppIndexEntriesTable, AppsTable, Db } from '../schema';

/** Rows a multi-row insert takes at once: within SQLite's and PostgreSQL's bound-parameter limits for these tables. */
const ROWS_PER_INSERT = 200;

export function indexEntriesOf(db: Db, field: PackageIdField) {
  return db
    .selectFrom('app_index_entries')
    .select(['package_id', 'app_id', 'name', 'homepage', 'publisher', 'licence', 'version', 'popularity', 'gone_at'])
    .where('field', '=', field)
    .execute();
}

/** The index entries mapped to an app: why it carries each of its package ids. */
export function indexEntriesOfApp(db: Db, appId: number) {
  return db.selectFrom('app_index_entries').selectAll().where('app_id', '=', appId).orderBy('field').execute();
}

/** Inserts apps, a batch per statement; answers each new app's id by its name (names are unique). */
export async function insertIndexApps(db: Db, apps: readonly Insertable<AppsTable>[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let at = 0; at < apps.length; at += ROWS_PER_INSERT) {
    const rows = await db
      .insertInto('apps')
      .values(apps.slice(at, at + ROWS_PER_INSERT))
      .returning(['id', 'name'])
      .execute();
    for (const row of rows) ids.set(row.name, row.id);
  }
  return ids;
}

/** Stores entries, replacing what was stored of the same packages. */
export async function upsertIndexEntries(db: Db, entries: readonly AppIndexEntriesTable[]): Promise<void> {
  for (let at = 0; at < entries.length; at += ROWS_PER_INSERT) {
    await db
      .insertInto('app_index_entries')
      .values(entries.slice(at, at + ROWS_PER_INSERT))
      .onConflict((conflict) =>
        conflict.columns(['field', 'package_id']).doUpdateSet((eb) => ({
          app_id: eb.ref('excluded.app_id'),
          name: eb.ref('excluded.name'),
          homepage: eb.ref('excluded.homepage'),
          publisher: eb.ref('excluded.publisher'),
          licence: eb.ref('excluded.licence'),
          version: eb.ref('excluded.version'),
          popularity: eb.ref('excluded.popularity'),
          evidence: eb.ref('excluded.evidence'),
          seen_at: eb.ref('excluded.seen_at'),
          gone_at: eb.ref('excluded.gone_at'),
        })),
      )
      .execute();
  }
}

/** Updates the facts of entries already stored (their app and evidence stay). */
export async function updateIndexEntryFacts(
  db: Db,
  field: PackageIdField,
  packageId: string,
  facts: Pick<AppIndexEntriesTable, 'name' | 'homepage' | 'publisher' | 'licence' | 'version' | 'popularity' | 'seen_at'>,
): Promise<void> {
  await db
    .updateTable('app_index_entries')
    .set({ ...facts, gone_at: null })
    .where('field', '=', field)
    .where('package_id', '=', packageId)
    .execute();
}

export async function markIndexEntriesGone(db: Db, field: PackageIdField, packageIds: readonly string[], at: string): Promise<void> {
  for (let start = 0; start < packageIds.length; start += ROWS_PER_INSERT) {
    await db
      .updateTable('app_index_entries')
      .set({ gone_at: at })
      .where('field', '=', field)
      .where('package_id', 'in', packageIds.slice(start, start + ROWS_PER_INSERT))
      .where('gone_at', 'is', null)
      .execute();
  }
}

/** An app an index made (never a curated one): its facts follow the index. */
export async function updateIndexAppFacts(
  db: Db,
  appId: number,
  facts: { website: string; publisher: string; file_size_kb: number | null; popularity: number; updated_at: string },
): Promise<void> {
  await db.updateTable('apps').set(facts).where('id', '=', appId).where('curated', '=', 0).execute();
}
