import type { RunResult } from '../process';
import { parseSnapFind, snapFindArgs } from '../search/parsers';
import { searchManager, type ManagerSearch } from '../search/run-search';
import {
  failedOutcome,
  holdResult,
  INSTALL_TIMEOUT_MS,
  installOpening,
  interruptedOutcome,
  invalidIdOutcome,
  QUERY_TIMEOUT_MS,
  singlePackagePlan,
  skippedInstalled,
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
  type UpgradeSaid,
} from './installer';
import { between, cleanLines, logTail, words } from './output';
import { installVerified } from './verified-batch';

/**
 * Snap. Run with LANGUAGE=C LC_ALL=C (German headers otherwise); its output carries \r
 * progress frames and ANSI escapes even through a pipe, which cleanLines removes.
 * A snap published with classic confinement is installed again with --classic: the catalogue
 * is curated by the admin, and such snaps (editors, IDEs) cannot be installed any other way.
 */
export const SNAP_ENV = { LANGUAGE: 'C', LC_ALL: 'C' } as const;

export const snapInstallArgs = (name: string, classic = false): string[] => ['install', ...(classic ? ['--classic'] : []), name];
/** Several snaps in one call (a classic one is refused there and goes on its own, with --classic). */
export const snapInstallManyArgs = (names: readonly string[]): string[] => ['install', ...names];
export const snapRefreshArgs = (name: string): string[] => ['refresh', name];
/** snapd's hold: no automatic or manual refresh moves the snap until it is unheld (snapd 2.58 and later). */
export const snapHoldArgs = (name: string): string[] => ['refresh', '--hold=forever', '--', name];
export const snapUnholdArgs = (name: string): string[] => ['refresh', '--unhold', '--', name];
/** `--purge` removes the snap without keeping the snapshot of its data snapd otherwise saves. */
export const snapRemoveArgs = (name: string, purge = false): string[] => ['remove', ...(purge ? ['--purge'] : []), name];
export const snapListArgs = (name?: string): string[] => ['list', '--color=never', ...(name ? [name] : [])];
export const snapRefreshListArgs = (): string[] => ['refresh', '--list', '--color=never'];

/** `snap list` / `snap refresh --list`: a header line, then rows whose first two words are name and version. */
export function parseSnapTable(stdout: string): Map<string, string> {
  const rows = cleanLines(stdout).filter((line) => line.trim() !== '');
  const versions = new Map<string, string>();
  for (const line of rows.slice(1)) {
    const [name, version] = words(line);
    if (name && version) versions.set(name, version);
  }
  return versions;
}

export type SnapInstallResult =
  | { kind: 'installed'; version: string | null }
  | { kind: 'already-installed' }
  | { kind: 'needs-classic' }
  | { kind: 'failed'; message: string };

export function interpretSnapInstall(exitCode: number, output: string, name: string): SnapInstallResult {
  const lines = cleanLines(output);
  const has = (needle: string) => lines.some((line) => line.includes(needle));
  if (has(`snap "${name}" is already installed`)) return { kind: 'already-installed' };
  if (exitCode === 0) {
    // "microk8s (1.27/stable) v1.27.2 from Canonical** installed"
    const done = lines.find((line) => line.startsWith(`${name} `) && line.endsWith(' installed'));
    return { kind: 'installed', version: done ? between(done, ') ', ' from ') : null };
  }
  if (has('published using classic confinement')) return { kind: 'needs-classic' };
  if (has(`snap "${name}" not found`) || has(`no snap found for "${name}"`))
    return { kind: 'failed', message: 'Not found in the Snap Store' };
  const error = lines.find((line) => line.startsWith('error: '));
  return { kind: 'failed', message: error ? error.slice('error: '.length) : `snap failed with exit code ${exitCode}` };
}

export type SnapRefreshResult = { kind: 'done'; said: UpgradeSaid; version: string | null } | { kind: 'failed'; message: string };

/**
 * What `snap refresh NAME` meant: "node (12/stable) 12.0.0 from NodeSource, Inc. (nodesource✓)
 * refreshed" when it refreshed; 'snap "NAME" has no updates available' (or "All snaps up to
 * date.") when nothing is newer.
 */
