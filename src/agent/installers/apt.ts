import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

import type { RunResult } from '../process';
import { aptSearchArgs, parseAptSearch } from '../search/parsers';
import { searchManager, type ManagerSearch } from '../search/run-search';
import { aptBatch, type AptBatchHost } from './apt-batch';
import {
  alreadyNewestVersion,
  classifyAptFailure,
  failureMessage,
  keptBack,
  listsNeedUpdate,
  parseAptUpgradable,
  parseDpkgQuery,
  type AptUpgrade,
} from './apt-output';
import { aptSimulateArgs, checkAptRemoval, namesOf, parseSimulatedRemovals } from './apt-removal';
import {
  APT_ENV,
  aptGetWithLockRetry,
  aptInstallArgs,
  aptInstallVersionArgs,
  aptPkgnamesArgs,
  aptRemoveArgs,
  aptUpdateArgs,
  aptUpgradeArgs,
  DPKG_SET_SELECTIONS_ARGS,
  dpkgQueryArgs,
  dpkgSelectionLine,
  dpkgStatusArgs,
} from './apt-run';
import {
  agentRuntimePath,
  failedOutcome,
  holdResult,
  INSTALL_TIMEOUT_MS,
  installOpening,
  interruptedOutcome,
  invalidIdOutcome,
  invalidVersionOutcome,
  QUERY_TIMEOUT_MS,
  refusedOutcome,
  skippedInstalled,
  skippedNotInstalled,
  uninstallOpening,
  upgradeOpening,
  upgradeOutcome,
  versionNote,
  type BatchOutcomes,
  type HoldResult,
  type Installer,
  type InstallerDeps,
  type InstallOutcome,
  type InventoryEntry,
  type PackageId,
  type RemovalPlan,
  type UninstallConsent,
} from './installer';
import { logTail } from './output';

export * from './apt-output';
export * from './apt-run';

/**
 * apt on Debian and Ubuntu. One app at a time (`install`), or several in one apt-get call
 * (`installMany`, apt-batch.ts; docs/install-speed.md). apt refuses a whole install line for
 * one unknown name and reads an unknown name with `.` or `+` as a pattern, so such names are
 * checked against the sources first, and a failed batch falls back to one call per app. A held
 * dpkg lock is waited for (apt-run.ts).
 */

const UPDATE_TIMEOUT_MS = 10 * 60_000;

export interface AptOptions {
  /** Where apt keeps its downloaded lists; a test points it elsewhere. */
  listsDir?: string;
  /** The program the agent runs on, whose package is never removed; a test names another. */
  runtimePath?: string;
}

export class AptInstaller implements Installer {
  readonly name = 'apt';
  private readonly listsDir: string;
  private readonly runtimePath: string;

  constructor(
    private readonly deps: InstallerDeps,
    options: AptOptions = {},
  ) {
    this.listsDir = options.listsDir ?? '/var/lib/apt/lists';
    this.runtimePath = options.runtimePath ?? agentRuntimePath();
  }

  /** Reads apt's lists only (no lock): it may run beside an install. */
  search(query: string, signal: AbortSignal): Promise<ManagerSearch> {
    return searchManager('apt', query, signal, [{ args: aptSearchArgs(query), parse: parseAptSearch }], (args, options) =>
      this.deps.run('apt-cache', args, { ...options, env: APT_ENV }),
    );
  }

  async isAvailable(): Promise<boolean> {
    const result = await this.deps.run('apt-get', ['--version'], { timeoutMs: QUERY_TIMEOUT_MS, env: APT_ENV });
    return result.exitCode === 0;
  }

  async prepare(signal?: AbortSignal): Promise<void> {
    if (!(await this.listsAreStale())) return;
    // Failures are left to the installs that follow: each reports its own reason.
    await this.withLockRetry(aptUpdateArgs(), UPDATE_TIMEOUT_MS, signal);
  }

