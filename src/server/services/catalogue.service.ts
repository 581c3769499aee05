import { createHash } from 'node:crypto';
import type { z } from 'zod';

import {
  platformsOf,
  type App,
  type AppSourcesResponse,
  type catalogueSearchQuerySchema,
  type CatalogueSearchResponse,
  type Category,
  type createAppFieldsSchema,
  type PackageIdField,
  type updateAppFieldsSchema,
} from '@shared/api/catalogue';
import { ErrorCode } from '@shared/api/errors';
import { packageIdsOf } from '@shared/package-managers';

import { isoNow, type AppContext } from '../context';
import { isForeignKeyViolation, isUniqueViolation } from '../db/dialect';
import { indexEntriesOfApp } from '../db/repositories/catalogue-index.repository';
import {
  deleteApp,
  deleteCategory,
  findAppById,
  findAppByName,
  findAppIcon,
  findCategoryById,
  findCategoryByName,
  insertApp,
  insertAppIcon,
  insertCategory,
  listApps,
  listCategories,
  renameCategory,
  updateApp,
  type AppFilter,
  type AppRow,
  type CategoryRow,
} from '../db/repositories/catalogue.repository';
import { badRequest, conflict, notFound, type AppError } from '../errors';
import { CatalogueSearchIndex } from './catalogue-search/search-index';
import { processIcon } from './icon-processing';
import { invalidFieldsOf } from './installation-plan';

export type CreateAppInput = z.output<typeof createAppFieldsSchema>;
type CatalogueSearchQuery = z.output<typeof catalogueSearchQuerySchema>;
/** As CreateAppInput, but the size may be null (not known). */
export type UpdateAppInput = z.output<typeof updateAppFieldsSchema>;

const categoryNotFound = () => notFound('Category not found', ErrorCode.CATEGORY_NOT_FOUND);
const appNotFound = () => notFound('App not found', ErrorCode.APP_NOT_FOUND);
const categoryExists = (name: string) => conflict(`A category named “${name}” already exists.`, ErrorCode.CATEGORY_EXISTS);
const appExists = (name: string) => conflict(`An app named “${name}” already exists.`, ErrorCode.APP_EXISTS);

/** The URL the API gives for an app's icon; the hash changes the URL when the bytes change. */
export function iconUrl(appId: number, sha256: string | null): string | null {
  return sha256 ? `/catalogue/icons/${appId}.webp?v=${sha256.slice(0, 16)}` : null;
}

/** A catalogue row as the API's App (app_id, name, description, category, website, size, icon) plus package ids and platforms. */
export function toApp(row: AppRow): App {
  return {
    app_id: row.id,
    name: row.name,
    description: row.description,
    // An own app has no category: 0 and '' (docs/decisions.md#your-own-apps).
    category: row.category_id ?? 0,
    category_name: row.category_name ?? '',
    website: row.website,
    file_size_kb: sizeKbOf(row),
    icon_file_location: iconUrl(row.id, row.icon_sha256),
    ...packageIdsOf(row),
    platforms: platformsOf(row),
    publisher: row.publisher,
    curated: Boolean(row.curated),
  };
}

/** An app's size in KB, or null when none is known (PostgreSQL may answer a bigint as text). */
export const sizeKbOf = (row: { file_size_kb: number | string | null }): number | null =>
  row.file_size_kb === null ? null : Number(row.file_size_kb);

const toCategory = (row: CategoryRow): Category => ({ category_id: row.id, category_name: row.name, app_count: row.app_count });