export function interpretSnapRefresh(exitCode: number, output: string, name: string): SnapRefreshResult {
  const lines = cleanLines(output);
  const has = (needle: string) => lines.some((line) => line.includes(needle));
  if (exitCode === 0) {
    if (has(`snap "${name}" has no updates available`) || has('All snaps up to date'))
      return { kind: 'done', said: 'up-to-date', version: null };
    const done = lines.find((line) => line.startsWith(`${name} `) && line.endsWith(' refreshed'));
    return done ? { kind: 'done', said: 'upgraded', version: between(done, ') ', ' from ') } : { kind: 'done', said: null, version: null };
  }
  if (has(`snap "${name}" not found`) || has(`no snap found for "${name}"`))
    return { kind: 'failed', message: 'Not found in the Snap Store' };
  const error = lines.find((line) => line.startsWith('error: '));
  return { kind: 'failed', message: error ? error.slice('error: '.length) : `snap failed with exit code ${exitCode}` };
}

export class SnapInstaller implements Installer {
  readonly name = 'snap';

  constructor(private readonly deps: InstallerDeps) {}

  private snap(args: string[], timeoutMs: number, signal?: AbortSignal): Promise<RunResult> {
    return this.deps.run('snap', args, { timeoutMs, signal, env: SNAP_ENV });
  }

  /** Asks the Snap Store through snapd; "No matching snaps" is an empty answer. */
  search(query: string, signal: AbortSignal): Promise<ManagerSearch> {
    return searchManager(
      'snap',
      query,
      signal,
      [{ args: snapFindArgs(query), parse: parseSnapFind }],
      (args, options) => this.deps.run('snap', args, { ...options, env: SNAP_ENV }),
      (output) => output.includes('No matching snaps'),
    );
  }

  async isAvailable(): Promise<boolean> {
    return (await this.snap(['version'], QUERY_TIMEOUT_MS)).exitCode === 0;
  }

  async prepare(): Promise<void> {
    // snapd refreshes its own metadata.
  }

  async installedVersion(id: PackageId): Promise<string | null> {
    if (invalidIdOutcome('snap', id)) return null;
    // Exits 1 with "error: no matching snaps installed" when it is not.
    const result = await this.snap(snapListArgs(id.name), QUERY_TIMEOUT_MS);
    return result.exitCode === 0 ? (parseSnapTable(result.stdout).get(id.name) ?? null) : null;
  }

  installMany(ids: readonly PackageId[], signal: AbortSignal, onStarted?: (name: string) => void): Promise<BatchOutcomes> {
    return installVerified(
      {
        program: 'snap',
        idKind: 'snap',
        // Exits 1 with "No snaps are installed yet" on a machine with none.
        installed: async () => parseSnapTable((await this.snap(snapListArgs(), QUERY_TIMEOUT_MS)).stdout),
        installAll: (names, batchSignal, onLine) =>
          this.deps.run('snap', snapInstallManyArgs(names), { timeoutMs: INSTALL_TIMEOUT_MS, signal: batchSignal, env: SNAP_ENV, onLine }),
        installOne: (id, oneSignal) => this.install(id, oneSignal),
        // snap draws its progress in frames, not a line per snap: each app shows "Installing" when its outcome is known.
        startedOn: () => null,
      },
      ids,
      signal,
      onStarted,
    );
  }

  /**
   * Snap installs a channel or a revision, not a version by number (no `installAt`); `snap refresh
   * --hold=forever` then holds the revision installed.
   */
  async hold(id: PackageId, _version: string, signal: AbortSignal): Promise<HoldResult> {
    return this.holdCall(id, true, signal);
  }

  async releaseHold(id: PackageId, signal: AbortSignal): Promise<HoldResult> {
    return this.holdCall(id, false, signal);
  }