  async refreshIndex(signal?: AbortSignal): Promise<void> {
    await this.withLockRetry(aptUpdateArgs(), UPDATE_TIMEOUT_MS, signal);
  }

  private async listsAreStale(): Promise<boolean> {
    try {
      const names = await readdir(this.listsDir);
      const files = await Promise.all(names.map(async (name) => ({ name, mtimeMs: (await stat(join(this.listsDir, name))).mtimeMs })));
      return listsNeedUpdate(files, this.deps.now());
    } catch {
      return true;
    }
  }

  async installedVersion(id: PackageId): Promise<string | null> {
    if (invalidIdOutcome('apt', id)) return null;
    const result = await this.deps.run('dpkg-query', dpkgQueryArgs([id.name]), { timeoutMs: QUERY_TIMEOUT_MS, env: APT_ENV });
    return parseDpkgQuery(result.stdout).get(id.name) ?? null;
  }

  async install(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    const stop = await installOpening(this, 'apt', id);
    if (stop) return stop;
    // apt reads a name it does not know exactly as a pattern (`python3.1` would match every
    // python3.1x package): install only a name the sources list as it is.
    if (!(await this.inSources(id.name))) return refusedOutcome(failureMessage({ kind: 'not-found' }, 0));

    const { result, lockWaitedMs } = await this.withLockRetry(aptInstallArgs(id.name), INSTALL_TIMEOUT_MS, signal);
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'apt-get');
    if (interrupted) return interrupted;
    const log = logTail(result.output);
    if (result.exitCode === 0) {
      const newest = alreadyNewestVersion(result.output);
      if (newest !== null) return skippedInstalled(newest, log);
      const version = await this.installedVersion(id);
      return { status: 'succeeded', version, exitCode: 0, message: `Installed${versionNote(version)}`, log };
    }
    return failedOutcome(await this.failure(result, lockWaitedMs, 'install', id), result.exitCode, log);
  }

  /**
   * A pinned install: exactly `version`, going down from a newer one if need be. The version must
   * be one the sources offer ("Version '9.9' for 'hello' was not found" otherwise).
   */
  async installAt(id: PackageId, version: string, signal: AbortSignal): Promise<InstallOutcome> {
    const invalid = invalidIdOutcome('apt', id) ?? invalidVersionOutcome(version);
    if (invalid) return invalid;
    const before = await this.installedVersion(id);
    if (before === version) return skippedInstalled(before);
    if (!(await this.inSources(id.name))) return refusedOutcome(failureMessage({ kind: 'not-found' }, 0));

    const { result, lockWaitedMs } = await this.withLockRetry(aptInstallVersionArgs(id.name, version), INSTALL_TIMEOUT_MS, signal);
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'apt-get');
    if (interrupted) return interrupted;
    const log = logTail(result.output);
    if (result.exitCode === 0) {
      const after = await this.installedVersion(id);
      const message = before ? `Changed from ${before} to ${after ?? version}` : `Installed${versionNote(after)}`;
      return { status: 'succeeded', version: after, exitCode: 0, message, log };
    }
    // "E: Version '9.9' for 'hello' was not found", read line by line (linear, no pattern).
    if (result.output.split('\n').some((line) => line.startsWith("E: Version '") && line.trimEnd().endsWith("' was not found")))
      return failedOutcome(`Version ${version} of ${id.name} is not in the apt sources`, result.exitCode, log);
    return failedOutcome(await this.failure(result, lockWaitedMs, 'install', id), result.exitCode, log);
  }

  /** apt's hold (dpkg's selection, apt-run.ts says why not apt-mark): no upgrade, by Loadout or anything else, moves it until released. */
  async hold(id: PackageId, _version: string, signal: AbortSignal): Promise<HoldResult> {
    // A hold the person set themselves stays theirs: Loadout neither takes it over nor, later, releases it.
    const invalid = invalidIdOutcome('apt', id);
    if (invalid) return { ok: false, message: invalid.message };
    const status = await this.deps.run('dpkg-query', dpkgStatusArgs(id.name), { timeoutMs: QUERY_TIMEOUT_MS, signal, env: APT_ENV });
    if (status.exitCode === 0 && status.stdout.startsWith('hold '))
      return { ok: true, preexisting: true, message: 'already held (apt-mark hold)' };
    return this.select(id, 'hold', signal);
  }

  async releaseHold(id: PackageId, signal: AbortSignal): Promise<HoldResult> {
    return this.select(id, 'install', signal);
  }

  private async select(id: PackageId, selection: 'hold' | 'install', signal: AbortSignal): Promise<HoldResult> {
    const invalid = invalidIdOutcome('apt', id);
    if (invalid) return { ok: false, message: invalid.message };
    const result = await this.deps.run('dpkg', DPKG_SET_SELECTIONS_ARGS, {
      timeoutMs: QUERY_TIMEOUT_MS,
      signal,
      env: APT_ENV,
      input: dpkgSelectionLine(id.name, selection),
    });
    return holdResult(result, selection === 'hold' ? 'held (apt-mark hold)' : 'released (apt-mark unhold)', 'dpkg');
  }

  /** Why apt-get failed; for an install that would remove packages, which ones (from apt's simulation). */
  private async failure(result: RunResult, lockWaitedMs: number, action: 'install', id: PackageId): Promise<string> {
    const failure = classifyAptFailure(result.output);
    if (failure.kind !== 'would-remove') return failureMessage(failure, lockWaitedMs);
    const simulated = await this.deps.run('apt-get', aptSimulateArgs(action, id.name), { timeoutMs: QUERY_TIMEOUT_MS, env: APT_ENV });
    const removes = parseSimulatedRemovals(simulated.stdout);
    if (removes.length === 0) return failureMessage(failure, lockWaitedMs);
    return `Installing ${id.name} would remove ${namesOf(removes)}: Loadout never removes packages during an install, so nothing was changed`;
  }

  private async inSources(name: string): Promise<boolean> {
    const result = await this.deps.run('apt-cache', aptPkgnamesArgs(name), { timeoutMs: QUERY_TIMEOUT_MS, env: APT_ENV });
    return result.stdout.split('\n').some((line) => line.trim() === name);
  }

  async removalPlan(id: PackageId): Promise<RemovalPlan> {
    const invalid = invalidIdOutcome('apt', id);
    if (invalid) return { installedVersion: null, removes: [], refused: invalid.message };
    const installedVersion = await this.installedVersion(id);
    if (installedVersion === null) return { installedVersion, removes: [], refused: null };
    const check = await checkAptRemoval(this.deps.run, APT_ENV, id.name, this.runtimePath);
    return { installedVersion, removes: check.removes, refused: check.refused ?? check.error };
  }

  canPurge(): boolean {
    return true;
  }

  async uninstall(id: PackageId, signal: AbortSignal, consent: UninstallConsent = { alsoRemove: [] }): Promise<InstallOutcome> {
    const opening = await uninstallOpening(this, 'apt', id);
    if (opening.stop) return opening.stop;
    const { plan, before } = opening;
    // Checked again here, not only when the person looked: the machine may have changed since.
    const allowed = new Set([id.name, ...consent.alsoRemove]);
    const unseen = plan.removes.filter((entry) => !allowed.has(entry.name));
    if (unseen.length > 0)
      return refusedOutcome(
        `Removing ${id.name} would also remove ${namesOf(unseen)}, which you did not confirm: nothing was removed. Uninstall it from the device page to see the whole list`,
      );

    const { result, lockWaitedMs } = await this.withLockRetry(aptRemoveArgs(id.name, consent.purge === true), INSTALL_TIMEOUT_MS, signal);
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'apt-get');
    if (interrupted) return interrupted;
    const log = logTail(result.output);
    if (result.exitCode === 0)
      return { status: 'succeeded', version: before || null, exitCode: 0, message: `Removed${versionNote(before)}`, log };
    return failedOutcome(failureMessage(classifyAptFailure(result.output), lockWaitedMs), result.exitCode, log);
  }

  async upgrade(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    const opening = await upgradeOpening(this, 'apt', id);
    if (opening.stop) return opening.stop;
    const { before } = opening;

    const { result, lockWaitedMs } = await this.withLockRetry(aptUpgradeArgs(id.name), INSTALL_TIMEOUT_MS, signal);
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'apt-get');
    if (interrupted) return interrupted;
    const log = logTail(result.output);
    if (result.exitCode !== 0) {
      return failedOutcome(await this.failure(result, lockWaitedMs, 'install', id), result.exitCode, log);
    }
    // "Skipping hello, it is not installed and only upgrades are requested." (removed meanwhile).
    const after = await this.installedVersion(id);
    if (after === null) return { ...skippedNotInstalled(), exitCode: 0, log };
    // dpkg's versions decide: apt-get kept it back, said "already the newest version", or the version moved.
    const said = keptBack(result.output, id.name) ? 'kept-back' : alreadyNewestVersion(result.output) !== null ? 'up-to-date' : null;
    return upgradeOutcome(before, after, said, { exitCode: 0, log });
  }

  installMany(ids: readonly PackageId[], signal: AbortSignal, onStarted?: (name: string) => void): Promise<BatchOutcomes> {
    return aptBatch(this.batchHost, 'install', ids, signal, onStarted);
  }

  /** `installMany` with some apps at a version: `name=version` in the same apt-get call (apt-batch.ts). */
  installManyAt(
    ids: readonly PackageId[],
    pins: ReadonlyMap<string, string>,
    signal: AbortSignal,
    onStarted?: (name: string) => void,
  ): Promise<BatchOutcomes> {
    return aptBatch(this.batchHost, 'install', ids, signal, onStarted, pins);
  }

  upgradeMany(ids: readonly PackageId[], signal: AbortSignal, onStarted?: (name: string) => void): Promise<BatchOutcomes> {
    return aptBatch(this.batchHost, 'upgrade', ids, signal, onStarted);
  }

  /** A failed batch falls back to these calls, one app each. */
  private get batchHost(): AptBatchHost {
    return {
      deps: this.deps,
      single: (kind, id, signal, version) => {
        if (kind === 'upgrade') return this.upgrade(id, signal);
        return version === undefined ? this.install(id, signal) : this.installAt(id, version, signal);
      },
    };
  }

  async inventory(ids: readonly PackageId[]): Promise<InventoryEntry[]> {
    const names = ids.filter((id) => !invalidIdOutcome('apt', id)).map((id) => id.name);
    if (names.length === 0) return [];
    // dpkg-query exits 1 when some names are unknown and still prints the others.
    const query = await this.deps.run('dpkg-query', dpkgQueryArgs(names), { timeoutMs: QUERY_TIMEOUT_MS, env: APT_ENV });
    const installed = parseDpkgQuery(query.stdout);
    if (installed.size === 0) return [];
    const list = await this.deps.run('apt', ['list', '--upgradable'], { timeoutMs: QUERY_TIMEOUT_MS, env: APT_ENV });
    const upgradable = list.exitCode === 0 ? parseAptUpgradable(list.stdout) : new Map<string, AptUpgrade>();
    return names.flatMap((name) => {
      const version = installed.get(name);
      if (version === undefined) return [];
      const available = upgradable.get(name) ?? null;
      return [
        {
          id: { name },
          installedVersion: version,
          upgradable: available !== null,
          availableVersion: available?.version ?? null,
          security: available?.security ?? false,
        },
      ];
    });
  }

  private withLockRetry(args: string[], timeoutMs: number, signal?: AbortSignal) {
    return aptGetWithLockRetry(this.deps, args, timeoutMs, signal);
  }
}
