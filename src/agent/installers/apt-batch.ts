import type { RunResult } from '../process';
import {
  alreadyNewestVersion,
  aptStatusPackage,
  batchLog,
  classifyAptFailure,
  failureMessage,
  keptBack,
  parseAptPolicy,
  parseDpkgQuery,
} from './apt-output';
import { APT_ENV, aptBatchArgs, aptGetWithLockRetry, aptPolicyArgs, dpkgQueryArgs } from './apt-run';
import {
  cancelledOutcome,
  failedOutcome,
  INSTALL_TIMEOUT_MS,
  interruptedOutcome,
  invalidIdOutcome,
  invalidVersionOutcome,
  QUERY_TIMEOUT_MS,
  refusedOutcome,
  skippedInstalled,
  skippedNotInstalled,
  upgradeOutcome,
  versionNote,
  type BatchOutcomes,
  type InstallerDeps,
  type InstallOutcome,
  type PackageId,
} from './installer';
import { logTail } from './output';

/**
 * Several apt packages in one apt-get call (docs/install-speed.md). Every apt-get run costs
 * about a second and a half of fixed work (cache load, dpkg triggers) before it does anything,
 * so a list of apps costs one dpkg-query for all (already installed: skipped), one apt-get for
 * the rest and one dpkg-query for the versions after. Each app ends with the outcome its own
 * call would have given it:
 * - apt reads a name it does not know as a pattern only when the name has a character of one
 *   (`.` or `+`, the only ones the id grammar lets through): such names are first looked up in
 *   one `apt-cache policy`, and one the sources do not list exactly is "Not found", never handed
 *   to apt-get. Any other name can only ever match itself;
 * - a batch refused for unknown names ("Unable to locate package") reports those as not found
 *   and runs again without them;
 * - any other failed batch falls back to one call per app not installed by then, so the one
 *   failing name is reported against its app with its own message and log;
 * - a held dpkg lock is waited for once, for the whole batch; still held, every app says so;
 * - a name the sources know with nothing installable goes on its own, for apt's own words.
 */

export type BatchKind = 'install' | 'upgrade';

/** What the batch needs of the apt installer: its deps, and one app's call for the fallback. */
export interface AptBatchHost {
  deps: InstallerDeps;
  /** One app's own call; `version`: a pinned install (`installAt`, which alone may go down a version). */
  single(kind: BatchKind, id: PackageId, signal: AbortSignal, version?: string): Promise<InstallOutcome>;
}

/**
 * `pins` (an install only): the apps to install at a version, by name. One not installed yet goes
 * into the same call as `name=version`; one installed at another version may have to go down,
 * which only its own call may do (`installAt`); one already at it is skipped.
 */
export async function aptBatch(
  host: AptBatchHost,
  kind: BatchKind,
  ids: readonly PackageId[],
  signal: AbortSignal,
  onStarted?: (name: string) => void,
  pins: ReadonlyMap<string, string> = new Map(),
): Promise<BatchOutcomes> {
  const outcomes: BatchOutcomes = new Map();
  const asked = new Set<string>();
  for (const id of ids) {
    const pin = kind === 'install' ? pins.get(id.name) : undefined;
    const invalid = invalidIdOutcome('apt', id) ?? (pin === undefined ? null : invalidVersionOutcome(pin));
    if (invalid) outcomes.set(id.name, invalid);
    else asked.add(id.name);
  }
  const pinOf = (name: string) => (kind === 'install' ? pins.get(name) : undefined);
  const names = [...asked];
  if (names.length === 0) return outcomes;

  const { deps } = host;
  const patterns = kind === 'install' ? names.filter(mayBePattern) : [];
  const [before, offered] = await Promise.all([
    installedVersions(deps, names),
    patterns.length > 0 ? candidates(deps, patterns) : Promise.resolve(null),
  ]);
  const batch: string[] = [];
  const alone = new Set<string>();
  for (const name of names) {
    const version = before.get(name);
    const pin = pinOf(name);
    if (pin !== undefined && version === pin) outcomes.set(name, skippedInstalled(version));
    else if (pin !== undefined && version !== undefined) alone.add(name);
    else if (kind === 'install' && version !== undefined) outcomes.set(name, skippedInstalled(version));
    else if (kind === 'upgrade' && version === undefined) outcomes.set(name, skippedNotInstalled());
    else if (!mayBePattern(name) || kind === 'upgrade') batch.push(name);
    // apt-cache itself failed: each app's own call finds out why.
    else if (offered === 'unknown' || offered === null) alone.add(name);
    else if (!offered.has(name)) outcomes.set(name, notFound());
    else if (offered.get(name) === null) alone.add(name);
    else batch.push(name);
  }

  if (batch.length > 0) {
    const started = new Set<string>();
    const wanted = new Set(batch);
    const onLine = (line: string) => {
      const name = aptStatusPackage(line);
      if (name === null || !wanted.has(name) || started.has(name)) return;
      started.add(name);
      onStarted?.(name);
    };
    const { result, lockWaitedMs } = await aptGetWithLockRetry(deps, aptBatchArgs(kind, batch, pins), INSTALL_TIMEOUT_MS, signal, onLine);
    // Asked even after a cancel (without its signal): what dpkg finished stays finished.
    const after = await installedVersions(deps, batch);
    const ended = readBatch(kind, result, batch, before, after);
    for (const [name, outcome] of ended.outcomes) outcomes.set(name, outcome);
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'apt-get');
    const failure = classifyAptFailure(result.output);
    const unlocated = interrupted ? [] : unableToLocate(result.output).filter((name) => ended.unfinished.includes(name));
    const noSuchVersion = interrupted
      ? []
      : versionsNotFound(result.output).filter((name) => pinOf(name) !== undefined && ended.unfinished.includes(name));
    if (unlocated.length > 0 || noSuchVersion.length > 0) {
      // apt installed nothing: the unknown names are not found, the rest go again without them.
      for (const name of unlocated) outcomes.set(name, notFound());
      for (const name of noSuchVersion)
        outcomes.set(
          name,
          failedOutcome(`Version ${pinOf(name)!} of ${name} is not in the apt sources`, result.exitCode, batchLog(result.output, name)),
        );
      const rest = ended.unfinished.filter((name) => !unlocated.includes(name) && !noSuchVersion.includes(name));
      const again = await aptBatch(
        host,
        kind,
        rest.map((name) => ({ name })),
        signal,
        onStarted,
        pins,
      );
      for (const [name, outcome] of again) outcomes.set(name, outcome);
      ended.unfinished = [];
    }
    const sameForAll = interrupted ?? (failure.kind === 'lock' || failure.kind === 'not-root' ? failedAll(result, lockWaitedMs) : null);
    for (const name of ended.unfinished) {
      if (sameForAll) outcomes.set(name, { ...sameForAll, log: batchLog(result.output, name) });
      else alone.add(name);
    }
  }

  // One call each: the names to isolate, in the order asked.
  for (const name of names.filter((each) => alone.has(each))) {
    outcomes.set(name, signal.aborted ? cancelledOutcome() : await host.single(kind, { name }, signal, pinOf(name)));
  }
  return outcomes;
}

