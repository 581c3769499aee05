import {
  isValidSearchQuery,
  isValidSearchResult,
  rankSearchResults,
  SEARCH_DESCRIPTION_MAX,
  SEARCH_MANAGER_TIMEOUT_MS,
  SEARCH_NAME_MAX,
  SEARCH_OUTPUT_MAX_BYTES,
  SEARCH_RESULTS_MAX,
  SEARCH_VERSION_MAX,
  type SearchResult,
} from '@shared/machine-search';

import type { RunOptions, RunResult } from '../process';
import { oneLine } from '../safe-text';

/** What one manager found: at most SEARCH_RESULTS_MAX valid results, closest first. */
export interface ManagerSearch {
  results: SearchResult[];
  /** More matched than are kept, or the output was cut at SEARCH_OUTPUT_MAX_BYTES or by the timeout. */
  truncated: boolean;
  /** Why the manager could not search (it failed, did not answer in time); absent when it did. */
  error?: string;
}

/** One call of a manager's search: its arguments, and how to read what it printed. */
export interface SearchCall {
  args: string[];
  parse: (stdout: string) => SearchResult[];
}

/** Runs the manager's program with these arguments (bound to its command, environment and user). */
export type SearchRunner = (args: string[], options: RunOptions) => Promise<RunResult>;

/**
 * A manager's search, bounded: the query held to its grammar again (nothing runs for one that
 * does not match, whatever the server checked), each call limited in time and in how much output
 * is read, every result's id held to the manager's package-id grammar, texts cut to the protocol's
 * lengths, then ranked and capped.
 *
 * `nothingFound`: what the manager says, with a failing exit code, when nothing matched (brew
 * exits 1 with "No formulae or casks found"): that is an empty answer, not a failure.
 */
export async function searchManager(
  manager: string,
  query: string,
  signal: AbortSignal,
  calls: readonly SearchCall[],
  run: SearchRunner,
  nothingFound: (output: string) => boolean = () => false,
): Promise<ManagerSearch> {
  if (!isValidSearchQuery(query)) return { results: [], truncated: false, error: 'Not a valid search: nothing was run' };
  const found: SearchResult[] = [];
  let truncated = false;
  let error: string | undefined;
  for (const call of calls) {
    if (signal.aborted) break;
    // Past SEARCH_OUTPUT_MAX_BYTES the program is stopped: nothing more is read or waited for.
    const enough = new AbortController();
    let read = 0;
    const result = await run(call.args, {
      timeoutMs: SEARCH_MANAGER_TIMEOUT_MS,
      signal: AbortSignal.any([signal, enough.signal]),
      stdoutCapBytes: SEARCH_OUTPUT_MAX_BYTES,
      tailBytes: 4096,
      onLine: (line) => {
        read += line.length + 1;
        if (read > SEARCH_OUTPUT_MAX_BYTES) enough.abort();
      },
    });
    const cut = result.stdoutTruncated || enough.signal.aborted;
    // A cut output's last line may be cut too: it is left out.
    const stdout = cut ? result.stdout.slice(0, Math.max(0, result.stdout.lastIndexOf('\n'))) : result.stdout;
    found.push(...call.parse(stdout));
    if (cut || result.timedOut) truncated = true;
    error ??= failure(manager, result, nothingFound);
  }
  const seen = new Set<string>();
  const valid = found.filter((entry) => {
    const key = `${entry.cask ? 'cask' : ''}:${entry.id}`;
    if (seen.has(key) || !isValidSearchResult(manager, entry)) return false;
    seen.add(key);
    return true;
  });
  const ranked = rankSearchResults(valid, query);
  const results = ranked.slice(0, SEARCH_RESULTS_MAX).map(fitted);
  return {
    results,
    truncated: truncated || ranked.length > SEARCH_RESULTS_MAX,
    // Results found before a timeout are still worth showing; the error says why there may be more.
    ...(error && (results.length === 0 || truncated) ? { error } : {}),
  };
}

function failure(manager: string, result: RunResult, nothingFound: (output: string) => boolean): string | undefined {
  if (result.aborted) return undefined;
  if (result.spawnError) return `${manager} could not be started: ${oneLine(result.spawnError, 200)}`;
  if (result.timedOut) return `${manager} did not finish searching within ${SEARCH_MANAGER_TIMEOUT_MS / 1000} s`;
  if (result.exitCode === 0 || nothingFound(result.output)) return undefined;
  const last = result.output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .at(-1);
  return oneLine(`${manager} failed (exit code ${result.exitCode ?? 'none'})${last ? `: ${last}` : ''}`, 300);
}

function fitted(result: SearchResult): SearchResult {
  const name = oneLine(result.name, SEARCH_NAME_MAX) || result.id;
  const version = result.version === undefined ? '' : oneLine(result.version, SEARCH_VERSION_MAX);
  const description = result.description === undefined ? '' : oneLine(result.description, SEARCH_DESCRIPTION_MAX);
  return {
    id: result.id,
    name,
    ...(version ? { version } : {}),
    ...(description ? { description } : {}),
    ...(result.cask ? { cask: true } : {}),
  };
}
