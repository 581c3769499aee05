import type { RunResult } from '../process';
import { flatpakSearchArgs, parseFlatpakSearch } from '../search/parsers';
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
import { cleanLines, logTail } from './output';
import { installVerified } from './verified-batch';

/**
 * Flatpak apps from Flathub. As root (the agent's service) apps go into the system
 * installation, for every user of the machine; otherwise into the user's own (--user), which
 * needs no password. --noninteractive: without it flatpak draws its transaction table and
 * progress even through a pipe (flatpak-install-y-without-noninteractive.txt).
 */
export type FlatpakScope = '--system' | '--user';
export const FLATHUB_URL = 'https://dl.flathub.org/repo/flathub.flatpakrepo';
const FLATPAK_ENV = { LC_ALL: 'C', LANGUAGE: 'C' } as const;
const COLUMNS = ['application', 'version'] as const;

export const flatpakInstallArgs = (name: string, scope: FlatpakScope): string[] => [
  'install',
  scope,
  '-y',
  '--noninteractive',
  'flathub',
  name,
];
/** Several apps in one transaction: one dependency resolution, runtimes shared between them fetched once. */
export const flatpakInstallManyArgs = (names: readonly string[], scope: FlatpakScope): string[] => [
  'install',
  scope,
  '-y',
  '--noninteractive',
  'flathub',
  ...names,
];
export const flatpakUpdateArgs = (name: string, scope: FlatpakScope): string[] => ['update', scope, '-y', '--noninteractive', name];
/** `--delete-data` also removes the app's data folder (~/.var/app/ID). */
export const flatpakUninstallArgs = (name: string, scope: FlatpakScope, deleteData = false): string[] => [
  'uninstall',
  scope,
  '-y',
  '--noninteractive',
  ...(deleteData ? ['--delete-data'] : []),
  name,
];
/** Both installations: an app the system already has counts as installed for a user too. */
/**
 * `flatpak mask`: updates (and installs) of the masked id are refused until the mask is removed.
 * Its argument is a pattern to flatpak; an id held to the Flatpak grammar has no `*`, so it masks
 * exactly that app. Flatpak cannot install a version by number (only a commit): no `installAt`.
 */
export const flatpakMaskArgs = (name: string, scope: FlatpakScope): string[] => ['mask', scope, '--', name];
export const flatpakUnmaskArgs = (name: string, scope: FlatpakScope): string[] => ['mask', scope, '--remove', '--', name];
export const flatpakListArgs = (): string[] => ['list', '--app', `--columns=${COLUMNS.join(',')}`];
export const flatpakUpdatesArgs = (): string[] => ['remote-ls', '--updates', '--app', `--columns=${COLUMNS.join(',')}`];
export const flatpakRemoteAddArgs = (scope: FlatpakScope): string[] => ['remote-add', scope, '--if-not-exists', 'flathub', FLATHUB_URL];

/** Tab-separated rows of `--columns=…` output (no header when piped), as records keyed by column. */
export function parseFlatpakColumns(stdout: string, columns: readonly string[]): Array<Record<string, string>> {
  return stdout.split('\n').flatMap((line) => {
    const cells = line.split('\t');
    if (cells.length < columns.length || line.trim() === '') return [];
    return [Object.fromEntries(columns.map((column, index) => [column, cells[index]!.trim()]))];
  });
}

/** application id → version ('' when the app declares none). */
export function flatpakVersions(stdout: string): Map<string, string> {
  const versions = new Map<string, string>();
  for (const row of parseFlatpakColumns(stdout, COLUMNS))
    if (row.application && !versions.has(row.application)) versions.set(row.application, row.version ?? '');
  return versions;
}

export type FlatpakInstallResult = { kind: 'installed' } | { kind: 'already-installed' } | { kind: 'failed'; message: string };

export function interpretFlatpakInstall(exitCode: number, output: string): FlatpakInstallResult {
  const lines = cleanLines(output);
  const has = (needle: string) => lines.some((line) => line.includes(needle));
  if (has('Skipping: ') && has('is already installed')) return { kind: 'already-installed' };
  if (exitCode === 0) return { kind: 'installed' };
  if (has('Nothing matches ') || has('No remote refs found similar to')) return { kind: 'failed', message: 'Not found on Flathub' };
  const remoteMissing = lines.some(
    (line) => line.includes('flathub') && (line.includes('No remote refs found for') || line.includes('not found')),
  );
  if (remoteMissing) return { kind: 'failed', message: 'The Flathub remote is not set up on this machine' };
  const error = lines.find((line) => line.startsWith('error: '));
  return { kind: 'failed', message: error ? error.slice('error: '.length) : `flatpak failed with exit code ${exitCode}` };
}