/** The outcomes a finished batch call decides, and the names it leaves to one call each. */
function readBatch(
  kind: BatchKind,
  result: RunResult,
  batch: readonly string[],
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): { outcomes: BatchOutcomes; unfinished: string[] } {
  const outcomes: BatchOutcomes = new Map();
  const unfinished: string[] = [];
  const ok = result.exitCode === 0 && !result.aborted && !result.timedOut;
  for (const name of batch) {
    const log = batchLog(result.output, name);
    const was = before.get(name);
    const now = after.get(name);
    if (kind === 'install') {
      // Installed by this call, whether or not the call as a whole went through.
      if (now !== undefined)
        outcomes.set(name, { status: 'succeeded', version: now || null, exitCode: 0, message: `Installed${versionNote(now)}`, log });
      else unfinished.push(name);
      continue;
    }
    if (ok) {
      if (now === undefined) outcomes.set(name, { ...skippedNotInstalled(), exitCode: 0, log });
      else
        outcomes.set(
          name,
          upgradeOutcome(was ?? '', now, keptBack(log, name) ? 'kept-back' : alreadyNewestVersion(log) !== null ? 'up-to-date' : null, {
            exitCode: 0,
            log,
          }),
        );
    } else if (now !== undefined && was !== undefined && now !== was) {
      // Upgraded before the call failed on another package: this app's part went through.
      outcomes.set(name, upgradeOutcome(was, now, 'upgraded', { exitCode: 0, log }));
    } else unfinished.push(name);
  }
  return { outcomes, unfinished };
}

/** A failure that is the machine's, not an app's: every app of the batch reads it. */
function failedAll(result: RunResult, lockWaitedMs: number): InstallOutcome {
  return {
    status: 'failed',
    version: null,
    exitCode: result.exitCode,
    message: failureMessage(classifyAptFailure(result.output), lockWaitedMs),
    log: logTail(result.output),
  };
}

const notFound = (): InstallOutcome => refusedOutcome(failureMessage({ kind: 'not-found' }, 0));

/** Whether apt would read this name, when no package has it, as a regular expression or glob. */
export const mayBePattern = (name: string): boolean => name.includes('.') || name.includes('+');

/** "E: Unable to locate package nosuchpkg" → the names apt did not find, in its order. */
export function unableToLocate(output: string): string[] {
  const prefix = 'E: Unable to locate package ';
  return output
    .split('\n')
    .filter((line) => line.startsWith(prefix))
    .map((line) => line.slice(prefix.length).trim());
}

/** "E: Version '9.9' for 'hello' was not found" → the names whose pinned version apt did not find (read line by line, no pattern). */
export function versionsNotFound(output: string): string[] {
  const prefix = "E: Version '";
  const suffix = "' was not found";
  return output.split('\n').flatMap((line) => {
    const text = line.trimEnd();
    if (!text.startsWith(prefix) || !text.endsWith(suffix)) return [];
    const quoted = text.slice(prefix.length, -suffix.length);
    const marker = quoted.lastIndexOf("' for '");
    return marker < 0 ? [] : [quoted.slice(marker + "' for '".length)];
  });
}

/** One dpkg-query for all the names; it exits 1 when some are unknown and still prints the others. */
async function installedVersions(deps: InstallerDeps, names: readonly string[]): Promise<Map<string, string>> {
  const result = await deps.run('dpkg-query', dpkgQueryArgs(names), { timeoutMs: QUERY_TIMEOUT_MS, env: APT_ENV });
  return parseDpkgQuery(result.stdout);
}

/**
 * One apt-cache policy for all the names: those the sources know exactly, with their candidate;
 * 'unknown' when apt-cache could not answer (a broken cache), which says nothing of any name.
 */
async function candidates(deps: InstallerDeps, names: readonly string[]): Promise<Map<string, string | null> | 'unknown'> {
  const result = await deps.run('apt-cache', aptPolicyArgs(names), { timeoutMs: QUERY_TIMEOUT_MS, env: APT_ENV });
  return result.exitCode === 0 ? parseAptPolicy(result.stdout, new Set(names)) : 'unknown';
}
