import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';

import { fieldsOfPlatform, PLATFORMS, type Platform } from '@shared/package-managers';

import { containsPattern } from '../dialect';
import type { AppIconsTable, AppsTable, Db } from '../schema';

export interface CategoryRow {
  id: number;
  name: string;
  app_count: number;
}

/**
 * An app as the API shows it: its category's name and its icon's hash, never the icon bytes. An
 * own app (owner_user_id set) has no category: category_id and category_name are null.
 */
export type AppRow = Selectable<AppsTable> & { category_name: string | null; icon_sha256: string | null };

/**
 * Which apps a read may see: the catalogue's only (null), or the catalogue's and the own apps of
 * that user. Every read of `apps` says which, so another account's own app is never found.
 */
export type AppViewer = string | null;

export async function listCategories(db: Db): Promise<CategoryRow[]> {
  const rows = await db
    .selectFrom('categories')
    // Own apps have no category, so the join counts catalogue apps only.
    .leftJoin('apps', 'apps.category_id', 'categories.id')
    .select(['categories.id', 'categories.name', (eb) => eb.fn.count<string | number>('apps.id').as('app_count')])
    .groupBy(['categories.id', 'categories.name'])
    .orderBy(sql`lower(categories.name)`)
    .execute();
  return rows.map((row) => ({ ...row, app_count: Number(row.app_count) }));
}

export async function findCategoryById(db: Db, id: number): Promise<CategoryRow | undefined> {
  return (await listCategoriesWhere(db, 'id', id))[0];
}

export async function findCategoryByName(db: Db, name: string): Promise<CategoryRow | undefined> {
  return (await listCategoriesWhere(db, 'name', name))[0];
}

async function listCategoriesWhere(db: Db, by: 'id' | 'name', value: number | string): Promise<CategoryRow[]> {
  const rows = await db
    .selectFrom('categories')
    .leftJoin('apps', 'apps.category_id', 'categories.id')
    .select(['categories.id', 'categories.name', (eb) => eb.fn.count<string | number>('apps.id').as('app_count')])
    .$if(by === 'id', (qb) => qb.where('categories.id', '=', Number(value)))
    .$if(by === 'name', (qb) => qb.where(sql`lower(categories.name)`, '=', String(value).toLowerCase()))
    .groupBy(['categories.id', 'categories.name'])
    .execute();
  return rows.map((row) => ({ ...row, app_count: Number(row.app_count) }));
}

export async function insertCategory(db: Db, name: string, at: string): Promise<number> {
  const row = await db.insertInto('categories').values({ name, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function renameCategory(db: Db, id: number, name: string, at: string): Promise<void> {
  await db.updateTable('categories').set({ name, updated_at: at }).where('id', '=', id).execute();
}

export async function deleteCategory(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function selectApps(db: Db, viewer: AppViewer) {
  return db
    .selectFrom('apps')
    .leftJoin('categories', 'categories.id', 'apps.category_id')
    .leftJoin('app_icons', 'app_icons.app_id', 'apps.id')
    .selectAll('apps')
    .select(['categories.name as category_name', 'app_icons.sha256 as icon_sha256'])
    .where((eb) =>
      viewer === null
        ? eb('apps.owner_user_id', 'is', null)
        : eb.or([eb('apps.owner_user_id', 'is', null), eb('apps.owner_user_id', '=', viewer)]),
    );
}

export interface AppFilter {
  /** Case-insensitive, in the name or the description. */
  search?: string | undefined;
  categoryId?: number | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}

/** The catalogue's apps (never an own app): the catalogue pages, the snapshot, the seed. */
export function listApps(db: Db, filter: AppFilter = {}): Promise<AppRow[]> {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  return selectApps(db, null)
    .$if(pattern !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb(sql`lower(apps.name)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(apps.description)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      ),
    )
    .$if(filter.categoryId !== undefined, (qb) => qb.where('apps.category_id', '=', filter.categoryId ?? 0))
    .orderBy(sql`lower(apps.name)`)
    .$if(filter.limit !== undefined, (qb) => qb.limit(filter.limit ?? 0).offset(filter.offset ?? 0))
    .execute();
}

/** A catalogue app, or (with a viewer) also that user's own app. */
export function findAppById(db: Db, id: number, viewer: AppViewer = null): Promise<AppRow | undefined> {
  return selectApps(db, viewer).where('apps.id', '=', id).executeTakeFirst();
}

export async function findAppsByIds(db: Db, ids: readonly number[], viewer: AppViewer): Promise<AppRow[]> {
  if (ids.length === 0) return [];
  return selectApps(db, viewer)
    .where('apps.id', 'in', [...ids])
    .execute();
}

export function findAppByName(db: Db, name: string) {
  return db
    .selectFrom('apps')
    .select(['id', 'name'])
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .where('owner_user_id', 'is', null)
    .executeTakeFirst();
}

export async function listAppNames(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('apps').select('name').where('owner_user_id', 'is', null).execute();
  return rows.map((row) => row.name);
}

export async function insertApp(db: Db, app: Insertable<AppsTable>): Promise<number> {
  const row = await db.insertInto('apps').values(app).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Changes a catalogue app's fields (not its icon); false when no such catalogue app. */
export async function updateApp(db: Db, id: number, fields: Omit<Updateable<AppsTable>, 'id' | 'created_at'>): Promise<boolean> {
  const result = await db.updateTable('apps').set(fields).where('id', '=', id).where('owner_user_id', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Sets the size of the app named `name` (any case) to `size`, only while its size is one of
 * `earlier`; 1 when it changed, else 0.
 */
export async function replaceAppSizeIfStill(
  db: Db,
  name: string,
  earlier: readonly number[],
  size: number | null,
  now: string,
): Promise<number> {
  const result = await db
    .updateTable('apps')
    .set({ file_size_kb: size, updated_at: now })
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .where('owner_user_id', 'is', null)
    .where('file_size_kb', 'in', [...earlier])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertAppIcon(db: Db, icon: AppIconsTable): Promise<void> {
  await db.insertInto('app_icons').values(icon).execute();
}

/** Removes the catalogue app, its icon and (by cascade) its place in every list. */
export async function deleteApp(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('apps').where('id', '=', id).where('owner_user_id', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function findAppIcon(db: Db, appId: number) {
  return db.selectFrom('app_icons').select(['webp', 'sha256']).where('app_id', '=', appId).executeTakeFirst();
}

export interface CatalogueCounts {
  categories: number;
  apps: number;
  perPlatform: Record<Platform, number>;
}

/** How many apps each platform's package managers know: an app goes only where a manager knows its package id. */
export async function catalogueCounts(db: Db): Promise<CatalogueCounts> {
  const apps = await db
    .selectFrom('apps')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('apps'),
      // An app counts on a platform when any of the platform's fields has an id.
      ...PLATFORMS.map((platform) =>
        eb.fn
          .count<string | number>(
            eb
              .case()
              .when(eb.or(fieldsOfPlatform(platform).map((field) => eb(field, 'is not', null))))
              .then(1)
              .end(),
          )
          .as(platform),
      ),
    ])
    .where('owner_user_id', 'is', null)
    .executeTakeFirstOrThrow();
  const categories = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    categories: Number(categories.n),
    apps: Number(apps.apps),
    perPlatform: Object.fromEntries(PLATFORMS.map((platform) => [platform, Number(apps[platform])])) as Record<Platform, number>,
  };
}
