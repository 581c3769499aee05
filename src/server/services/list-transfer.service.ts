import type { PackageIdField, Platform } from '@shared/api/catalogue';
import { ErrorCode } from '@shared/api/errors';
import { IMPORT_NOTE_REASONS, type ImportListRequest, type ImportListResponse, type ImportPreview } from '@shared/api/list-import';
import type { ListDetail, ListFormat } from '@shared/api/lists';
import { perPackageField } from '@shared/package-managers';

import { isoAfter, type AppContext } from '../context';
import { appendListItem, countListsOfUser, insertList, lockUserLists } from '../db/repositories/lists.repository';
import type { Db } from '../db/schema';
import { AppError, badRequest } from '../errors';
import type { RateLimiter } from '../security/rate-limiter';
import { newId } from '../security/tokens';
import { toApp } from './catalogue.service';
import { CatalogueIndex } from './list-import/catalogue-index';
import { formatBrewfile, type BrewEntry } from './list-import/formats/brewfile';
import { formatFlatpakList } from './list-import/formats/flatpak';
import { ListFormatError } from './list-import/formats/format-error';
import { formatTextList } from './list-import/formats/text';
import { formatWinget } from './list-import/formats/winget';
import { formatWingetConfigure } from './list-import/formats/winget-configure';
import { planImport, type ImportPick, type ImportPlan, type OwnPackage } from './list-import/import-plan';
import { fileOverAppLimit, splitOverListLimit } from './list-limits';
import type { ListService } from './list.service';
import type { OwnAppService } from './own-app.service';

export interface ExportedFile {
  content: string;
  contentType: string;
  filename: string;
}

/** ASCII-only, no path or quote characters: safe in a Content-Disposition filename. */
function fileStem(name: string): string {
  const stem = name.replace(/[^A-Za-z0-9 ._-]+/g, '_');
  // Trim dots, spaces and underscores from both ends by hand: `/[ ._]+$/` backtracks quadratically.
  const keep = (index: number) => !' ._'.includes(stem.charAt(index));
  let start = 0;
  let end = stem.length;
  while (start < end && !keep(start)) start += 1;
  while (end > start && !keep(end - 1)) end -= 1;
  return stem.slice(start, end) || 'list';
}

/** Import and export: winget's JSON, a Brewfile, or one app per line. */
export class ListTransferService {
  constructor(
    private readonly ctx: AppContext,
    private readonly lists: ListService,
    private readonly rateLimiter: RateLimiter,
    private readonly ownApps: OwnAppService,
  ) {}

  /** What importing this file would do, creating nothing: the apps in file order, the notes, and the plan's room. */
  async preview(userId: string, input: { format: ListFormat; content: string }): Promise<ImportPreview> {
    await this.hitRateLimit(userId);
    const plan = await this.lists.assertCanCreate(this.ctx.db, userId);
    const { picks, notes } = await this.plan(input.format, input.content);
    const listsLeft = plan.limits.lists === null ? null : plan.limits.lists - (await countListsOfUser(this.ctx.db, userId));
    return {
      apps: picks.map((pick) => ({
        line: pick.line,
        written: pick.written,
        name: 'app' in pick ? pick.app.name : pick.own.id,
        appId: 'app' in pick ? pick.app.app_id : null,
        field: 'own' in pick ? pick.own.field : null,
        packageId: 'own' in pick ? pick.own.id : null,
      })),
      notes,
      appsPerList: plan.limits.appsPerList,
      listsLeft,
    };
  }