export const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The app catalogue: public reads, admin writes (docs/decisions.md#the-catalogue). Routes check the admin flag. */
export class CatalogueService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Catalogue apps whose stored package ids break their manager's grammar (stored before it
   * existed, or written to the database by hand), logged at start for an admin to correct.
   * Such an id is never sent to an agent (installation-plan's packagesOf); this says why.
   */
  async reportInvalidPackageIds(): Promise<Array<{ appId: number; name: string; fields: PackageIdField[] }>> {
    const broken = (await listApps(this.ctx.db))
      .map((row) => ({ appId: row.id, name: row.name, fields: invalidFieldsOf(row) }))
      .filter((app) => app.fields.length > 0);
    for (const app of broken)
      this.ctx.log.warn(
        app,
        `catalogue app "${app.name}" has package ids that are not valid (${app.fields.join(', ')}); they are not sent to machines`,
      );
    return broken;
  }

  async categories(): Promise<Category[]> {
    return (await listCategories(this.ctx.db)).map(toCategory);
  }

  /** With category_id it renames that category, without it creates one. */
  async upsertCategory(input: {
    category_id?: number | null | undefined;
    category_name: string;
  }): Promise<{ category: Category; created: boolean }> {
    const now = isoNow(this.ctx.clock);
    const name = input.category_name;
    const clash = await findCategoryByName(this.ctx.db, name);
    try {
      if (input.category_id) {
        const existing = await findCategoryById(this.ctx.db, input.category_id);
        if (!existing) throw categoryNotFound();
        if (clash && clash.id !== existing.id) throw categoryExists(clash.name);
        await renameCategory(this.ctx.db, existing.id, name, now);
        await this.ctx.catalogue.changed();
        return { category: { ...toCategory(existing), category_name: name }, created: false };
      }
      if (clash) throw categoryExists(clash.name);
      const id = await insertCategory(this.ctx.db, name, now);
      return { category: { category_id: id, category_name: name, app_count: 0 }, created: true };
    } catch (error) {
      if (isUniqueViolation(error)) throw categoryExists(name);
      throw error;
    }
  }

  /**
   * A category that still has apps is not deleted, and its apps are not moved either: moving
   * them silently to some other category would surprise the admin. The message says how many
   * apps are in the way, so they can be deleted or re-filed first.
   */
  async deleteCategory(id: number): Promise<void> {
    const category = await findCategoryById(this.ctx.db, id);
    if (!category) throw categoryNotFound();
    if (category.app_count > 0) throw categoryNotEmpty(category.app_count);
    try {
      if (!(await deleteCategory(this.ctx.db, id))) throw categoryNotFound();
    } catch (error) {
      // An app was added to it in the meantime: the foreign key refuses, and so do we.
      if (isForeignKeyViolation(error)) throw categoryNotEmpty(1);
      throw error;
    }
  }

  async apps(filter: AppFilter): Promise<App[]> {
    return (await listApps(this.ctx.db, filter)).map(toApp);
  }

  /**
   * One page of a search over the whole catalogue, best first (catalogue-search/search-index.ts):
   * answered from the process's snapshot, indexed once per catalogue change.
   */
  async search(query: CatalogueSearchQuery): Promise<CatalogueSearchResponse> {
    const { rows, index } = await this.ctx.catalogue.derived('search index', (apps) => ({
      rows: apps,
      index: new CatalogueSearchIndex(apps),
    }));
    const page = index.search({
      text: query.q,
      platform: query.platform,
      category: query.category,
      offset: query.offset,
      limit: query.limit,
    });
    return {
      apps: page.positions.map((position) => toApp(rows[position] as AppRow)),
      total: page.total,
      offset: query.offset,
      limit: query.limit,
    };
  }

  /** Where a catalogue app's package ids come from: each index package mapped to it, with the evidence. */
  async sources(id: number): Promise<AppSourcesResponse> {
    if (!(await findAppById(this.ctx.db, id))) throw appNotFound();
    const rows = await indexEntriesOfApp(this.ctx.db, id);
    return {
      sources: rows.map((row) => ({
        field: row.field,
        packageId: row.package_id,
        name: row.name,
        version: row.version,
        homepage: row.homepage,
        licence: row.licence,
        evidence: row.evidence,
        goneAt: row.gone_at,
      })),
    };
  }

  async app(id: number): Promise<App> {
    const row = await findAppById(this.ctx.db, id);
    if (!row) throw appNotFound();
    return toApp(row);
  }

  /** Add an app: the fields are validated by the route, the icon is processed here. */
  async createApp(input: CreateAppInput, icon: Buffer | null): Promise<App> {
    if (!(await findCategoryById(this.ctx.db, input.category))) {
      throw badRequest('The chosen category does not exist.', ErrorCode.CATEGORY_NOT_FOUND, {
        category: 'The chosen category does not exist.',
      });
    }
    const existing = await findAppByName(this.ctx.db, input.name);
    if (existing) throw appExists(existing.name);
    if (!icon) throw badRequest('An icon image is required', ErrorCode.VALIDATION_ERROR, { icon: 'An icon image is required' });
    const processed = await processIcon(icon);

    const now = isoNow(this.ctx.clock);
    let id: number;
    try {
      id = await this.ctx.db.transaction().execute(async (trx) => {
        const appId = await insertApp(trx, {
          ...appColumns(input),
          created_at: now,
          updated_at: now,
        });
        await insertAppIcon(trx, { app_id: appId, webp: processed.webp, sha256: sha256Hex(processed.webp), created_at: now });
        return appId;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw appExists(input.name);
      if (isForeignKeyViolation(error)) throw badRequest('The chosen category does not exist.', ErrorCode.CATEGORY_NOT_FOUND);
      throw error;
    }
    await this.ctx.catalogue.changed();
    this.ctx.log.info({ appId: id, name: input.name, iconBytes: processed.webp.length }, 'catalogue app added');
    return this.app(id);
  }

  /** An admin's correction of an app's fields; its icon, id and place in lists stay. */
  async updateApp(id: number, input: UpdateAppInput): Promise<App> {
    if (!(await findAppById(this.ctx.db, id))) throw appNotFound();
    if (!(await findCategoryById(this.ctx.db, input.category))) {
      throw badRequest('The chosen category does not exist.', ErrorCode.CATEGORY_NOT_FOUND, {
        category: 'The chosen category does not exist.',
      });
    }
    const clash = await findAppByName(this.ctx.db, input.name);
    if (clash && clash.id !== id) throw appExists(clash.name);
    try {
      const updated = await updateApp(this.ctx.db, id, {
        ...appColumns(input),
        updated_at: isoNow(this.ctx.clock),
      });
      // Deleted between the check and the write.
      if (!updated) throw appNotFound();
    } catch (error) {
      if (isUniqueViolation(error)) throw appExists(input.name);
      if (isForeignKeyViolation(error)) throw badRequest('The chosen category does not exist.', ErrorCode.CATEGORY_NOT_FOUND);
      throw error;
    }
    await this.ctx.catalogue.changed();
    this.ctx.log.info({ appId: id, name: input.name }, 'catalogue app updated');
    return this.app(id);
  }

  /** Deletes the app, its icon, and its place in every list (foreign keys cascade). */
  async deleteApp(id: number): Promise<void> {
    if (!(await deleteApp(this.ctx.db, id))) throw appNotFound();
    await this.ctx.catalogue.changed();
    this.ctx.log.info({ appId: id }, 'catalogue app deleted');
  }

  async icon(appId: number): Promise<{ webp: Buffer; sha256: string }> {
    const icon = await findAppIcon(this.ctx.db, appId);
    if (!icon) throw notFound('This app has no icon', ErrorCode.APP_NOT_FOUND);
    return { webp: Buffer.from(icon.webp), sha256: icon.sha256 };
  }
}

function categoryNotEmpty(appCount: number): AppError {
  const apps = appCount === 1 ? '1 app' : `${appCount} apps`;
  return conflict(`This category still has ${apps}. Delete or move them first.`, ErrorCode.CATEGORY_NOT_EMPTY);
}

/** The columns an admin's form sets, the same for adding and for editing an app. */
function appColumns(input: CreateAppInput | UpdateAppInput) {
  return {
    name: input.name,
    description: input.description,
    category_id: input.category,
    website: input.website,
    file_size_kb: input.file_size_kb,
    ...packageIdsOf(input),
  };
}
