import type { z } from 'zod';

import { PACKAGE_ID_FIELDS, platformsOf, type App, type PackageIdField } from '@shared/api/catalogue';
import { ErrorCode } from '@shared/api/errors';
import {
  MAX_OWN_APPS,
  ownAppExistsFieldMessage,
  ownAppExistsMessage,
  type AdminOwnApp,
  type OwnApp,
  type ownAppRequestSchema,
  type promoteOwnAppRequestSchema,
} from '@shared/api/own-apps';
import { packageIdsOf } from '@shared/package-managers';

import { isoNow, type AppContext } from '../context';
import { isForeignKeyViolation, isUniqueViolation } from '../db/dialect';
import { findAppByName, findCategoryById } from '../db/repositories/catalogue.repository';
import { lockUserLists } from '../db/repositories/lists.repository';
import {
  allOwnApps,
  countOwnApps,
  deleteOwnApp,
  findAnyOwnApp,
  findOwnApp,
  insertOwnApp,
  ownAppsOf,
  ownAppsWithPackageIds,
  promoteOwnApp,
  updateOwnApp,
  type OwnAppColumns,
  type OwnAppRow,
} from '../db/repositories/own-apps.repository';
import type { Db } from '../db/schema';
import { AppError, badRequest, conflict, notFound } from '../errors';
import type { CatalogueService } from './catalogue.service';

export type OwnAppInput = z.output<typeof ownAppRequestSchema>;
export type PromoteOwnAppInput = z.output<typeof promoteOwnAppRequestSchema>;

/** Another user's own app is not found, exactly like a missing id. */
export const ownAppNotFound = () => notFound('App not found', ErrorCode.APP_NOT_FOUND);
export const ownAppLimitReached = () =>
  new AppError(
    403,
    ErrorCode.OWN_APP_LIMIT_REACHED,
    `You have ${MAX_OWN_APPS} apps of your own, the most an account may keep. Delete one to add another.`,
  );
const ownAppExists = (name: string) => conflict(`Your app “${name}” has one of these package ids already.`, ErrorCode.OWN_APP_EXISTS);

/** The fields of `input` whose id `existing` has too (any case, as ownAppsWithPackageIds matches). */
const clashingFields = (existing: OwnAppRow, input: OwnAppColumns): PackageIdField[] =>
  PACKAGE_ID_FIELDS.filter((field) => input[field] && existing[field]?.toLowerCase() === input[field]?.toLowerCase());

/** A new app whose package id you have: which app, its id, and the fields that clash (shared/api/own-apps.ts). */
function ownAppAlreadyThere(existing: OwnAppRow, input: OwnAppColumns): AppError {
  const fields = clashingFields(existing, input);
  const details: Record<string, string> = { appId: String(existing.id) };
  for (const field of fields) details[field] = ownAppExistsFieldMessage(existing.name);
  const message = ownAppExistsMessage(existing.name, fields[0] ?? 'winget_id');
  return new AppError(409, ErrorCode.OWN_APP_EXISTS, message, details);
}

const ADMIN_LIST_LIMIT = 500;

export function toOwnApp(row: OwnAppRow): OwnApp {
  return {
    app_id: row.id,
    name: row.name,
    ...packageIdsOf(row),
    platforms: platformsOf(row),
    createdAt: row.created_at,
  };
}

const columnsOf = (input: OwnAppInput): OwnAppColumns => ({
  name: input.name,
  ...packageIdsOf(input),
});

/**
 * Your own apps (docs/decisions.md#your-own-apps): private to the account, at most MAX_OWN_APPS,
 * one app per package id (adding an id you already have is OWN_APP_EXISTS naming that app; an
 * import or a copy reuses it instead).
 */
export class OwnAppService {
  constructor(
    private readonly ctx: AppContext,
    private readonly catalogue: CatalogueService,
  ) {}

  async list(userId: string): Promise<OwnApp[]> {
    return (await ownAppsOf(this.ctx.db, userId)).map(toOwnApp);
  }

