import { isValidPackageId } from '@shared/package-ids';

import type { RunResult } from '../process';
import { classifyAptFailure } from './apt-output';
import type { InstallerDeps } from './installer';

/**
 * How the apt installer calls apt-get: its arguments and environment, and the wait for a held
 * dpkg lock (unattended-upgrades after boot) — by apt itself for APT_LOCK_WAIT_SECONDS, then by
 * retrying here — which is never reported as a failure of an app until the wait runs out.
 */

/** English, parseable messages; no debconf or needrestart prompts. */
export const APT_ENV = { DEBIAN_FRONTEND: 'noninteractive', NEEDRESTART_MODE: 'a', LC_ALL: 'C', LANGUAGE: 'C' } as const;
export const APT_LOCK_WAIT_SECONDS = 300;
/** How long to keep retrying while another program holds the lock, in all. */
export const APT_LOCK_BUDGET_MS = 15 * 60_000;
const LOCK_RETRY_PAUSE_MS = 20_000;

const lockOption = ['-o', `DPkg::Lock::Timeout=${APT_LOCK_WAIT_SECONDS}`];
/** Keep the local version of a changed configuration file instead of asking. */
const confOptions = ['-o', 'Dpkg::Options::=--force-confdef', '-o', 'Dpkg::Options::=--force-confold'];
/**
 * A batch: downloads from several hosts at once (`access`: one queue per URI, not per host) and
 * apt's machine-readable progress on stdout ("pmstatus:hello:20:Unpacking hello"), so each app
 * shows "Installing" when apt reaches it.
 */
const batchOptions = ['-o', 'Acquire::Queue-Mode=access', '-o', 'APT::Status-Fd=1'];

/*
 * Every name goes after `--`, so even an id that slipped past the grammar is never an option.
 * Installs and upgrades run with `--no-remove`: apt may resolve a conflict by removing other
 * packages, and nothing is removed that the person did not see (they fail instead).
 */
export const aptInstallArgs = (name: string): string[] => ['install', '-y', '--no-remove', ...lockOption, ...confOptions, '--', name];
/**
 * A pinned install: `name=version` after `--` (both held to their grammars, so the pair is one
 * literal package and version, never an option or a pattern), alone in its call, and the only
 * call that may go down a version (`--allow-downgrades`): pinning 1.0 where 2.0 is installed.
 */
export const aptInstallVersionArgs = (name: string, version: string): string[] => [
  'install',
  '-y',
  '--no-remove',
  '--allow-downgrades',
  ...lockOption,
  ...confOptions,
  '--',
  `${name}=${version}`,
];
/**
 * apt's own hold is dpkg's selection `hold`: `apt-get upgrade`, unattended-upgrades and `apt
 * install` leave a held package where it is, and `apt-mark showhold` lists it. The agent reads
 * and sets the selection with dpkg itself, as apt-mark does underneath: apt-mark first loads
 * apt's whole cache, 0.75 s a call here, which made a pinned app cost 1.5 s more than the rest
 * of its list together.
 */
export const dpkgStatusArgs = (name: string): string[] => ['-W', '-f=${Status}\n', '--', name];
/** A selection is one line on dpkg's standard input: `name hold`, `name install` (what `apt-mark unhold` sets). */
export const DPKG_SET_SELECTIONS_ARGS: readonly string[] = ['--set-selections'];

/**
 * The line for `dpkg --set-selections`. The name is checked here as well as by the caller: on
 * a line of its own a space or line end in it would be a second selection.
 */
export function dpkgSelectionLine(name: string, selection: 'hold' | 'install'): string {
  if (!isValidPackageId('apt', name)) throw new Error(`Not a valid apt package name: ${JSON.stringify(name)}`);
  return `${name} ${selection}\n`;
}
/** `--only-upgrade`: a package that is not installed is skipped, never installed. */
export const aptUpgradeArgs = (name: string): string[] => [
  'install',
  '-y',
  '--only-upgrade',
  '--no-remove',
  ...lockOption,
  ...confOptions,
  '--',
  name,
];
/**
 * Several packages in one call: one cache load, one dpkg run, one set of triggers. A pinned app
 * (`pins`: name → version, both already held to their grammars) goes in as `name=version`, after
 * `--` like every name. Never `--allow-downgrades` here: it would hold for every package of the
 * call, a dependency of an unpinned app too; an app that may have to go down gets its own call
 * (apt-batch.ts), and a batch that would downgrade anything fails and falls back to those.
 */
export const aptBatchArgs = (
  kind: 'install' | 'upgrade',
  names: readonly string[],
  pins: ReadonlyMap<string, string> = new Map(),
): string[] => [
  'install',
  '-y',
  ...(kind === 'upgrade' ? ['--only-upgrade'] : []),
  '--no-remove',
  ...lockOption,
  ...confOptions,
  ...batchOptions,
  '--',
  ...names.map((name) => (kind === 'install' && pins.has(name) ? `${name}=${pins.get(name)!}` : name)),
];
/** `purge` also removes the configuration, which `remove` keeps (apt's `rc` state). */
export const aptRemoveArgs = (name: string, purge = false): string[] => [purge ? 'purge' : 'remove', '-y', ...lockOption, '--', name];
export const aptUpdateArgs = (): string[] => ['update', ...lockOption];
export const dpkgQueryArgs = (names: readonly string[]): string[] => ['-W', '-f=${Package}\t${Status}\t${Version}\n', '--', ...names];
/** Names in apt's cache that start with `prefix`, read literally (never as a pattern). */
export const aptPkgnamesArgs = (prefix: string): string[] => ['pkgnames', '--', prefix];
/**
 * What the sources offer for each name, in one call. apt-cache reads a name it does not know as
 * a pattern and answers for the packages it matches: only a header naming the package exactly
 * counts (parseAptPolicy).
 */
export const aptPolicyArgs = (names: readonly string[]): string[] => ['policy', '--', ...names];

/**
 * Runs apt-get; while it fails because another program holds the lock (apt older than 1.9.11
 * ignores DPkg::Lock::Timeout and fails at once), waits and tries again within the budget.
 */
export async function aptGetWithLockRetry(
  deps: InstallerDeps,
  args: string[],
  timeoutMs: number,
  signal?: AbortSignal,
  onLine?: (line: string) => void,
): Promise<{ result: RunResult; lockWaitedMs: number }> {
  const started = deps.now();
  for (;;) {
    const result = await deps.run('apt-get', args, { timeoutMs, signal, env: APT_ENV, onLine });
    const waited = deps.now() - started;
    const lockBusy = result.exitCode !== 0 && result.exitCode !== null && classifyAptFailure(result.output).kind === 'lock';
    if (!lockBusy || waited >= APT_LOCK_BUDGET_MS || signal?.aborted) return { result, lockWaitedMs: waited };
    await deps.sleep(LOCK_RETRY_PAUSE_MS, signal);
  }
}
