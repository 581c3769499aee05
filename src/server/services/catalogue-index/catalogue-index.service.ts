import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { packageSource, type PackageIdField } from '@shared/package-managers';

import { isoNow, type AppContext } from '../../context';
import {
  indexEntriesOf,
  insertIndexApps,
  markIndexEntriesGone,
  updateIndexAppFacts,
  updateIndexEntryFacts,
  upsertIndexEntries,
} from '../../db/repositories/catalogue-index.repository';
import { findCategoryByName, insertCategory } from '../../db/repositories/catalogue.repository';
import { getMeta, setMeta } from '../../db/repositories/meta.repository';
import type { AppIndexEntriesTable } from '../../db/schema';
import { withLease, type Lease } from '../lease';
import { EVIDENCE, planApply, type CatalogueNow } from './apply-plan';
import { versionKey } from './catalogue-sync.service';
import { INDEX_CATEGORIES, type IndexCategory, type IndexEntry } from './index-entry';
import { readSnapshot } from './snapshot-file';

export interface ApplyResult {
  index: string;
  created: number;
  linked: number;
  changed: number;
  gone: number;
  skipped: number;
  /** A few names of each kind of change, for an admin to read (apps made and changed; packages gone). */
  examples: { created: string[]; changed: string[]; gone: string[] };
}

/** Names of each kind of change a result keeps. */
const EXAMPLES_KEPT = 20;

/** One process applies an index at a time; a run over Debian's 14,000 apps takes seconds, not minutes. */
const APPLY_LEASE: Lease = { name: 'catalogue index apply', ms: 10 * 60_000, release: 'after-run' };
/** Apps written per statement. */
const APPS_PER_BATCH = 500;
/** Bumped when what an apply writes changes, so every shipped snapshot is applied again once. */
const APPLY_VERSION = 1;

/**
 * The catalogue's share of the package managers' indexes: each index's apps made into catalogue
 * apps (or linked to the app that already has their id), with the evidence of each mapping kept
 * in app_index_entries, and the index's later changes applied to them (docs/catalogue.md).
 */