  /**
   * Creates a list from a file: catalogue apps by id, alias or name, and packages the catalogue
   * lacks kept as the user's own apps (reusing the one they have with that id). Lines that are
   * not apps, and entries that are neither, come back as notes with their line numbers. A file
   * with more apps than a list holds is split into lists (`split`) or cut to the apps chosen
   * (`keep`), and refused when neither was asked: nothing is left out unseen. The list-count
   * limit is checked before the file is read.
   */
  async import(userId: string, input: ImportListRequest): Promise<ImportListResponse> {
    // Cheap refusals first: a user over the import rate or the list limit costs no parsing.
    await this.hitRateLimit(userId);
    const plan = await this.lists.assertCanCreate(this.ctx.db, userId);
    const { picks, notes } = await this.plan(input.format, input.content);
    const { chosen, notChosen } = choose(picks, input.keep);
    const perList = plan.limits.appsPerList;
    if (chosen.length > perList && !input.split) throw fileOverAppLimit(plan, chosen.length);
    const groups = chunks(chosen, perList);

    const ids: string[] = [];
    const skippedForLimit = notChosen.map(pickName);
    const ownKept = await this.ctx.db.transaction().execute(async (trx) => {
      await lockUserLists(trx, userId);
      const current = await this.lists.assertCanCreate(trx, userId);
      if (groups.length > 1 && current.limits.lists !== null) {
        const left = current.limits.lists - (await countListsOfUser(trx, userId));
        if (groups.length > left) throw splitOverListLimit(current, groups.length, left);
      }
      let own = 0;
      for (const [at, group] of groups.entries()) {
        const name = groups.length === 1 ? input.name : partName(input.name, at + 1, groups.length);
        const result = await this.createList(trx, userId, name, group, at);
        ids.push(result.id);
        own += result.own;
        skippedForLimit.push(...result.skipped);
      }
      return own;
    });
    this.ctx.log.info(
      { userId, listIds: ids, format: input.format, apps: chosen.length, ownApps: ownKept, notes: notes.length },
      'list imported',
    );
    const lists: ListDetail[] = [];
    for (const id of ids) lists.push(await this.lists.detail(userId, id));
    for (const list of lists)
      await this.lists.listMade(
        userId,
        list.id,
        list.apps.map((app) => app.app_id),
      );
    const [first] = lists;
    if (!first) throw new Error('an import created no list');
    const unmatched = notes.filter((note) => IMPORT_NOTE_REASONS[note.reason].leftOut).map((note) => note.written);
    return { list: first, lists, notes, unmatched, skippedForLimit };
  }

  private async hitRateLimit(userId: string): Promise<void> {
    const { importsPerUser, windowMs } = this.ctx.config.rateLimit;
    await this.rateLimiter.hit(`list-import:user:${userId}`, { limit: importsPerUser, windowMs });
  }

  private async plan(format: ListFormat, content: string): Promise<ImportPlan> {
    // The process's catalogue snapshot, indexed once until the catalogue changes: a preview and
    // the import after it no longer each read and index every app.
    const index = await this.ctx.catalogue.derived('list import index', (apps) => new CatalogueIndex(apps.map(toApp)));
    try {
      return planImport(format, content, index);
    } catch (error) {
      if (error instanceof ListFormatError) throw badRequest(error.message, ErrorCode.VALIDATION_ERROR, { content: error.message });
      throw error;
    }
  }

  /**
   * One new list with these apps, in order; past the own-app limit the rest of the unknown
   * packages are left out, and said so. The `part`th list of a split is made a millisecond after
   * the one before it: lists are shown in the order they were made, so "1 of 2" comes first.
   */
  private async createList(
    trx: Db,
    userId: string,
    name: string,
    picks: readonly ImportPick[],
    part: number,
  ): Promise<{ id: string; own: number; skipped: string[] }> {
    const id = newId();
    const now = isoAfter(this.ctx.clock, part);
    await insertList(trx, { id, user_id: userId, name, created_at: now, updated_at: now });
    const added = new Set<number>();
    const skipped: string[] = [];
    let own = 0;
    for (const pick of picks) {
      let appId: number;
      if ('app' in pick) appId = pick.app.app_id;
      else {
        try {
          appId = (await this.ownApps.findOrCreate(trx, userId, ownAppOf(pick.own))).row.id;
          own += 1;
        } catch (error) {
          if (error instanceof AppError && error.code === ErrorCode.OWN_APP_LIMIT_REACHED) {
            skipped.push(pick.written);
            continue;
          }
          throw error;
        }
      }
      if (added.has(appId)) continue;
      added.add(appId);
      await appendListItem(trx, id, appId, now);
    }
    return { id, own, skipped };
  }

