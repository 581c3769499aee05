import { sql, type Transaction } from 'kysely';

import { PACKAGE_ID_FIELDS } from '@shared/api/catalogue';

import { kindOf } from '../dialect';
import { precompiled } from '../precompiled';
import type { Database, Db, ListsTable } from '../schema';
import type { AppRow } from './catalogue.repository';

export interface ListRow extends ListsTable {
  app_count: number;
  /** Sum of the known sizes; unknown_size_count apps have none. */
  size_kb: number;
  unknown_size_count: number;
}

export type ListItemRow = AppRow & { position: number; added_at: string; pinned_version: string | null };

function selectListsWithTotals(db: Db) {
  return db
    .selectFrom('lists')
    .leftJoin('list_items', 'list_items.list_id', 'lists.id')
    .leftJoin('apps', 'apps.id', 'list_items.app_id')
    .selectAll('lists')
    .select((eb) => [
      eb.fn.count<string | number>('list_items.app_id').as('app_count'),
      eb.fn.coalesce(eb.fn.sum<string | number | null>('apps.file_size_kb'), sql<number>`0`).as('size_kb'),
      // count(column) leaves out nulls: the list's apps minus those with a size.
      sql<string | number>`count(list_items.app_id) - count(apps.file_size_kb)`.as('unknown_size_count'),
    ])
    .groupBy(['lists.id', 'lists.user_id', 'lists.name', 'lists.created_at', 'lists.updated_at']);
}

const toListRow = (
  row: ListsTable & { app_count: string | number; size_kb: string | number; unknown_size_count: string | number },
): ListRow => ({
  ...row,
  app_count: Number(row.app_count),
  size_kb: Number(row.size_kb),
  unknown_size_count: Number(row.unknown_size_count),
});

/**
 * A user's lists, oldest first (ties broken by id so the order is stable): the order that
 * decides which lists a smaller plan keeps editable.
 */
export async function listsOfUser(db: Db, userId: string): Promise<ListRow[]> {
  const rows = await selectListsWithTotals(db)
    .where('lists.user_id', '=', userId)
    .orderBy('lists.created_at')
    .orderBy('lists.id')
    .execute();
  return rows.map(toListRow);
}

