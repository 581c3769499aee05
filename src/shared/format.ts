/** Formatters shared by the web app and the server (the product's wording and thresholds). */

/** "Just now", "5m ago", "3h ago" up to 1440 minutes, then "2d ago"; missing → "Never". */
export function formatLastActive(lastActive: string | Date | null | undefined, now: Date = new Date()): string {
  if (lastActive === null || lastActive === undefined || lastActive === '') return 'Never';
  const at = lastActive instanceof Date ? lastActive : new Date(lastActive);
  if (Number.isNaN(at.getTime())) return 'Never';
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  if (minutes < 1440) return `${Math.floor(minutes / 60)}h ago`;
  return `${Math.floor(minutes / 1440)}d ago`;
}

/** One app's size in MB (GB from 1 GB on), or null when it is not known: then nothing is shown. */
export function formatAppSize(kb: number | null | undefined): string | null {
  if (kb === null || kb === undefined || !Number.isFinite(kb) || kb <= 0) return null;
  if (kb >= 1024 * 1024) return `${(kb / 1024 / 1024).toFixed(2)} GB`;
  return `${Math.max(0.1, kb / 1024).toFixed(1)} MB`;
}

/**
 * A list's size: the sum of the known sizes / 1024 / 1024, in GB with 2 decimals. Apps whose
 * size is not known count for nothing in the sum, and the text says how many there are rather
 * than passing the sum off as the whole ("1.23 GB (size of 2 apps unknown)"). Said as a note on
 * the sum, not as "+ 2 apps": beside "3 apps" that read as if the list had five.
 */
export function formatListSize(knownKb: number, unknownCount: number): string {
  const apps = unknownCount === 1 ? '1 app' : `${unknownCount} apps`;
  if (unknownCount > 0 && knownKb <= 0) return 'size unknown';
  const gb = `${(Math.max(0, knownKb) / 1024 / 1024).toFixed(2)} GB`;
  return unknownCount > 0 ? `${gb} (size of ${apps} unknown)` : gb;
}

/** formatListSize over a list's items; an item's size is in file_size_kb or size_kb, null when unknown. */
export function formatListSizeGb(items: ReadonlyArray<{ file_size_kb?: number | null; size_kb?: number | null }>): string {
  let knownKb = 0;
  let unknownCount = 0;
  for (const item of items) {
    const kb = item.file_size_kb ?? item.size_kb ?? null;
    if (kb === null) unknownCount += 1;
    else knownKb += kb;
  }
  return formatListSize(knownKb, unknownCount);
}

/** Platform names as their makers write them; an unknown platform keeps its id. */
const PLATFORM_DISPLAY_NAMES: Readonly<Record<string, string>> = {
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  android: 'Android',
  ios: 'iOS',
};

export function platformDisplayName(platform: string): string {
  return PLATFORM_DISPLAY_NAMES[platform] ?? platform;
}

const COUNT = new Intl.NumberFormat('en-US');

/** A count as the product writes one: 14,413. */
export function formatCount(count: number): string {
  return COUNT.format(count);
}
