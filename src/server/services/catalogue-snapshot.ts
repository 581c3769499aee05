import { PACKAGE_ID_FIELDS } from '@shared/api/catalogue';
import { PACKAGE_ID_MANAGERS } from '@shared/api/installations';

import type { BusEvent, EventBus } from '../bus/event-bus';
import { listApps, type AppRow } from '../db/repositories/catalogue.repository';
import type { Db } from '../db/schema';

/**
 * A safety net only: every change made through the product says so at once (`changed()`). One
 * made by hand in the database is seen within this.
 */
export const CATALOGUE_SNAPSHOT_TTL_MS = 60_000;

interface Snapshot {
  rows: readonly AppRow[];
  loadedAtMs: number;
  /** What readers work out from the rows (per platform, say), kept as long as the rows. */
  derived: Map<string, unknown>;
}

/**
 * The whole catalogue as this process last read it, for the paths that run once per agent and
 * per report (the inventory request of every hello, the updates of every inventory): with tens
 * of thousands of agents, reading every app from the database each time was a share of every
 * connect. Held once per process, read again only after a change.
 *
 * Correctness: whoever changes the catalogue calls `changed()` once the change is committed. That
 * drops the snapshot here at once, so the next reader in this process sees the change, and tells
 * every other process over the bus (NOTIFY on PostgreSQL: it arrives a millisecond or so after
 * the commit). A load that was under way when a change came is handed to the readers that were
 * waiting for it but never kept (`epoch`). When the bus's listening connection was lost
 * (`resync`), the snapshot is dropped as well; and it is never older than the TTL.
 */
export class CatalogueSnapshot {
  private current: Snapshot | null = null;
  private loading: { epoch: number; promise: Promise<Snapshot> } | null = null;
  private epoch = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly nowMs: () => number = () => performance.now(),
    private readonly ttlMs = CATALOGUE_SNAPSHOT_TTL_MS,
  ) {
    this.unsubscribe = bus.subscribe((event) => this.onEvent(event));
  }

  /** Every app of the catalogue, ordered by name as `listApps` orders them. Shared: never change the rows. */
  async apps(): Promise<readonly AppRow[]> {
    return (await this.snapshot()).rows;
  }

  /**
   * `compute(apps)` worked out once per snapshot and kept under `key` until the catalogue
   * changes: e.g. the packages an agent of one platform is asked about.
   */
  async derived<T>(key: string, compute: (apps: readonly AppRow[]) => T): Promise<T> {
    return derivedOf(await this.snapshot(), key, compute);
  }

  /**
   * The catalogue apps that have one of these packages (a manager and its id, as an agent
   * reports them), in catalogue order: what a machine's inventory, its updates and its
   * check-ins name. One lookup per package in an index made once per snapshot, so the cost
   * follows the machine's packages, not the catalogue's size.
   */
  async appsOfPackages(packages: Iterable<{ manager: string; package_id: string }>): Promise<AppRow[]> {
    const snapshot = await this.snapshot();
    const index = derivedOf(snapshot, 'apps by package', indexByPackage);
    const positions = new Set<number>();
    for (const entry of packages)
      for (const position of index.get(packageKey(entry.manager, entry.package_id)) ?? []) positions.add(position);
    return rowsAt(snapshot, positions);
  }

  /** The catalogue apps among these ids (an own app's id finds nothing), in catalogue order. */
  async appsWithIds(ids: Iterable<number>): Promise<AppRow[]> {
    const snapshot = await this.snapshot();
    const index = derivedOf(snapshot, 'apps by id', (apps) => new Map(apps.map((app, position) => [app.id, position])));
    const positions = new Set<number>();
    for (const id of ids) {
      const position = index.get(id);
      if (position !== undefined) positions.add(position);
    }
    return rowsAt(snapshot, positions);
  }

  /** The catalogue changed (committed): this process reads it again at once, the others when the bus tells them. */
  async changed(): Promise<void> {
    this.forget();
    await this.bus.publish({ type: 'catalogue.changed' });
  }

  close(): void {
    this.unsubscribe();
    this.forget();
  }

  private snapshot(): Promise<Snapshot> {
    const current = this.current;
    if (current && this.nowMs() - current.loadedAtMs < this.ttlMs) return Promise.resolve(current);
    if (this.loading?.epoch === this.epoch) return this.loading.promise;
    const epoch = this.epoch;
    const promise = this.load(epoch);
    this.loading = { epoch, promise };
    // A failed load is not kept: the next reader tries again.
    promise.catch(() => {
      if (this.loading?.promise === promise) this.loading = null;
    });
    return promise;
  }

  private async load(epoch: number): Promise<Snapshot> {
    const loadedAtMs = this.nowMs();
    const rows = await listApps(this.db);
    const snapshot: Snapshot = { rows, loadedAtMs, derived: new Map() };
    // Kept only when nothing changed while it loaded: otherwise it may be from before the change.
    if (epoch === this.epoch) {
      this.current = snapshot;
      this.loading = null;
    }
    return snapshot;
  }

  private onEvent(event: BusEvent): void {
    if (event.type === 'catalogue.changed' || event.type === 'resync') this.forget();
  }

  private forget(): void {
    this.epoch += 1;
    this.current = null;
    this.loading = null;
  }
}

const packageKey = (manager: string, packageId: string) => `${manager}\u0000${packageId}`;

/** Each package (manager and id) to the positions of the apps that carry it; an id may be on more than one app. */
function indexByPackage(apps: readonly AppRow[]): Map<string, number[]> {
  const index = new Map<string, number[]>();
  apps.forEach((app, position) => {
    for (const field of PACKAGE_ID_FIELDS) {
      const id = app[field];
      if (!id) continue;
      const key = packageKey(PACKAGE_ID_MANAGERS[field], id);
      const positions = index.get(key);
      if (positions) positions.push(position);
      else index.set(key, [position]);
    }
  });
  return index;
}

/** The rows at these positions, each once, in catalogue order. */
function rowsAt(snapshot: Snapshot, positions: ReadonlySet<number>): AppRow[] {
  return [...positions].sort((a, b) => a - b).map((position) => snapshot.rows[position] as AppRow);
}

/** What `compute` makes of this snapshot's rows, made once and kept with them (so rows and index always agree). */
function derivedOf<T>(snapshot: Snapshot, key: string, compute: (apps: readonly AppRow[]) => T): T {
  if (snapshot.derived.has(key)) return snapshot.derived.get(key) as T;
  const value = compute(snapshot.rows);
  snapshot.derived.set(key, value);
  return value;
}