  private async holdCall(id: PackageId, on: boolean, signal: AbortSignal): Promise<HoldResult> {
    const invalid = invalidIdOutcome('snap', id);
    if (invalid) return { ok: false, message: invalid.message };
    const result = await this.snap(on ? snapHoldArgs(id.name) : snapUnholdArgs(id.name), QUERY_TIMEOUT_MS, signal);
    return holdResult(result, on ? 'held with snap refresh --hold' : 'released with snap refresh --unhold', 'snap');
  }

  async install(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    const stop = await installOpening(this, 'snap', id);
    if (stop) return stop;

    let result = await this.snap(snapInstallArgs(id.name), INSTALL_TIMEOUT_MS, signal);
    let meaning = result.exitCode === null ? null : interpretSnapInstall(result.exitCode, result.output, id.name);
    if (meaning?.kind === 'needs-classic') {
      result = await this.snap(snapInstallArgs(id.name, true), INSTALL_TIMEOUT_MS, signal);
      meaning = result.exitCode === null ? null : interpretSnapInstall(result.exitCode, result.output, id.name);
    }
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'snap');
    if (interrupted || !meaning) return interrupted!;
    const log = logTail(result.output);
    switch (meaning.kind) {
      case 'installed': {
        const version = (await this.installedVersion(id)) ?? meaning.version;
        return { status: 'succeeded', version, exitCode: result.exitCode, message: `Installed${versionNote(version)}`, log };
      }
      case 'already-installed':
        return { ...skippedInstalled((await this.installedVersion(id)) ?? '', log), exitCode: result.exitCode };
      case 'needs-classic':
        return failedOutcome('Needs classic confinement, which this system refused', result.exitCode, log);
      case 'failed':
        return failedOutcome(meaning.message, result.exitCode, log);
    }
  }

  removalPlan(id: PackageId): Promise<RemovalPlan> {
    return singlePackagePlan(this, id);
  }

  canPurge(): boolean {
    return true;
  }

  async uninstall(id: PackageId, signal: AbortSignal, consent?: UninstallConsent): Promise<InstallOutcome> {
    const opening = await uninstallOpening(this, 'snap', id);
    if (opening.stop) return opening.stop;
    const { before } = opening;
    const result = await this.snap(snapRemoveArgs(id.name, consent?.purge === true), INSTALL_TIMEOUT_MS, signal);
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'snap');
    if (interrupted) return interrupted;
    const log = logTail(result.output);
    if (result.exitCode === 0) return { status: 'succeeded', version: before, exitCode: 0, message: `Removed${versionNote(before)}`, log };
    const error = cleanLines(result.output).find((line) => line.startsWith('error: '));
    return failedOutcome(error ? error.slice('error: '.length) : 'snap remove failed', result.exitCode, log);
  }

  async upgrade(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    const opening = await upgradeOpening(this, 'snap', id);
    if (opening.stop) return opening.stop;
    const { before } = opening;
    const result = await this.snap(snapRefreshArgs(id.name), INSTALL_TIMEOUT_MS, signal);
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'snap');
    if (interrupted) return interrupted;
    const log = logTail(result.output);
    const meaning = interpretSnapRefresh(result.exitCode!, result.output, id.name);
    if (meaning.kind === 'failed') return failedOutcome(meaning.message, result.exitCode, log);
    const after = (await this.installedVersion(id)) ?? meaning.version;
    return upgradeOutcome(before, after, meaning.said, { exitCode: result.exitCode, log });
  }

  async inventory(ids: readonly PackageId[]): Promise<InventoryEntry[]> {
    const wanted = ids.filter((id) => !invalidIdOutcome('snap', id));
    if (wanted.length === 0) return [];
    const installed = parseSnapTable((await this.snap(snapListArgs(), QUERY_TIMEOUT_MS)).stdout);
    if (!wanted.some((id) => installed.has(id.name))) return [];
    // "All snaps up to date." goes to stderr; stdout then holds no table.
    const updates = parseSnapTable((await this.snap(snapRefreshListArgs(), QUERY_TIMEOUT_MS)).stdout);
    return wanted.flatMap((id) => {
      const version = installed.get(id.name);
      if (version === undefined) return [];
      const available = updates.get(id.name) ?? null;
      return [{ id, installedVersion: version, upgradable: available !== null, availableVersion: available }];
    });
  }
}