export type FlatpakUpdateResult = { kind: 'done'; said: UpgradeSaid } | { kind: 'failed'; message: string };

/**
 * What `flatpak update -y --noninteractive ID` meant: "Nothing to do." when nothing is newer,
 * "Updating app/ID/…" for each ref it updates (flatpak-update-*.txt). Apps often declare no
 * version, so these words decide rather than the versions.
 */
export function interpretFlatpakUpdate(exitCode: number, output: string, name: string): FlatpakUpdateResult {
  const lines = cleanLines(output);
  if (exitCode === 0) {
    if (lines.some((line) => line.trim() === 'Nothing to do.')) return { kind: 'done', said: 'up-to-date' };
    const updating = lines.some((line) => line.startsWith('Updating ') && line.includes(`/${name}/`));
    return { kind: 'done', said: updating ? 'upgraded' : null };
  }
  const meaning = interpretFlatpakInstall(exitCode, output);
  return meaning.kind === 'failed' ? meaning : { kind: 'failed', message: `flatpak failed with exit code ${exitCode}` };
}

/** "Installing app/org.mozilla.firefox/x86_64/stable" → org.mozilla.firefox, when it is one of `names`. */
export function flatpakStartedOn(line: string, names: ReadonlySet<string>): string | null {
  if (!line.startsWith('Installing ')) return null;
  const name = line.split('/')[1];
  return name !== undefined && names.has(name) ? name : null;
}

export class FlatpakInstaller implements Installer {
  readonly name = 'flatpak';
  private readonly scope: FlatpakScope;

  constructor(private readonly deps: InstallerDeps) {
    this.scope = deps.isRoot ? '--system' : '--user';
  }

  private flatpak(args: string[], timeoutMs: number, signal?: AbortSignal): Promise<RunResult> {
    return this.deps.run('flatpak', args, { timeoutMs, signal, env: FLATPAK_ENV });
  }

  /** Searches the remotes' appstream data the machine already has; "No matches found" is an empty answer. */
  search(query: string, signal: AbortSignal): Promise<ManagerSearch> {
    return searchManager(
      'flatpak',
      query,
      signal,
      [{ args: flatpakSearchArgs(query), parse: parseFlatpakSearch }],
      (args, options) => this.deps.run('flatpak', args, { ...options, env: FLATPAK_ENV }),
      (output) => output.includes('No matches found'),
    );
  }

  async isAvailable(): Promise<boolean> {
    return (await this.flatpak(['--version'], QUERY_TIMEOUT_MS)).exitCode === 0;
  }

  /** Adds Flathub to this installation when it is missing (a --user installation starts with no remotes). */
  async prepare(signal?: AbortSignal): Promise<void> {
    await this.flatpak(flatpakRemoteAddArgs(this.scope), QUERY_TIMEOUT_MS, signal);
  }

  async installedVersion(id: PackageId): Promise<string | null> {
    if (invalidIdOutcome('flatpak', id)) return null;
    const result = await this.flatpak(flatpakListArgs(), QUERY_TIMEOUT_MS);
    return flatpakVersions(result.stdout).get(id.name) ?? null;
  }

  async hold(id: PackageId, _version: string, signal: AbortSignal): Promise<HoldResult> {
    return this.mask(id, true, signal);
  }

  async releaseHold(id: PackageId, signal: AbortSignal): Promise<HoldResult> {
    return this.mask(id, false, signal);
  }

  private async mask(id: PackageId, on: boolean, signal: AbortSignal): Promise<HoldResult> {
    const invalid = invalidIdOutcome('flatpak', id);
    if (invalid) return { ok: false, message: invalid.message };
    const args = on ? flatpakMaskArgs(id.name, this.scope) : flatpakUnmaskArgs(id.name, this.scope);
    const result = await this.flatpak(args, QUERY_TIMEOUT_MS, signal);
    return holdResult(result, on ? 'masked with flatpak mask' : 'unmasked with flatpak mask --remove', 'flatpak');
  }

