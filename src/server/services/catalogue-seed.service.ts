import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';

import { packageIdsShape } from '@shared/api/catalogue';
import { perPackageField } from '@shared/package-managers';

import { isoNow, type AppContext } from '../context';
import { isUniqueViolation } from '../db/dialect';
import {
  findCategoryByName,
  insertApp,
  insertAppIcon,
  insertCategory,
  listAppNames,
  replaceAppSizeIfStill,
} from '../db/repositories/catalogue.repository';
import { getMeta, setMeta } from '../db/repositories/meta.repository';
import { sha256Hex } from './catalogue.service';
import { processIcon } from './icon-processing';

/** The meta key holding the version of resources/catalogue/seed.json last applied. */
export const SEED_VERSION_KEY = 'catalogue_seed_version';

const seedFileSchema = z.object({
  version: z.number().int().positive(),
  categories: z.array(z.string().trim().min(1).max(80)),
  apps: z.array(z.unknown()),
  /** App name → sizes earlier seed versions shipped for it (see replaceEarlierSizes). */
  earlier_file_size_kb: z.record(z.string(), z.array(z.number().int().positive())).optional().default({}),
});
const seedAppSchema = z.object({
  name: z.string().trim().min(1).max(100),
  category: z.string().trim().min(1).max(80),
  description: z.string().trim().min(1).max(1000),
  website: z.url({ protocol: /^https?$/ }),
  /** Null when no package manager states a size (resources/catalogue/SOURCES.md). */
  file_size_kb: z.number().int().positive().nullable(),
  icon: z
    .string()
    .regex(/^[\w.-]+\.(svg|png|webp|jpe?g|gif)$/, 'icon must be a file name in the icons folder')
    .nullable()
    .optional(),
  ...perPackageField((field) => packageIdsShape[field].optional().default(null)),
});
type SeedApp = z.output<typeof seedAppSchema>;

export interface SeedResult {
  applied: boolean;
  version: number | null;
  categoriesAdded: number;
  appsAdded: number;
  /** Apps already stored whose size an earlier seed set and this one corrects. */
  sizesUpdated: number;
}

const NOTHING: Omit<SeedResult, 'version'> = { applied: false, categoriesAdded: 0, appsAdded: 0, sizesUpdated: 0 };

/**
 * Applies the shipped catalogue once per seed version. Only categories and apps whose names
 * are not in the database yet are added, so an admin's edits are never overwritten. The one
 * exception is a size an earlier seed set: it is corrected while it is still exactly the
 * earlier seed's number for that app (an admin who typed a size of their own keeps it); and
 * because a version is applied once, an app an admin deleted does not come back on the next
 * start (only a newer seed version adds what is missing again).
 */
export class CatalogueSeedService {
  constructor(private readonly ctx: AppContext) {}

  async run(file = this.ctx.config.catalogueSeedFile): Promise<SeedResult> {
    if (!file) return { ...NOTHING, version: null };
    const log = this.ctx.log;
    let raw: string;
    try {
      raw = await readFile(file, 'utf8');
    } catch {
      log.warn({ file }, 'no catalogue seed file; the catalogue starts empty');
      return { ...NOTHING, version: null };
    }
    const parsed = seedFileSchema.safeParse(safeJson(raw));
    if (!parsed.success) {
      // A broken seed must not keep the server down: the catalogue stays as it is and can be edited.
      log.error({ file, issues: parsed.error.issues.slice(0, 5) }, 'catalogue seed file is not valid; not applied');
      return { ...NOTHING, version: null };
    }
    const seed = parsed.data;
    const applied = Number(await getMeta(this.ctx.db, SEED_VERSION_KEY)) || 0;
    if (seed.version <= applied) return { ...NOTHING, version: seed.version };

    const started = performance.now();
    const categoryIds = new Map<string, number>();
    let categoriesAdded = 0;
    const ensureCategory = async (name: string): Promise<number> => {
      const key = name.toLowerCase();
      const known = categoryIds.get(key) ?? (await findCategoryByName(this.ctx.db, name))?.id;
      if (known !== undefined) {
        categoryIds.set(key, known);
        return known;
      }
      const id = await this.insertOnce(
        () => insertCategory(this.ctx.db, name, isoNow(this.ctx.clock)),
        () => findCategoryByName(this.ctx.db, name),
      );
      categoriesAdded += 1;
      categoryIds.set(key, id);
      return id;
    };
    for (const name of seed.categories) await ensureCategory(name);

    const existing = new Set((await listAppNames(this.ctx.db)).map((name) => name.toLowerCase()));
    const missing: SeedApp[] = [];
    const stored: SeedApp[] = [];
    for (const [index, entry] of seed.apps.entries()) {
      const app = seedAppSchema.safeParse(entry);
      if (!app.success) {
        log.warn({ index, issue: app.error.issues[0] }, 'catalogue seed: app entry skipped');
        continue;
      }
      if (!existing.has(app.data.name.toLowerCase())) missing.push(app.data);
      else stored.push(app.data);
      existing.add(app.data.name.toLowerCase());
    }
    for (const app of missing) await ensureCategory(app.category);

    const iconsDir = join(dirname(file), 'icons');
    // Icons are processed in parallel, a few at a time: about 70 SVGs take well under a second.
    const icons = await mapBounded(missing, Math.min(8, Math.max(2, availableParallelism())), (app) => this.loadIcon(iconsDir, app));
    const appsAdded = await this.insertApps(
      missing.map((app, index) => ({ app, categoryId: categoryIds.get(app.category.toLowerCase()) ?? 0, icon: icons[index] ?? null })),
    );
    const sizesUpdated = await this.replaceEarlierSizes(stored, seed.earlier_file_size_kb);
    await setMeta(this.ctx.db, SEED_VERSION_KEY, String(seed.version), isoNow(this.ctx.clock));
    if (appsAdded > 0 || sizesUpdated > 0) await this.ctx.catalogue.changed();
    log.info(
      { version: seed.version, categoriesAdded, appsAdded, sizesUpdated, ms: Math.round(performance.now() - started) },
      'catalogue seed applied',
    );
    return { applied: true, version: seed.version, categoriesAdded, appsAdded, sizesUpdated };
  }

