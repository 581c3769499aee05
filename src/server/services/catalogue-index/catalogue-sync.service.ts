import { z } from 'zod';

import type { CatalogueSyncRun } from '@shared/api/admin';

import { isoNow, type AppContext } from '../../context';
import { readJsonColumn } from '../../db/json-column';
import { insertSyncRun, latestSyncRuns } from '../../db/repositories/catalogue-sync.repository';
import { getMeta, setMeta } from '../../db/repositories/meta.repository';
import type { CatalogueSyncRunsTable } from '../../db/schema';
import { newId } from '../../security/tokens';
import { withLease } from '../lease';
import type { CatalogueIndexService } from './catalogue-index.service';
import { DEBIAN_SOURCE, debianIndexName, readDebianIndex, type IndexVersion } from './debian-index';

/** Where the version (file hashes) of the last reading of an index is kept, by the app field it fills; the shipped snapshot's seeds it. */
export const versionKey = (field: string) => `catalogue_sync:${field}`;
const VERSION_KEY = versionKey('apt_package');
const versionSchema = z.object({ packages: z.string(), components: z.string() });
const examplesSchema = z.object({ created: z.array(z.string()), changed: z.array(z.string()), gone: z.array(z.string()) });
const NO_EXAMPLES = { created: [], changed: [], gone: [] };
/** Readings the admin console shows. */
const RUNS_SHOWN = 20;

/**
 * Keeps the catalogue's indexes fresh: reads each manager's public index (Debian's today) on a
 * schedule (only its release file when the index has not changed since the last reading),
 * applies what changed (CatalogueIndexService.apply: one transaction, apps never removed) and
 * records each reading for the admin console. One process reads per period across
 * all of them (a lease that lasts the period).
 */
export class CatalogueSyncService {
  constructor(
    private readonly ctx: AppContext,
    private readonly index: CatalogueIndexService,
  ) {}

  /** The scheduler's task: a reading when the period since the last one has passed; answers how many readings changed the catalogue. */
  async syncDue(): Promise<number> {
    const hours = this.ctx.config.catalogueSyncHours;
    if (hours === 0) return 0;
    const lease = { name: 'catalogue sync', ms: hours * 3_600_000, release: 'when-expired' as const };
    return withLease(this.ctx, lease, 0, async () => ((await this.syncNow()).outcome === 'applied' ? 1 : 0));
  }

  /** Reads Debian's index now (an admin's "Sync now", or the schedule), applies it and records what it did. */
  async syncNow(): Promise<CatalogueSyncRun> {
    const startedAt = isoNow(this.ctx.clock);
    const source = { ...DEBIAN_SOURCE, mirror: this.ctx.config.debianMirror };
    const since = readJsonColumn(versionSchema.nullable(), (await getMeta(this.ctx.db, VERSION_KEY)) ?? 'null', null);
    let run: CatalogueSyncRunsTable;
    try {
      const reading = await readDebianIndex(source, { since });
      if (reading.unchanged) {
        run = this.runRow(startedAt, debianIndexName(source), reading.source, 'unchanged');
      } else {
        const result = await this.index.apply(reading.header.index, reading.header.field, reading.entries);
        if (result === null) throw new Error('another server process is applying an index; the next reading will try again');
        // A new release of the index that changes no app of ours: unchanged for the catalogue.
        const outcome = result.created + result.linked + result.changed + result.gone > 0 ? 'applied' : 'unchanged';
        run = {
          ...this.runRow(startedAt, result.index, reading.source, outcome),
          ...counts(result),
          examples: JSON.stringify(result.examples),
        };
        await this.remember(reading.version);
      }
    } catch (error) {
      run = {
        ...this.runRow(startedAt, debianIndexName(source), source.mirror, 'failed'),
        error: error instanceof Error ? error.message.slice(0, 500) : String(error),
      };
      this.ctx.log.warn({ err: error }, 'catalogue sync failed; the catalogue stays as it was');
    }
    await insertSyncRun(this.ctx.db, run);
    return toRun(run);
  }

  async runs(): Promise<CatalogueSyncRun[]> {
    return (await latestSyncRuns(this.ctx.db, RUNS_SHOWN)).map(toRun);
  }

  private async remember(version: IndexVersion): Promise<void> {
    await setMeta(this.ctx.db, VERSION_KEY, JSON.stringify(version), isoNow(this.ctx.clock));
  }

  private runRow(startedAt: string, index: string, source: string, outcome: CatalogueSyncRunsTable['outcome']): CatalogueSyncRunsTable {
    return {
      id: newId(),
      index_name: index,
      source,
      outcome,
      created: 0,
      linked: 0,
      changed: 0,
      gone: 0,
      examples: JSON.stringify(NO_EXAMPLES),
      error: null,
      started_at: startedAt,
      finished_at: isoNow(this.ctx.clock),
    };
  }
}

function counts(result: { created: number; linked: number; changed: number; gone: number }) {
  return { created: result.created, linked: result.linked, changed: result.changed, gone: result.gone };
}

function toRun(row: CatalogueSyncRunsTable): CatalogueSyncRun {
  return {
    id: row.id,
    index: row.index_name,
    source: row.source,
    outcome: row.outcome,
    created: Number(row.created),
    linked: Number(row.linked),
    changed: Number(row.changed),
    gone: Number(row.gone),
    examples: readJsonColumn(examplesSchema, row.examples, NO_EXAMPLES),
    error: row.error,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}
