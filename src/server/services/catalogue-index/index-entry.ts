import type { PackageIdField } from '@shared/api/catalogue';

/**
 * One package of a manager's index that a person would choose to install, as the catalogue keeps
 * it: facts from the index (its id, name, homepage, publisher, licence, version, popularity),
 * never its description. A sync turns a whole index into these; the apply step maps each onto an
 * app (catalogue-apply.ts).
 */
export interface IndexEntry {
  field: PackageIdField;
  packageId: string;
  name: string;
  homepage: string;
  publisher: string;
  licence: string;
  version: string;
  /** In the index's own measure (installs, votes); 0 when it publishes none. */
  popularity: number;
  /** One of INDEX_CATEGORIES. */
  category: IndexCategory;
  /** KiB once installed, when the index says. */
  installedSizeKb: number | null;
}

/**
 * The categories an index's apps are filed under: the curated catalogue's, and two that only
 * indexes fill (scientific software and system tools are a large share of Debian).
 */
export const INDEX_CATEGORIES = [
  'Browsers',
  'Communication',
  'Media',
  'Development',
  'Utilities',
  'Office',
  'Games',
  'Security',
  'Science',
  'System',
] as const;
export type IndexCategory = (typeof INDEX_CATEGORIES)[number];
