import { isValidPackageId, type PackageIdKind } from './package-ids';
import { fieldOfPackage, packageSource } from './package-managers';

/**
 * Searching a machine's package managers through its agent (docs/decisions.md, "Searching a
 * machine"). The query is typed by a person and handed by the agent, running as root, to
 * `winget search`, `brew search`, `apt-cache search`, `flatpak search` and `snap find`: it is
 * data, never an option or a pattern. The server checks it with this grammar and the agent
 * checks it again before anything runs; both refuse what does not match rather than clean it.
 */

export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 64;
/** Results kept per manager: the closest matches first (rankSearchResults). */
export const SEARCH_RESULTS_MAX = 50;
/** How long one manager may search before the agent stops it. */
export const SEARCH_MANAGER_TIMEOUT_MS = 20_000;
/** How much of one manager's output the agent reads; past it, it stops reading and says so. */
export const SEARCH_OUTPUT_MAX_BYTES = 1024 * 1024;
/** A search not finished this long after it started is over: its managers that did not answer say so. */
export const SEARCH_EXPIRY_MS = 60_000;
/** Lengths of a result's texts as the protocol carries them (50 results stay well inside a frame). */
export const SEARCH_NAME_MAX = 200;
export const SEARCH_VERSION_MAX = 100;
export const SEARCH_DESCRIPTION_MAX = 200;

/**
 * Letters, digits, space and `. - _ + @`, 2 to 64 of them, not starting with `-` (an option) nor
 * with a space. No quote, `$`, `;`, `/`, `*`, `[`, `\`, newline: nothing a shell, an option
 * parser, a glob or a regular expression could read as anything but text (apt's `.` and `+` are
 * escaped by the agent; every other manager reads the query as plain text).
 */
export const SEARCH_QUERY_PATTERN = /^[A-Za-z0-9._+@][A-Za-z0-9 ._+@-]*$/;

export function isValidSearchQuery(query: string): boolean {
  return query.length >= SEARCH_QUERY_MIN && query.length <= SEARCH_QUERY_MAX && SEARCH_QUERY_PATTERN.test(query) && !query.endsWith(' ');
}

/** What the person who typed it reads. */
export const SEARCH_QUERY_MESSAGE = `Search for 2 to 64 letters, digits, spaces or . - _ + @ (not starting with "-")`;

/** One package a manager found, as the protocol carries it and the server keeps it. */
export interface SearchResult {
  /** The manager's own id: winget id, Homebrew token, Debian package, Flatpak app id, snap name. */
  id: string;
  name: string;
  version?: string;
  description?: string;
  /** Homebrew only: a cask rather than a formula (they share names and are different packages). */
  cask?: boolean;
}

/** The package-id grammar a manager's result must pass, or null for a manager the catalogue has no ids for. */
export function searchResultKind(manager: string, result: Pick<SearchResult, 'cask'>): PackageIdKind | null {
  const field = fieldOfPackage(manager, result.cask);
  return field === null ? null : packageSource(field).kind;
}

/** Whether a result's id is one its manager could be handed: one that is not is dropped, never shown. */
export function isValidSearchResult(manager: string, result: SearchResult): boolean {
  const kind = searchResultKind(manager, result);
  return kind !== null && isValidPackageId(kind, result.id);
}

/**
 * The closest matches first: an id or name equal to the query, then one starting with it, then
 * one containing it, then the rest (matched in a description) in the manager's order. Managers
 * print alphabetically (apt) or by their own score; the cap then keeps what a person looks for.
 */
export function rankSearchResults<T extends Pick<SearchResult, 'id' | 'name'>>(results: readonly T[], query: string): T[] {
  const wanted = query.toLowerCase();
  const score = (result: T): number => {
    const id = result.id.toLowerCase();
    const name = result.name.toLowerCase();
    if (id === wanted || name === wanted) return 0;
    if (id.startsWith(wanted) || name.startsWith(wanted)) return 1;
    if (id.includes(wanted) || name.includes(wanted)) return 2;
    return 3;
  };
  return results
    .map((result, index) => ({ result, index, score: score(result) }))
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((entry) => entry.result);
}
