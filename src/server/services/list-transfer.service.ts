import { isValidPackageField, PACKAGE_ID_FIELDS, type App, type PackageIdField, type Platform } from '@shared/api/catalogue';
import { ErrorCode } from '@shared/api/errors';
import type { ImportListResponse, ListFormat } from '@shared/api/lists';
import { perPackageField } from '@shared/package-managers';

import { isoNow, type AppContext } from '../context';
import { listApps } from '../db/repositories/catalogue.repository';
import { appendListItem, insertList, lockUserLists } from '../db/repositories/lists.repository';
import { AppError, badRequest } from '../errors';
import type { RateLimiter } from '../security/rate-limiter';
import { newId } from '../security/tokens';
import { toApp } from './catalogue.service';
import { formatBrewfile, parseBrewfile, type BrewEntry } from './list-formats/brewfile';
import { ListFormatError } from './list-formats/format-error';
import { formatTextList, parseTextList } from './list-formats/text';
import { formatWinget, parseWinget } from './list-formats/winget';
import type { ListService } from './list.service';
import type { OwnAppService } from './own-app.service';

export interface ExportedFile {
  content: string;
  contentType: string;
  filename: string;
}

/**
 * One entry of an imported file: what to show if it matches nothing, how to look it up, and
 * (winget and Brewfile) the package id to keep as the user's own app when the catalogue lacks it.
 */
interface ImportEntry {
  written: string;
  find(index: CatalogueIndex): App | undefined;
  own?: { field: PackageIdField; id: string };
}

/** What an import puts in the list, in the file's order. */
type ImportPick = { app: App } | { written: string; own: { field: PackageIdField; id: string } };

/** Lower-cased lookups over the whole catalogue (a few hundred apps: one query per import). */
class CatalogueIndex {
  readonly byName = new Map<string, App>();
  readonly byField = new Map<string, Map<string, App>>();

  constructor(apps: readonly App[]) {
    for (const field of PACKAGE_ID_FIELDS) this.byField.set(field, new Map());
    for (const app of apps) {
      this.byName.set(app.name.toLowerCase(), app);
      for (const field of PACKAGE_ID_FIELDS) {
        const id = app[field];
        if (id) this.byField.get(field)?.set(id.toLowerCase(), app);
      }
    }
  }

  by(field: (typeof PACKAGE_ID_FIELDS)[number], id: string): App | undefined {
    return this.byField.get(field)?.get(id.toLowerCase());
  }

  /** A formula may be written with its tap (`hashicorp/tap/terraform`); the catalogue may have either form. */
  formula(name: string): App | undefined {
    return this.by('homebrew_formula', name) ?? this.by('homebrew_formula', name.split('/').pop() ?? name);
  }

  anyId(id: string): App | undefined {
    for (const field of PACKAGE_ID_FIELDS) {
      const app = this.by(field, id);
      if (app) return app;
    }
    return undefined;
  }
}

function parseEntries(format: ListFormat, content: string): ImportEntry[] {
  switch (format) {
    case 'winget':
      return parseWinget(content).map((id) => ({
        written: id,
        find: (index) => index.by('winget_id', id),
        own: { field: 'winget_id', id },
      }));
    case 'brewfile':
      return parseBrewfile(content).map(({ kind, name }) => ({
        written: name,
        // Apps move between formula and cask over time; try the kind written first.
        find: (index) =>
          kind === 'cask'
            ? (index.by('homebrew_cask', name) ?? index.formula(name))
            : (index.formula(name) ?? index.by('homebrew_cask', name)),
        own: { field: kind === 'cask' ? 'homebrew_cask' : 'homebrew_formula', id: name },
      }));
    case 'text':
      return parseTextList(content).map((line) => ({
        written: line,
        find: (index) => index.byName.get(line.toLowerCase()) ?? index.anyId(line),
      }));
  }
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

  /**
   * Creates a list from a file. The list-count limit is checked before anything is created;
   * matched apps beyond the apps-per-list limit are reported in skippedForLimit. A winget or
   * Brewfile package the catalogue does not know is kept as the user's own app (reusing the one
   * they have with that id); only entries that are not valid package ids (a third-party tap, say)
   * and text-format names that match nothing are reported in `unmatched`, as written in the file.
   */
  async import(userId: string, input: { format: ListFormat; content: string; name: string }): Promise<ImportListResponse> {
    // Cheap refusals first: a user over the import rate or the list limit costs no parsing.
    const { importsPerUser, windowMs } = this.ctx.config.rateLimit;
    await this.rateLimiter.hit(`list-import:user:${userId}`, { limit: importsPerUser, windowMs });
    await this.lists.assertCanCreate(this.ctx.db, userId);
    let entries: ImportEntry[];
    try {
      entries = parseEntries(input.format, input.content);
    } catch (error) {
      if (error instanceof ListFormatError) throw badRequest(error.message, ErrorCode.VALIDATION_ERROR, { content: error.message });
      throw error;
    }
    const index = new CatalogueIndex((await listApps(this.ctx.db)).map(toApp));
    const picks: ImportPick[] = [];
    const unmatched: string[] = [];
    for (const entry of entries) {
      const app = entry.find(index);
      if (app) {
        if (!picks.some((pick) => 'app' in pick && pick.app.app_id === app.app_id)) picks.push({ app });
      } else if (entry.own && isValidPackageField(entry.own.field, entry.own.id)) {
        picks.push({ written: entry.written, own: entry.own });
      } else unmatched.push(entry.written);
    }

    const id = newId();
    const { skippedForLimit, ownKept } = await this.ctx.db.transaction().execute(async (trx) => {
      await lockUserLists(trx, userId);
      const plan = await this.lists.assertCanCreate(trx, userId);
      const now = isoNow(this.ctx.clock);
      await insertList(trx, { id, user_id: userId, name: input.name, created_at: now, updated_at: now });
      const added = new Set<number>();
      const skipped: string[] = [];
      let own = 0;
      for (const pick of picks) {
        if (added.size >= plan.limits.appsPerList) {
          skipped.push('app' in pick ? pick.app.name : pick.written);
          continue;
        }
        let appId: number;
        if ('app' in pick) appId = pick.app.app_id;
        else {
          try {
            const { row } = await this.ownApps.findOrCreate(trx, userId, ownAppOf(pick.own.field, pick.own.id));
            appId = row.id;
            own += 1;
          } catch (error) {
            // Past the own-app limit the rest of the file's unknown packages are left out, and said so.
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
      return { skippedForLimit: skipped, ownKept: own };
    });
    this.ctx.log.info(
      { userId, listId: id, format: input.format, matched: picks.length, ownApps: ownKept, unmatched: unmatched.length },
      'list imported',
    );
    return { list: await this.lists.detail(userId, id), unmatched, skippedForLimit };
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
            apps.flatMap((app) => (app.winget_id ? [app.winget_id] : [])),
            this.ctx.clock.now(),
          ),
          contentType: 'application/json; charset=utf-8',
          filename: `${fileStem(list.name)}.winget.json`,
        };
      case 'brewfile':
        return {
          content: formatBrewfile(
            apps.flatMap((app): BrewEntry[] => {
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
function ownAppOf(field: PackageIdField, id: string) {
  return { name: id.slice(0, 100), ...perPackageField((each) => (each === field ? id : null)) };
}