  async install(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    const stop = await installOpening(this, 'flatpak', id);
    if (stop) return stop;

    const result = await this.flatpak(flatpakInstallArgs(id.name, this.scope), INSTALL_TIMEOUT_MS, signal);
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'flatpak');
    if (interrupted) return interrupted;
    const log = logTail(result.output);
    const meaning = interpretFlatpakInstall(result.exitCode!, result.output);
    if (meaning.kind === 'failed') return failedOutcome(meaning.message, result.exitCode, log);
    const version = await this.installedVersion(id);
    if (meaning.kind === 'already-installed') return { ...skippedInstalled(version ?? '', log), exitCode: result.exitCode };
    return { status: 'succeeded', version: version || null, exitCode: result.exitCode, message: `Installed${versionNote(version)}`, log };
  }

  installMany(ids: readonly PackageId[], signal: AbortSignal, onStarted?: (name: string) => void): Promise<BatchOutcomes> {
    return installVerified(
      {
        program: 'flatpak',
        idKind: 'flatpak',
        installed: async () => flatpakVersions((await this.flatpak(flatpakListArgs(), QUERY_TIMEOUT_MS)).stdout),
        installAll: (names, batchSignal, onLine) =>
          this.deps.run('flatpak', flatpakInstallManyArgs(names, this.scope), {
            timeoutMs: INSTALL_TIMEOUT_MS,
            signal: batchSignal,
            env: FLATPAK_ENV,
            onLine,
          }),
        installOne: (id, oneSignal) => this.install(id, oneSignal),
        startedOn: flatpakStartedOn,
      },
      ids,
      signal,
      onStarted,
    );
  }

  removalPlan(id: PackageId): Promise<RemovalPlan> {
    return singlePackagePlan(this, id);
  }

  canPurge(): boolean {
    return true;
  }

  async uninstall(id: PackageId, signal: AbortSignal, consent?: UninstallConsent): Promise<InstallOutcome> {
    const opening = await uninstallOpening(this, 'flatpak', id);
    if (opening.stop) return opening.stop;
    const { before } = opening;
    const result = await this.flatpak(flatpakUninstallArgs(id.name, this.scope, consent?.purge === true), INSTALL_TIMEOUT_MS, signal);
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'flatpak');
    if (interrupted) return interrupted;
    const log = logTail(result.output);
    if (result.exitCode === 0)
      return { status: 'succeeded', version: before || null, exitCode: 0, message: `Removed${versionNote(before)}`, log };
    const meaning = interpretFlatpakInstall(result.exitCode!, result.output);
    return failedOutcome(meaning.kind === 'failed' ? meaning.message : 'flatpak uninstall failed', result.exitCode, log);
  }

  async upgrade(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    const opening = await upgradeOpening(this, 'flatpak', id);
    if (opening.stop) return opening.stop;
    const { before } = opening;
    const result = await this.flatpak(flatpakUpdateArgs(id.name, this.scope), INSTALL_TIMEOUT_MS, signal);
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'flatpak');
    if (interrupted) return interrupted;
    const log = logTail(result.output);
    const meaning = interpretFlatpakUpdate(result.exitCode!, result.output, id.name);
    if (meaning.kind === 'failed') return failedOutcome(meaning.message, result.exitCode, log);
    return upgradeOutcome(before, await this.installedVersion(id), meaning.said, { exitCode: result.exitCode, log });
  }

  async inventory(ids: readonly PackageId[]): Promise<InventoryEntry[]> {
    const wanted = ids.filter((id) => !invalidIdOutcome('flatpak', id));
    if (wanted.length === 0) return [];
    const installed = flatpakVersions((await this.flatpak(flatpakListArgs(), QUERY_TIMEOUT_MS)).stdout);
    if (!wanted.some((id) => installed.has(id.name))) return [];
    const updates = flatpakVersions((await this.flatpak(flatpakUpdatesArgs(), QUERY_TIMEOUT_MS)).stdout);
    return wanted.flatMap((id) => {
      const version = installed.get(id.name);
      if (version === undefined) return [];
      const update = updates.get(id.name);
      return [{ id, installedVersion: version, upgradable: update !== undefined, availableVersion: update || null }];
    });
  }
}
