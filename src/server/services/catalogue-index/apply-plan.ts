import type { PackageIdField } from '@shared/api/catalogue';

import type { AppIndexEntriesTable } from '../../db/schema';
import type { IndexEntry } from './index-entry';

/** A package this index had before, as stored (app_index_entries). */
export type StoredEntry = Pick<
  AppIndexEntriesTable,
  'package_id' | 'app_id' | 'name' | 'homepage' | 'publisher' | 'licence' | 'version' | 'popularity' | 'gone_at'
>;

/** What the apply step needs of the catalogue as it is. */
export interface CatalogueNow {
  /** Catalogue apps that already carry a package id of this field, by that id. */
  appsByPackage: ReadonlyMap<string, { id: number; name: string }>;
  /** Every catalogue app's name, lower-cased: names are unique in any case. */
  namesTaken: ReadonlySet<string>;
}

export interface NewApp {
  entry: IndexEntry;
  /** The index's name, or with the package id after it when another app has that name. */
  name: string;
}

export interface ApplyPlan {
  /** Packages that are a catalogue app already (the same id): linked (or linked again), with that evidence. */
  linked: Array<{ entry: IndexEntry; appId: number; evidence: string }>;
  /** Packages no app has: each becomes an app of its own. */
  created: NewApp[];
  /** Packages stored before whose facts changed (or that came back). */
  changed: Array<{ entry: IndexEntry; stored: StoredEntry }>;
  /** Packages the index no longer has: marked gone, their apps kept. */
  gone: StoredEntry[];
  /** Packages left out: no name could be made unique. */
  skipped: IndexEntry[];
}

/** The words stored as a mapping's evidence; a reader of the catalogue sees them. */
export const EVIDENCE = {
  samePackage: (label: string, id: string, app: string) => `The catalogue's ${app} has the same ${label}, ${id}.`,
  onlyHere: (index: string) => `Made from ${index}'s index: no other app had this package.`,
};

/**
 * How one index changes the catalogue, worked out without touching it. Conservative by design: a
 * package becomes an existing app only when that app already has exactly this package id; any
 * other likeness (a similar name, the same homepage) is left for the overrides file and review,
 * since a wrong mapping installs the wrong program.
 */
export function planApply(
  index: { label: string; name: string; field: PackageIdField },
  entries: readonly IndexEntry[],
  stored: readonly StoredEntry[],
  catalogue: CatalogueNow,
): ApplyPlan {
  const plan: ApplyPlan = { linked: [], created: [], changed: [], gone: [], skipped: [] };
  const before = new Map(stored.map((row) => [row.package_id, row]));
  const seen = new Set<string>();
  const names = new Set(catalogue.namesTaken);
  for (const entry of entries) {
    if (seen.has(entry.packageId)) continue;
    seen.add(entry.packageId);
    const row = before.get(entry.packageId);
    if (row && row.app_id !== null) {
      if (factsChanged(row, entry)) plan.changed.push({ entry, stored: row });
      continue;
    }
    const app = catalogue.appsByPackage.get(entry.packageId);
    if (app) {
      plan.linked.push({ entry, appId: app.id, evidence: EVIDENCE.samePackage(index.label, entry.packageId, app.name) });
      continue;
    }
    // An admin deleted the app this package made: it is not made again behind their back.
    if (row) continue;
    const name = uniqueName(entry, names);
    if (name === null) {
      plan.skipped.push(entry);
      continue;
    }
    names.add(name.toLowerCase());
    plan.created.push({ entry, name });
  }
  for (const row of stored) if (!seen.has(row.package_id) && row.gone_at === null) plan.gone.push(row);
  return plan;
}

function uniqueName(entry: IndexEntry, taken: ReadonlySet<string>): string | null {
  const name = entry.name.trim().slice(0, 100);
  if (name && !taken.has(name.toLowerCase())) return name;
  const qualified = `${name || entry.packageId} (${entry.packageId})`.slice(0, 100);
  return taken.has(qualified.toLowerCase()) ? null : qualified;
}

function factsChanged(row: StoredEntry, entry: IndexEntry): boolean {
  return (
    row.gone_at !== null ||
    row.name !== entry.name ||
    row.homepage !== entry.homepage ||
    row.publisher !== entry.publisher ||
    row.licence !== entry.licence ||
    row.version !== entry.version ||
    row.popularity !== entry.popularity
  );
}
