/** Formatters shared by the web app and the server (SPEC §9). */

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

/** A list's size: the sum of its items' kilobytes / 1024 / 1024, in GB with 2 decimals. */
export function formatListSizeGb(items: ReadonlyArray<{ file_size_kb?: number | null; size_kb?: number | null }>): string {
  const kb = items.reduce((sum, item) => sum + (item.file_size_kb ?? item.size_kb ?? 0), 0);
  return `${(kb / 1024 / 1024).toFixed(2)} GB`;
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