  /** The new app; OWN_APP_EXISTS (naming it) when one of the user's apps has one of these package ids. */
  async create(userId: string, input: OwnAppInput): Promise<OwnApp> {
    return this.ctx.db.transaction().execute(async (trx) => {
      await lockUserLists(trx, userId);
      const columns = columnsOf(input);
      const [existing] = await ownAppsWithPackageIds(trx, userId, columns);
      if (existing) throw ownAppAlreadyThere(existing, columns);
      return toOwnApp((await this.findOrCreate(trx, userId, columns)).row);
    });
  }

  /**
   * For imports and copies of a shared list (inside their transaction, after lockUserLists): the
   * user's app with one of these ids, else a new one; OWN_APP_LIMIT_REACHED past MAX_OWN_APPS.
   * A file's or a shared list's package is the same package, so reusing is what the person wants
   * there, unlike the form, where they asked for a new app.
   */
  async findOrCreate(db: Db, userId: string, app: OwnAppColumns): Promise<{ row: OwnAppRow; created: boolean }> {
    const [existing] = await ownAppsWithPackageIds(db, userId, app);
    if (existing) return { row: existing, created: false };
    if ((await countOwnApps(db, userId)) >= MAX_OWN_APPS) throw ownAppLimitReached();
    const id = await insertOwnApp(db, userId, app, isoNow(this.ctx.clock));
    const row = await findOwnApp(db, userId, id);
    if (!row) throw new Error('added own app not found');
    return { row, created: true };
  }

  async update(userId: string, id: number, input: OwnAppInput): Promise<OwnApp> {
    return this.ctx.db.transaction().execute(async (trx) => {
      await lockUserLists(trx, userId);
      if (!(await findOwnApp(trx, userId, id))) throw ownAppNotFound();
      const clash = (await ownAppsWithPackageIds(trx, userId, input)).find((other) => other.id !== id);
      if (clash) throw ownAppExists(clash.name);
      await updateOwnApp(trx, userId, id, columnsOf(input), isoNow(this.ctx.clock));
      const row = await findOwnApp(trx, userId, id);
      if (!row) throw ownAppNotFound();
      return toOwnApp(row);
    });
  }

  /** Deletes it and takes it out of the user's lists; nothing is uninstalled from any machine. */
  async delete(userId: string, id: number): Promise<void> {
    if (!(await deleteOwnApp(this.ctx.db, userId, id))) throw ownAppNotFound();
  }

  /** For the admin: every user's own apps, newest first, without who added them. */
  async adminList(): Promise<AdminOwnApp[]> {
    return (await allOwnApps(this.ctx.db, ADMIN_LIST_LIMIT)).map((row) => ({ ...toOwnApp(row), listCount: row.list_count }));
  }

  /** Makes an own app a catalogue app for everyone; it stays in the lists that hold it. */
  async promote(id: number, input: PromoteOwnAppInput): Promise<App> {
    if (!(await findCategoryById(this.ctx.db, input.category)))
      throw badRequest('The chosen category does not exist.', ErrorCode.CATEGORY_NOT_FOUND);
    const own = await findAnyOwnApp(this.ctx.db, id);
    if (!own) throw ownAppNotFound();
    const clash = await findAppByName(this.ctx.db, own.name);
    if (clash) throw conflict(`The catalogue has an app named “${clash.name}” already.`, ErrorCode.APP_EXISTS);
    try {
      const promoted = await promoteOwnApp(
        this.ctx.db,
        id,
        { category_id: input.category, description: input.description, website: input.website },
        isoNow(this.ctx.clock),
      );
      if (!promoted) throw ownAppNotFound();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`The catalogue has an app named “${own.name}” already.`, ErrorCode.APP_EXISTS);
      if (isForeignKeyViolation(error)) throw badRequest('The chosen category does not exist.', ErrorCode.CATEGORY_NOT_FOUND);
      throw error;
    }
    await this.ctx.catalogue.changed();
    this.ctx.log.info({ appId: id, name: own.name }, 'own app promoted to the catalogue');
    return this.catalogue.app(id);
  }
}
