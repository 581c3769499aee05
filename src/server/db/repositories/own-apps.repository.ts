import { sql } from 'kysely';

import { PACKAGE_ID_FIELDS, type PackageIdField } from '@shared/api/catalogue';

import type { AppsTable, Db } from '../schema';

/** The columns of an own app that its owner chooses. */
export type OwnAppColumns = Pick<AppsTable, 'name' | PackageIdField>;

export type OwnAppRow = OwnAppColumns & { id: number; owner_user_id: string; created_at: string };

const OWN_APP_COLUMNS = ['id', 'name', 'owner_user_id', 'created_at', ...PACKAGE_ID_FIELDS] as const;

/** A user's own apps, by name (any case), then id. */
export async function ownAppsOf(db: Db, userId: string): Promise<OwnAppRow[]> {
  const rows = await db
    .selectFrom('apps')
    .select(OWN_APP_COLUMNS)
    .where('owner_user_id', '=', userId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows as OwnAppRow[];
}

export async function countOwnApps(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('apps')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('owner_user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Scoped by owner: another user's own app (or a catalogue app) is simply not found. */
export async function findOwnApp(db: Db, userId: string, id: number): Promise<OwnAppRow | undefined> {
  const row = await db
    .selectFrom('apps')
    .select(OWN_APP_COLUMNS)
    .where('id', '=', id)
    .where('owner_user_id', '=', userId)
    .executeTakeFirst();
  return row as OwnAppRow | undefined;
}

/** Any user's own app (the admin's promote). */
export async function findAnyOwnApp(db: Db, id: number): Promise<OwnAppRow | undefined> {
  const row = await db
    .selectFrom('apps')
    .select(OWN_APP_COLUMNS)
    .where('id', '=', id)
    .where('owner_user_id', 'is not', null)
    .executeTakeFirst();
  return row as OwnAppRow | undefined;
}

/**
 * The user's own apps that have any of these package ids (in the same field, any case: winget
 * and Homebrew read ids without regard to case, and the same package twice is one app).
 */
export async function ownAppsWithPackageIds(
  db: Db,
  userId: string,
  ids: Partial<Record<PackageIdField, string | null>>,
): Promise<OwnAppRow[]> {
  const given = PACKAGE_ID_FIELDS.filter((field) => ids[field]);
  if (given.length === 0) return [];
  const rows = await db
    .selectFrom('apps')
    .select(OWN_APP_COLUMNS)
    .where('owner_user_id', '=', userId)
    .where((eb) => eb.or(given.map((field) => eb(eb.fn('lower', [eb.ref(field)]), '=', (ids[field] ?? '').toLowerCase()))))
    .orderBy('id')
    .execute();
  return rows as OwnAppRow[];
}

export async function insertOwnApp(db: Db, userId: string, app: OwnAppColumns, at: string): Promise<number> {
  const row = await db
    .insertInto('apps')
    .values({
      ...app,
      owner_user_id: userId,
      category_id: null,
      description: '',
      website: '',
      file_size_kb: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOwnApp(db: Db, userId: string, id: number, app: OwnAppColumns, at: string): Promise<boolean> {
  const result = await db
    .updateTable('apps')
    .set({ ...app, updated_at: at })
    .where('id', '=', id)
    .where('owner_user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the own app and (by cascade) its place in the owner's lists. */
export async function deleteOwnApp(db: Db, userId: string, id: number): Promise<boolean> {
  const result = await db.deleteFrom('apps').where('id', '=', id).where('owner_user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type OwnAppAdminRow = OwnAppRow & { list_count: number };

/** Every user's own apps for the admin, newest first (at most `limit`), with how many lists hold each. */
export async function allOwnApps(db: Db, limit: number): Promise<OwnAppAdminRow[]> {
  const rows = await db
    .selectFrom('apps')
    .leftJoin('list_items', 'list_items.app_id', 'apps.id')
    .select(OWN_APP_COLUMNS.map((column) => `apps.${column}` as const))
    .select((eb) => eb.fn.count<string | number>('list_items.list_id').as('list_count'))
    .where('apps.owner_user_id', 'is not', null)
    .groupBy(OWN_APP_COLUMNS.map((column) => `apps.${column}` as const))
    .orderBy('apps.created_at', 'desc')
    .orderBy('apps.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...(row as OwnAppRow), list_count: Number(row.list_count) }));
}

/** Makes an own app a catalogue app (owner null); false when it is not an own app (any more). */
export async function promoteOwnApp(
  db: Db,
  id: number,
  fields: { category_id: number; description: string; website: string },
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('apps')
    .set({ ...fields, owner_user_id: null, updated_at: at })
    .where('id', '=', id)
    .where('owner_user_id', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
