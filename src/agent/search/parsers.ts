import type { SearchResult } from '@shared/machine-search';

import { cleanLines } from '../installers/output';
import { parseWingetTable } from '../installers/winget-table';

/**
 * What each package manager prints for a search, read line by line: every parser looks at each
 * line once, with string scans rather than backtracking patterns, so output of any shape costs
 * time in proportion to its length (and the agent reads at most SEARCH_OUTPUT_MAX_BYTES of it).
 * Parsers keep what looks like a result; the caller then drops every id its manager's grammar
 * refuses (src/shared/machine-search.ts), so a line read wrongly is never offered for install.
 */

/** The arguments of each search: the query is one argument, after `--` where the manager takes it. */
export const aptSearchArgs = (query: string): string[] => ['search', '--', aptLiteral(query)];
/** winget's parser takes no `--`: the query is the value of `--query`, and never starts with `-`. */
export const wingetSearchArgs = (query: string): string[] => [
  'search',
  '--query',
  query,
  '--source',
  'winget',
  '--accept-source-agreements',
  '--disable-interactivity',
];
export const brewSearchArgs = (query: string, cask: boolean): string[] => ['search', cask ? '--cask' : '--formula', '--', query];
export const flatpakSearchArgs = (query: string): string[] => ['search', '--', query];
export const snapFindArgs = (query: string): string[] => ['find', '--', query];

/**
 * apt-cache search reads its argument as a POSIX regular expression: the query's `.` and `+`
 * (the only characters of the query grammar that mean something there) are escaped, so
 * `g++` finds "g++" and `1.2` does not find "132".
 */
export function aptLiteral(query: string): string {
  let out = '';
  for (const char of query) out += char === '.' || char === '+' ? `\\${char}` : char;
  return out;
}

/** `name - description`, one package a line. */
export function parseAptSearch(stdout: string): SearchResult[] {
  const results: SearchResult[] = [];
  for (const line of cleanLines(stdout)) {
    const cut = line.indexOf(' - ');
    if (cut <= 0) continue;
    const id = line.slice(0, cut).trim();
    results.push({ id, name: id, description: line.slice(cut + 3).trim() });
  }
  return results;
}

/** winget's table (Name, Id, Version, maybe Match, Source); a cut id ("Foo.Ba…") is no id at all. */
export function parseWingetSearch(stdout: string): SearchResult[] {
  return parseWingetTable(stdout)
    .filter((row) => !row.idTruncated)
    .map((row) => ({
      id: row.id,
      name: row.name || row.id,
      ...(row.version && row.version !== 'Unknown' ? { version: row.version } : {}),
    }));
}

/**
 * Homebrew prints one token a line through a pipe, and columns under `==> Formulae` / `==> Casks`
 * on a terminal; a header switches between formulae and casks. Tap-qualified names
 * (`homebrew/core/node`, `user/tap/x`) are kept here and refused by the grammar afterwards.
 */
export function parseBrewSearch(stdout: string, cask: boolean): SearchResult[] {
  const results: SearchResult[] = [];
  let inCasks = cask;
  for (const line of cleanLines(stdout)) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    if (trimmed.startsWith('==>')) {
      inCasks = trimmed.includes('Cask');
      continue;
    }
    // Sentences (hints, warnings, "No formulae or casks found") are not names.
    if (trimmed.includes(': ') || trimmed.endsWith('.') || trimmed.endsWith(':')) continue;
    for (const token of trimmed.split(/\s+/))
      if (token !== '') results.push({ id: token, name: token, ...(inCasks ? { cask: true } : {}) });
  }
  return results;
}

/**
 * `flatpak search`: through a pipe, tab-separated rows without a header in its default columns
 * (name, description, application, version, branch, remotes); on a terminal, a header and columns
 * padded with spaces, found by the header's positions. An elided id ("…t.cozic.joplin") is refused
 * by the grammar afterwards.
 */
export function parseFlatpakSearch(stdout: string): SearchResult[] {
  const results: SearchResult[] = [];
  let columns: { id: number; version: number; branch: number; description: number } | null = null;
  for (const line of cleanLines(stdout)) {
    if (line.trim() === '') continue;
    if (line.includes('\t')) {
      const [name = '', description = '', id = '', version = ''] = line.split('\t');
      results.push(flatpakResult(id, name, version, description));
      continue;
    }
    if (line.startsWith('Name ') && line.includes('Application ID')) {
      columns = {
        description: line.indexOf('Description'),
        id: line.indexOf('Application ID'),
        version: line.indexOf('Version'),
        branch: line.indexOf('Branch'),
      };
      continue;
    }
    if (!columns || columns.id < 0 || columns.version < columns.id || columns.branch < columns.version) continue;
    results.push(
      flatpakResult(
        line.slice(columns.id, columns.version),
        line.slice(0, columns.description > 0 ? columns.description : columns.id),
        line.slice(columns.version, columns.branch),
        columns.description > 0 ? line.slice(columns.description, columns.id) : '',
      ),
    );
  }
  return results;
}

function flatpakResult(id: string, name: string, version: string, description: string): SearchResult {
  const trimmedName = name.trim();
  return {
    id: id.trim(),
    name: trimmedName || id.trim(),
    ...(version.trim() ? { version: version.trim() } : {}),
    ...(description.trim() ? { description: description.trim() } : {}),
  };
}

/**
 * `snap find`: a header (Name, Version, Publisher, Notes, Summary) and rows padded with spaces.
 * Names and versions hold no spaces, so they are the first two words; the summary starts where
 * its header does.
 */
export function parseSnapFind(stdout: string): SearchResult[] {
  const results: SearchResult[] = [];
  let summaryAt = -1;
  for (const line of cleanLines(stdout)) {
    if (line.startsWith('Name ') && line.includes(' Summary')) {
      summaryAt = line.indexOf('Summary');
      continue;
    }
    if (summaryAt < 0) continue;
    const words = line.trim().split(/\s+/, 2);
    const [id = '', version = ''] = words;
    if (id === '') continue;
    const summary = line.length > summaryAt ? line.slice(summaryAt).trim() : '';
    results.push({ id, name: id, ...(version ? { version } : {}), ...(summary ? { description: summary } : {}) });
  }
  return results;
}
