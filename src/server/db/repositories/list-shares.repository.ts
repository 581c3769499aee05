import { sql } from 'kysely';

import type { ListVisibility } from '@shared/api/shared-lists';

import { containsPattern } from '../dialect';
import type { Db, ListSharesTable } from '../schema';

/** A list's sharing row; undefined when it was never shared (private). */
export function findListShare(db: Db, listId: string): Promise<ListSharesTable | undefined> {
  return db.selectFrom('list_shares').selectAll().where('list_id', '=', listId).executeTakeFirst();
}

export async function upsertListShare(db: Db, row: ListSharesTable): Promise<void> {
  await db
    .insertInto('list_shares')
    .values(row)
    .onConflict((oc) =>
      oc.column('list_id').doUpdateSet({
        visibility: row.visibility,
        share_id: row.share_id,
        description: row.description,
        category_id: row.category_id,
        shared_at: row.shared_at,
      }),
    )
    .execute();
}

export interface SharedListRow {
  list_id: string;
  name: string;
  visibility: Exclude<ListVisibility, 'private'>;
  share_id: string;
  description: string;
  category_id: number | null;
  category_name: string | null;
  copy_count: number;
  shared_at: string;
}

function selectShared(db: Db) {
  return db
    .selectFrom('list_shares')
    .innerJoin('lists', 'lists.id', 'list_shares.list_id')
    .leftJoin('categories', 'categories.id', 'list_shares.category_id')
    .select([
      'list_shares.list_id',
      'lists.name',
      'list_shares.visibility',
      'list_shares.share_id',
      'list_shares.description',
      'list_shares.category_id',
      'categories.name as category_name',
      'list_shares.copy_count',
      'list_shares.shared_at',
    ])
    .where('list_shares.visibility', '!=', 'private')
    .where('list_shares.share_id', 'is not', null);
}

type SelectedShared = Omit<SharedListRow, 'visibility' | 'share_id' | 'shared_at' | 'copy_count'> & {
  visibility: ListVisibility;
  share_id: string | null;
  shared_at: string | null;
  copy_count: number | string;
};

function toSharedListRow(row: SelectedShared): SharedListRow {
  return {
    ...row,
    visibility: row.visibility === 'public' ? 'public' : 'unlisted',
    share_id: row.share_id ?? '',
    shared_at: row.shared_at ?? '',
    copy_count: Number(row.copy_count),
  };
}

/** The list a link names, while it is shared (unlisted or public); a private list is not found. */
export async function findSharedList(db: Db, shareId: string): Promise<SharedListRow | undefined> {
  const row = await selectShared(db).where('list_shares.share_id', '=', shareId).executeTakeFirst();
  return row ? toSharedListRow(row) : undefined;
}

export interface GalleryFilter {
  /** Case-insensitive, in the name or the description (SQL LIKE on an escaped pattern: no user pattern syntax). */
  search?: string | undefined;
  categoryId?: number | undefined;
  sort: 'newest' | 'copies';
  offset: number;
  limit: number;
}

function publicLists(db: Db, filter: GalleryFilter) {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  return selectShared(db)
    .where('list_shares.visibility', '=', 'public')
    .$if(pattern !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb(sql`lower(lists.name)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(list_shares.description)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      ),
    )
    .$if(filter.categoryId !== undefined, (qb) => qb.where('list_shares.category_id', '=', filter.categoryId ?? 0));
}

/** One page of public lists, and how many match in all. */
export async function galleryPage(db: Db, filter: GalleryFilter): Promise<{ rows: SharedListRow[]; total: number }> {
  const counted = await publicLists(db, filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  const ordered =
    filter.sort === 'copies'
      ? publicLists(db, filter).orderBy('list_shares.copy_count', 'desc').orderBy('list_shares.shared_at', 'desc')
      : publicLists(db, filter).orderBy('list_shares.shared_at', 'desc');
  const rows = await ordered.orderBy('list_shares.list_id').limit(filter.limit).offset(filter.offset).execute();
  return { rows: rows.map(toSharedListRow), total: Number(counted.n) };
}

/** One more copy made; counted in the copier's transaction. */
export async function countCopy(db: Db, listId: string): Promise<void> {
  await db
    .updateTable('list_shares')
    .set((eb) => ({ copy_count: eb('copy_count', '+', 1) }))
    .where('list_id', '=', listId)
    .execute();
}