export async function countListsOfUser(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('lists')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countAllLists(db: Db): Promise<number> {
  const row = await db
    .selectFrom('lists')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertList(db: Db, list: ListsTable): Promise<void> {
  await db.insertInto('lists').values(list).execute();
}

export async function renameList(db: Db, id: string, name: string, at: string): Promise<void> {
  await db.updateTable('lists').set({ name, updated_at: at }).where('id', '=', id).execute();
}

export async function touchList(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('lists').set({ updated_at: at }).where('id', '=', id).execute();
}

/** Scoped by owner: another user's list is simply not found. */
export async function deleteList(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('lists').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

const ownedList = precompiled((db: Db, userId: string, listId: string) =>
  db.selectFrom('lists').select('id').where('id', '=', listId).where('user_id', '=', userId),
);

/** One row's primary-key lookup: whether the list exists and is the user's (a hot read: compiled once). */
export async function isListOwnedBy(db: Db, userId: string, listId: string): Promise<boolean> {
  return (await ownedList(db, userId, listId)).length > 0;
}

function listItemsQuery(db: Db) {
  return (
    db
      .selectFrom('list_items')
      .innerJoin('apps', 'apps.id', 'list_items.app_id')
      // An own app has no category; a list holds only its owner's own apps (list.service checks on adding).
      .leftJoin('categories', 'categories.id', 'apps.category_id')
      .leftJoin('app_icons', 'app_icons.app_id', 'apps.id')
      .selectAll('apps')
      .select([
        'categories.name as category_name',
        'app_icons.sha256 as icon_sha256',
        'list_items.list_id',
        'list_items.position',
        'list_items.added_at',
        'list_items.pinned_version',
      ])
  );
}

/** The apps of several lists in one query, each list's in its order (the list cards' status). */
export async function listItemsOfLists(db: Db, listIds: readonly string[]): Promise<(ListItemRow & { list_id: string })[]> {
  if (listIds.length === 0) return [];
  return listItemsQuery(db)
    .where('list_items.list_id', 'in', listIds)
    .orderBy('list_items.list_id')
    .orderBy('list_items.position')
    .orderBy('list_items.app_id')
    .execute();
}

/** A list's apps in order (a hot read, GET /api/lists/{id}/items: compiled once). */
export const listItems: (db: Db, listId: string) => Promise<ListItemRow[]> = precompiled((db: Db, listId: string) =>
  listItemsQuery(db).where('list_items.list_id', '=', listId).orderBy('list_items.position').orderBy('list_items.app_id'),
);

export async function listItemAppIds(db: Db, listId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('list_items')
    .select('app_id')
    .where('list_id', '=', listId)
    .orderBy('position')
    .orderBy('app_id')
    .execute();
  return rows.map((row) => row.app_id);
}

/** A list's apps in order with whose they are and their package ids: what a copy needs to decide. */
export async function listItemsForCopy(db: Db, listId: string) {
  return db
    .selectFrom('list_items')
    .innerJoin('apps', 'apps.id', 'list_items.app_id')
    .select([
      'apps.id',
      'apps.owner_user_id',
      'apps.name',
      'list_items.pinned_version',
      ...PACKAGE_ID_FIELDS.map((field) => `apps.${field}` as const),
    ])
    .where('list_items.list_id', '=', listId)
    .orderBy('list_items.position')
    .orderBy('list_items.app_id')
    .execute();
}

/** Appends the app at the end of the list; a unique violation means it is already there. */
export async function appendListItem(db: Db, listId: string, appId: number, at: string): Promise<void> {
  const last = await db
    .selectFrom('list_items')
    .select((eb) => eb.fn.max<number | null>('position').as('position'))
    .where('list_id', '=', listId)
    .executeTakeFirst();
  const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
  await db.insertInto('list_items').values({ list_id: listId, app_id: appId, position, added_at: at, pinned_version: null }).execute();
}

export async function deleteListItem(db: Db, listId: string, appId: number): Promise<boolean> {
  const result = await db.deleteFrom('list_items').where('list_id', '=', listId).where('app_id', '=', appId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Sets (a version) or clears (null) an item's pin; false when the app is not in the list. */
export async function setListItemPin(db: Db, listId: string, appId: number, version: string | null): Promise<boolean> {
  const result = await db
    .updateTable('list_items')
    .set({ pinned_version: version })
    .where('list_id', '=', listId)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The user's pins by app, across all their lists: what updates of their machines leave alone.
 * Two lists may pin one app at different versions; the oldest list's pin wins, as its installs
 * would be the first to ask for it (docs/pinned-versions.md).
 */
export async function pinsOfUser(db: Db, userId: string): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('list_items')
    .innerJoin('lists', 'lists.id', 'list_items.list_id')
    .select(['list_items.app_id', 'list_items.pinned_version'])
    .where('lists.user_id', '=', userId)
    .where('list_items.pinned_version', 'is not', null)
    .orderBy('lists.created_at')
    .orderBy('lists.id')
    .execute();
  const pins = new Map<number, string>();
  for (const row of rows) if (row.pinned_version !== null && !pins.has(row.app_id)) pins.set(row.app_id, row.pinned_version);
  return pins;
}

export async function setListItemPositions(db: Db, listId: string, appIds: readonly number[]): Promise<void> {
  for (const [position, appId] of appIds.entries()) {
    await db.updateTable('list_items').set({ position }).where('list_id', '=', listId).where('app_id', '=', appId).execute();
  }
}

/**
 * Serialises one user's list changes until the transaction ends, so that two requests at once
 * cannot both pass a plan limit. SQLite runs one transaction at a time already.
 */
export async function lockUserLists(trx: Transaction<Database>, userId: string): Promise<void> {
  if (kindOf(trx) === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Puts apps into an empty list in the given order (a copied list). */
export async function insertListItems(
  db: Db,
  listId: string,
  items: ReadonlyArray<{ appId: number; pinnedVersion: string | null }>,
  at: string,
): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto('list_items')
    .values(
      items.map(({ appId, pinnedVersion }, position) => ({
        list_id: listId,
        app_id: appId,
        position,
        added_at: at,
        pinned_version: pinnedVersion,
      })),
    )
    .execute();
}