export class CatalogueIndexService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Applies every snapshot the repository ships (the configured folder) that this database has
   * not had yet: at start, in the background, so that a server with no network has the whole
   * catalogue. A snapshot already applied costs a hash of its file.
   */
  async applyShipped(dir = this.ctx.config.catalogueIndexDir): Promise<ApplyResult[]> {
    if (!dir) return [];
    let files: string[];
    try {
      files = (await readdir(dir)).filter((file) => file.endsWith('.jsonl.gz')).sort();
    } catch {
      this.ctx.log.warn({ dir }, 'no catalogue index folder; the catalogue has only its curated apps');
      return [];
    }
    const results: ApplyResult[] = [];
    for (const file of files) {
      const path = join(dir, file);
      const fingerprint = `${APPLY_VERSION}:${createHash('sha256')
        .update(await readFile(path))
        .digest('hex')}`;
      const key = `catalogue_index:${file}`;
      if ((await getMeta(this.ctx.db, key)) === fingerprint) continue;
      const { header, entries, refused } = await readSnapshot(path);
      if (refused > 0) this.ctx.log.warn({ file, refused }, 'catalogue index lines refused');
      const result = await this.apply(header.index, header.field, entries);
      if (result === null) continue;
      await setMeta(this.ctx.db, key, fingerprint, isoNow(this.ctx.clock));
      // The first sync then reads nothing if the index has not changed since this snapshot was read.
      if (header.version && (await getMeta(this.ctx.db, versionKey(header.field))) === null)
        await setMeta(this.ctx.db, versionKey(header.field), JSON.stringify(header.version), isoNow(this.ctx.clock));
      results.push(result);
    }
    return results;
  }

  /**
   * Makes the catalogue match one index: new packages become apps (or are linked to the app
   * that has their id), changed facts are updated on the apps the index made, packages the index
   * dropped are marked gone and their apps kept. Null when another process is applying one now.
   */
  async apply(index: string, field: PackageIdField, entries: readonly IndexEntry[]): Promise<ApplyResult | null> {
    return withLease(this.ctx, APPLY_LEASE, null, async () => {
      const started = performance.now();
      const categories = await this.categoryIds();
      const plan = planApply(
        { label: packageSource(field).label, name: index, field },
        entries,
        await indexEntriesOf(this.ctx.db, field),
        await this.catalogueNow(field),
      );
      const now = isoNow(this.ctx.clock);
      const entryRow = (entry: IndexEntry, appId: number, evidence: string): AppIndexEntriesTable => ({
        field,
        package_id: entry.packageId,
        app_id: appId,
        ...factsOf(entry, now),
        evidence,
        gone_at: null,
      });

      // One transaction: a reader sees the catalogue before this index or after it, never half of it.
      await this.ctx.db.transaction().execute(async (trx) => {
        for (let at = 0; at < plan.created.length; at += APPS_PER_BATCH) {
          const batch = plan.created.slice(at, at + APPS_PER_BATCH);
          const ids = await insertIndexApps(
            trx,
            batch.map(({ entry, name }) => ({
              name,
              description: '',
              category_id: categories.get(entry.category) ?? null,
              website: entry.homepage,
              file_size_kb: entry.installedSizeKb,
              publisher: entry.publisher,
              popularity: entry.popularity,
              curated: 0,
              owner_user_id: null,
              [field]: entry.packageId,
              created_at: now,
              updated_at: now,
            })),
          );
          await upsertIndexEntries(
            trx,
            batch.flatMap(({ entry, name }) => {
              const appId = ids.get(name);
              return appId === undefined ? [] : [entryRow(entry, appId, EVIDENCE.onlyHere(index))];
            }),
          );
        }
        await upsertIndexEntries(
          trx,
          plan.linked.map(({ entry, appId, evidence }) => entryRow(entry, appId, evidence)),
        );
        for (const { entry, stored } of plan.changed) {
          await updateIndexEntryFacts(trx, field, entry.packageId, factsOf(entry, now));
          if (stored.app_id !== null)
            await updateIndexAppFacts(trx, stored.app_id, {
              website: entry.homepage,
              publisher: entry.publisher,
              file_size_kb: entry.installedSizeKb,
              popularity: entry.popularity,
              updated_at: now,
            });
        }
        await markIndexEntriesGone(
          trx,
          field,
          plan.gone.map((row) => row.package_id),
          now,
        );
      });
      const result: ApplyResult = {
        index,
        created: plan.created.length,
        linked: plan.linked.length,
        changed: plan.changed.length,
        gone: plan.gone.length,
        skipped: plan.skipped.length,
        examples: {
          created: plan.created.slice(0, EXAMPLES_KEPT).map((app) => app.name),
          changed: plan.changed.slice(0, EXAMPLES_KEPT).map(({ entry }) => entry.name),
          gone: plan.gone.slice(0, EXAMPLES_KEPT).map((row) => row.package_id),
        },
      };
      if (result.created + result.linked + result.changed + result.gone > 0) await this.ctx.catalogue.changed();
      const { examples: _examples, ...counts } = result;
      this.ctx.log.info({ ...counts, ms: Math.round(performance.now() - started) }, 'catalogue index applied');
      return result;
    });
  }

  /** The catalogue apps that have a package id of this field, and every catalogue name, as the database has them now. */
  private async catalogueNow(field: PackageIdField): Promise<CatalogueNow> {
    const rows = await this.ctx.db.selectFrom('apps').select(['id', 'name', field]).where('owner_user_id', 'is', null).execute();
    const appsByPackage = new Map<string, { id: number; name: string }>();
    for (const row of rows) {
      const id = (row as Record<string, unknown>)[field];
      if (typeof id === 'string' && !appsByPackage.has(id)) appsByPackage.set(id, { id: row.id, name: row.name });
    }
    return { appsByPackage, namesTaken: new Set(rows.map((row) => row.name.toLowerCase())) };
  }

  /** The index categories, made where the catalogue has not got them yet. */
  private async categoryIds(): Promise<Map<IndexCategory, number>> {
    const ids = new Map<IndexCategory, number>();
    for (const name of INDEX_CATEGORIES) {
      const found = await findCategoryByName(this.ctx.db, name);
      ids.set(name, found ? found.id : await insertCategory(this.ctx.db, name, isoNow(this.ctx.clock)));
    }
    return ids;
  }
}

/** What the index says of a package, as app_index_entries keeps it, seen at `now`. */
function factsOf(entry: IndexEntry, now: string) {
  return {
    name: entry.name,
    homepage: entry.homepage,
    publisher: entry.publisher,
    licence: entry.licence,
    version: entry.version,
    popularity: entry.popularity,
    seen_at: now,
  };
}