  /**
   * Seed version 1 shipped invented sizes; later versions carry Debian's (or none). An app
   * already stored gets the new size only while its size is one an earlier seed gave that
   * app: then the number is the seed's, not an admin's, and it is replaced (by null when no
   * size is known now). In one transaction, so a start that fails leaves the old sizes whole.
   */
  private async replaceEarlierSizes(apps: readonly SeedApp[], earlier: Readonly<Record<string, number[]>>): Promise<number> {
    const byName = new Map(Object.entries(earlier).map(([name, sizes]) => [name.toLowerCase(), sizes]));
    const changes = apps
      .map((app) => ({ app, sizes: (byName.get(app.name.toLowerCase()) ?? []).filter((size) => size !== app.file_size_kb) }))
      .filter(({ sizes }) => sizes.length > 0);
    if (changes.length === 0) return 0;
    const now = isoNow(this.ctx.clock);
    return this.ctx.db.transaction().execute(async (trx) => {
      let updated = 0;
      for (const { app, sizes } of changes) updated += await replaceAppSizeIfStill(trx, app.name, sizes, app.file_size_kb, now);
      return updated;
    });
  }

  private async loadIcon(dir: string, app: SeedApp): Promise<Buffer | null> {
    if (!app.icon) return null;
    try {
      return (await processIcon(await readFile(join(dir, app.icon)))).webp;
    } catch (error) {
      this.ctx.log.warn({ app: app.name, icon: app.icon, err: error }, 'catalogue seed: icon not usable; app added without one');
      return null;
    }
  }

  /**
   * One transaction for all (one commit is much faster than seventy). Another server process
   * may be seeding the same database at the same moment: if a name is taken meanwhile, the
   * apps are inserted one by one and the taken names skipped.
   */
  private async insertApps(rows: ReadonlyArray<{ app: SeedApp; categoryId: number; icon: Buffer | null }>): Promise<number> {
    const now = isoNow(this.ctx.clock);
    const insertOne = async (trx: Parameters<typeof insertApp>[0], { app, categoryId, icon }: (typeof rows)[number]) => {
      const { icon: _file, category: _category, ...fields } = app;
      const id = await insertApp(trx, { ...fields, category_id: categoryId, created_at: now, updated_at: now });
      if (icon) await insertAppIcon(trx, { app_id: id, webp: icon, sha256: sha256Hex(icon), created_at: now });
    };
    try {
      await this.ctx.db.transaction().execute(async (trx) => {
        for (const row of rows) await insertOne(trx, row);
      });
      return rows.length;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    let added = 0;
    for (const row of rows) {
      try {
        await this.ctx.db.transaction().execute((trx) => insertOne(trx, row));
        added += 1;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return added;
  }

  private async insertOnce(insert: () => Promise<number>, find: () => Promise<{ id: number } | undefined>): Promise<number> {
    try {
      return await insert();
    } catch (error) {
      const found = isUniqueViolation(error) ? await find() : undefined;
      if (found) return found.id;
      throw error;
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Like Promise.all over `items.map(fn)`, with at most `limit` calls running at once; keeps the order. */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
