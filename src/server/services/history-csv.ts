import type { HistoryEntry } from '@shared/api/history';

const COLUMNS: readonly [string, (entry: HistoryEntry) => string | number | null][] = [
  ['When (UTC)', (entry) => entry.createdAt],
  ['Device', (entry) => entry.deviceName],
  ['App', (entry) => entry.appName],
  ['List', (entry) => entry.listName],
  ['Action', (entry) => entry.kind],
  ['Outcome', (entry) => entry.outcome],
  ['Package manager', (entry) => entry.manager],
  ['Version before', (entry) => entry.versionBefore],
  ['Version after', (entry) => entry.versionAfter],
  ['Message', (entry) => entry.message],
];

/**
 * One CSV cell (RFC 4180). Text a spreadsheet would read as a formula (= + - @, or a leading
 * tab or carriage return) gets a leading apostrophe first: names and messages come from
 * people and from package managers (OWASP "CSV injection").
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The history as a CSV file: a header row, then one row per entry, CRLF line ends. */
export function historyCsv(entries: readonly HistoryEntry[]): string {
  const lines = [COLUMNS.map(([title]) => csvCell(title)).join(',')];
  for (const entry of entries) lines.push(COLUMNS.map(([, cell]) => csvCell(cell(entry))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