  /**
   * The list as a file. winget and Brewfile carry the apps that package manager knows (the
   * platform is implied); a text file has every app's name, or with `platform` only the apps
   * installable there.
   */
  async export(userId: string, listId: string, format: ListFormat, platform?: Platform): Promise<ExportedFile> {
    const list = await this.lists.detail(userId, listId);
    const apps = list.apps;
    switch (format) {
      case 'winget':
        return {
          content: formatWinget(
            apps.flatMap((app) => (app.winget_id ? [{ id: app.winget_id, version: app.pinnedVersion }] : [])),
            this.ctx.clock.now(),
          ),
          contentType: 'application/json; charset=utf-8',
          filename: `${fileStem(list.name)}.winget.json`,
        };
      case 'winget-configure':
        return {
          content: formatWingetConfigure(
            apps.flatMap((app) => (app.winget_id ? [{ id: app.winget_id, name: app.name, version: app.pinnedVersion }] : [])),
            list.name,
          ),
          contentType: 'application/yaml; charset=utf-8',
          filename: `${fileStem(list.name)}.winget.yaml`,
        };
      case 'flatpak':
        return {
          content: formatFlatpakList(apps.flatMap((app) => (app.flatpak_id ? [app.flatpak_id] : []))),
          contentType: 'text/plain; charset=utf-8',
          filename: `${fileStem(list.name)}.flatpak.txt`,
        };
      case 'brewfile':
        return {
          content: formatBrewfile(
            apps.flatMap((app): Array<Omit<BrewEntry, 'line'>> => {
              if (app.homebrew_cask) return [{ kind: 'cask', name: app.homebrew_cask }];
              return app.homebrew_formula ? [{ kind: 'brew', name: app.homebrew_formula }] : [];
            }),
            list.name,
          ),
          contentType: 'text/plain; charset=utf-8',
          filename: 'Brewfile',
        };
      case 'text':
        return {
          content: formatTextList(apps.filter((app) => !platform || app.platforms.includes(platform)).map((app) => app.name)),
          contentType: 'text/plain; charset=utf-8',
          filename: platform ? `${fileStem(list.name)}-${platform}.txt` : `${fileStem(list.name)}.txt`,
        };
    }
  }
}

/** An own app made from one package id of an imported file: its name is the id. */
function ownAppOf({ field, id }: OwnPackage) {
  return { name: id.slice(0, 100), ...perPackageField((each: PackageIdField) => (each === field ? id : null)) };
}

const pickName = (pick: ImportPick) => ('app' in pick ? pick.app.name : pick.written);

/** The picks at the places `keep` names (in file order), or all of them; a place the file does not have is refused. */
function choose(picks: ImportPick[], keep: readonly number[] | undefined): { chosen: ImportPick[]; notChosen: ImportPick[] } {
  if (!keep) return { chosen: picks, notChosen: [] };
  const kept = new Set(keep);
  if (kept.size !== keep.length || keep.some((place) => place >= picks.length)) {
    const message = 'Choose apps of this file, each once';
    throw badRequest(message, ErrorCode.VALIDATION_ERROR, { keep: message });
  }
  return { chosen: picks.filter((_, place) => kept.has(place)), notChosen: picks.filter((_, place) => !kept.has(place)) };
}

/** `size` apps a list, in file order; one empty list for a file with none. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  if (items.length === 0) return [[]];
  const groups: T[][] = [];
  for (let at = 0; at < items.length; at += size) groups.push(items.slice(at, at + size));
  return groups;
}

/** "Mac (2 of 3)": the name shortened so that the suffix fits a list name's 100 characters. */
function partName(name: string, part: number, of: number): string {
  const suffix = ` (${part} of ${of})`;
  return `${name.slice(0, 100 - suffix.length).trimEnd()}${suffix}`;
}
