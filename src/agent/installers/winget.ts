import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

import type { RunResult } from '../process';
import { parseWingetSearch, wingetSearchArgs } from '../search/parsers';
import { searchManager, type ManagerSearch } from '../search/run-search';
import {
  failedOutcome,
  holdResult,
  INSTALL_TIMEOUT_MS,
  installOpening,
  interruptedOutcome,
  invalidIdOutcome,
  invalidVersionOutcome,
  QUERY_TIMEOUT_MS,
  singlePackagePlan,
  skippedInstalled,
  uninstallOpening,
  upgradeOpening,
  upgradeOutcome,
  versionNote,
  type HoldResult,
  type Installer,
  type InstallerDeps,
  type InstallOutcome,
  type InventoryEntry,
  type PackageId,
  type RemovalPlan,
  type UpgradeSaid,
} from './installer';
import { cleanLines, logTail } from './output';
import { describeWingetExitCode, normaliseWingetExitCode } from './winget-exit-codes';
import { findWingetRow, parseWingetTable, type WingetRow } from './winget-table';

/**
 * winget on Windows. Always --exact and --source winget: without them winget may pick another
 * package, or a Microsoft Store one that needs a signed-in user.
 */
const AGREE = ['--accept-source-agreements', '--disable-interactivity'];

export const wingetInstallArgs = (id: string): string[] => [
  'install',
  '--id',
  id,
  '--exact',
  '--source',
  'winget',
  '--accept-source-agreements',
  '--accept-package-agreements',
  '--disable-interactivity',
  '--silent',
];
/** A pinned install: install's flags and `--version v` (the version held to its grammar, so never an option). */
export const wingetInstallVersionArgs = (id: string, version: string): string[] => [...wingetInstallArgs(id), '--version', version];
/** winget's own pin of the installed package at that version (winget 1.5 and later). */
export const wingetPinAddArgs = (id: string, version: string): string[] => [
  'pin',
  'add',
  '--id',
  id,
  '--exact',
  '--version',
  version,
  '--source',
  'winget',
  ...AGREE,
];
export const wingetPinRemoveArgs = (id: string): string[] => ['pin', 'remove', '--id', id, '--exact', '--source', 'winget', ...AGREE];
export const wingetUninstallArgs = (id: string): string[] => [
  'uninstall',
  '--id',
  id,
  '--exact',
  '--source',
  'winget',
  ...AGREE,
  '--silent',
];
export const wingetListArgs = (id?: string): string[] =>
  id === undefined ? ['list', ...AGREE] : ['list', '--id', id, '--exact', ...AGREE];
/** Refreshes the winget source's index now, rather than when winget's own interval says. */
export const wingetSourceUpdateArgs = (): string[] => ['source', 'update', '--name', 'winget'];
/** Without an id: the table of upgradable packages (inventory). With one: upgrade it, with install's flags. */
export const wingetUpgradeArgs = (id?: string): string[] =>
  id === undefined ? ['upgrade', ...AGREE] : ['upgrade', ...wingetInstallArgs(id).slice(1)];

export const WINGET = {
  OK: 0,
  NO_APPLICATIONS_FOUND: 0x8a150014,
  MULTIPLE_APPLICATIONS_FOUND: 0x8a150016,
  UPDATE_NOT_APPLICABLE: 0x8a15002b,
  UPGRADE_VERSION_NOT_NEWER: 0x8a15004f,
  PACKAGE_ALREADY_INSTALLED: 0x8a150061,
  INSTALL_REBOOT_REQUIRED_TO_FINISH: 0x8a150109,
  INSTALL_ALREADY_INSTALLED: 0x8a15010d,
  INSTALL_DOWNGRADE: 0x8a15010e,
} as const;

/** What `winget install` meant, from its exit code first (localised text cannot be relied on), then its English output. */
export type WingetInstallResult =
  { kind: 'installed'; restartNeeded: boolean } | { kind: 'already-installed'; message: string } | { kind: 'failed'; message: string };

export function interpretWingetInstall(exitCode: number, output: string): WingetInstallResult {
  const code = normaliseWingetExitCode(exitCode);
  switch (code) {
    case WINGET.OK: {
      // Older winget exited 0 when it found the package installed and nothing newer; a
      // successful install can also print "No applicable update found." first.
      const lines = cleanLines(output);
      const installed = lines.some((line) => line.includes('Successfully installed'));
      const nothingNewer = lines.some(
        (line) => line.includes('No available upgrade found') || line.includes('Package is already installed'),
      );
      return !installed && nothingNewer
        ? { kind: 'already-installed', message: 'Already installed' }
        : { kind: 'installed', restartNeeded: false };
    }
    case WINGET.INSTALL_REBOOT_REQUIRED_TO_FINISH:
      return { kind: 'installed', restartNeeded: true };
    case WINGET.UPDATE_NOT_APPLICABLE:
    case WINGET.UPGRADE_VERSION_NOT_NEWER:
    case WINGET.PACKAGE_ALREADY_INSTALLED:
      return { kind: 'already-installed', message: 'Already installed' };
    case WINGET.INSTALL_ALREADY_INSTALLED:
      return { kind: 'already-installed', message: 'Another version is already installed' };
    case WINGET.INSTALL_DOWNGRADE:
      return { kind: 'already-installed', message: 'A newer version is already installed' };
    case WINGET.NO_APPLICATIONS_FOUND:
      return { kind: 'failed', message: 'Not found in the winget source' };
    case WINGET.MULTIPLE_APPLICATIONS_FOUND:
      return { kind: 'failed', message: 'More than one package in the winget source has this id' };
    default:
      return { kind: 'failed', message: describeWingetExitCode(code) };
  }
}

/** winget's words for "installed, nothing newer" (winget.resw; older winget exited 0 after them). */
const NOTHING_NEWER = [
  'No available upgrade found',
  'No applicable upgrade found',
  'No applicable update found',
  'No newer package versions are available',
];

export type WingetUpgradeResult = { kind: 'done'; said: UpgradeSaid; restartNeeded: boolean } | { kind: 'failed'; message: string };

/**
 * What `winget upgrade --id X` meant, from its exit code first: 0x8A15002B (UPDATE_NOT_APPLICABLE,
 * "No applicable upgrade found", winget ≥ 1.6 on an up-to-date package) and 0x8A15004F
 * (UPGRADE_VERSION_NOT_NEWER) are "nothing newer"; then, for exit 0, its English output.
 */
export function interpretWingetUpgrade(exitCode: number, output: string): WingetUpgradeResult {
  const code = normaliseWingetExitCode(exitCode);
  switch (code) {
    case WINGET.OK: {
      const lines = cleanLines(output);
      if (lines.some((line) => line.includes('Successfully installed'))) return { kind: 'done', said: 'upgraded', restartNeeded: false };
      const nothingNewer = lines.some((line) => NOTHING_NEWER.some((words) => line.includes(words)));
      return { kind: 'done', said: nothingNewer ? 'up-to-date' : null, restartNeeded: false };
    }
    case WINGET.INSTALL_REBOOT_REQUIRED_TO_FINISH:
      return { kind: 'done', said: 'upgraded', restartNeeded: true };
    case WINGET.UPDATE_NOT_APPLICABLE:
    case WINGET.UPGRADE_VERSION_NOT_NEWER:
      return { kind: 'done', said: 'up-to-date', restartNeeded: false };
    case WINGET.NO_APPLICATIONS_FOUND:
      // "No installed package found matching input criteria.": installed, but not from the winget source.
      return { kind: 'failed', message: 'winget found no installed package with this id that it can upgrade from the winget source' };
    case WINGET.MULTIPLE_APPLICATIONS_FOUND:
      return { kind: 'failed', message: 'More than one package in the winget source has this id' };
    default:
      return { kind: 'failed', message: describeWingetExitCode(code) };
  }
}

/** Installed packages among `ids`, with the newer version `upgradeRows` (or the list's Available column) offers. */
export function wingetInventory(
  ids: readonly PackageId[],
  listRows: readonly WingetRow[],
  upgradeRows: readonly WingetRow[] | null,
): InventoryEntry[] {
  return ids.flatMap((id) => {
    const row = findWingetRow(listRows, id.name);
    if (!row) return [];
    const available = upgradeRows ? (findWingetRow(upgradeRows, id.name)?.available ?? null) : row.available;
    return [{ id, installedVersion: row.version, upgradable: available !== null, availableVersion: available }];
  });
}

/**
 * Running as SYSTEM (the Windows service), winget.exe is not on PATH (a known winget
 * limitation): it lives in the App Installer package folder. The newest one found, or null.
 */
export async function findWingetExecutable(programFiles = process.env.ProgramFiles ?? 'C:\\Program Files'): Promise<string | null> {
  const apps = join(programFiles, 'WindowsApps');
  try {
    const folders = (await readdir(apps)).filter(
      (name) => name.startsWith('Microsoft.DesktopAppInstaller_') && name.endsWith('__8wekyb3d8bbwe'),
    );
    const newest = folders.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1);
    return newest ? join(apps, newest, 'winget.exe') : null;
  } catch {
    return null;
  }
}

export interface WingetOptions {
  /** The winget executable: 'winget' on PATH, or the path findWingetExecutable() gave. */
  command?: string;
}

/**
 * No `installMany`: `winget install` takes one package per call, so the agent installs a list's
 * winget apps one at a time (docs/install-speed.md).
 */
export class WingetInstaller implements Installer {
  readonly name = 'winget';
  private readonly command: string;

  constructor(
    private readonly deps: InstallerDeps,
    options: WingetOptions = {},
  ) {
    this.command = options.command ?? 'winget';
  }

  private query(args: string[]): Promise<RunResult> {
    return this.deps.run(this.command, args, { timeoutMs: QUERY_TIMEOUT_MS });
  }

  /** The winget source only (msstore ids are not winget ids Loadout installs); nothing found is an empty answer. */
  search(query: string, signal: AbortSignal): Promise<ManagerSearch> {
    return searchManager(
      'winget',
      query,
      signal,
      [{ args: wingetSearchArgs(query), parse: parseWingetSearch }],
      (args, options) => this.deps.run(this.command, args, options),
      (output) => output.includes('No package found matching input criteria'),
    );
  }

  async isAvailable(): Promise<boolean> {
    return (await this.query(['--version'])).exitCode === 0;
  }

  async prepare(): Promise<void> {
    // winget refreshes its source index itself when it is older than its own interval.
  }

  async refreshIndex(): Promise<void> {
    await this.query(wingetSourceUpdateArgs());
  }

  async installedVersion(id: PackageId): Promise<string | null> {
    if (invalidIdOutcome('winget', id)) return null;
    const result = await this.query(wingetListArgs(id.name));
    if (result.exitCode !== 0) return null; // 0x8A150014: not installed
    return findWingetRow(parseWingetTable(result.stdout), id.name)?.version ?? null;
  }

  async install(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    const stop = await installOpening(this, 'winget', id);
    if (stop) return stop;
    return this.installWith(id, wingetInstallArgs(id.name), signal);
  }

  /** A pinned install: `--version v`; winget goes down from a newer version itself. Already at it: skipped. */
  async installAt(id: PackageId, version: string, signal: AbortSignal): Promise<InstallOutcome> {
    const invalid = invalidIdOutcome('winget', id) ?? invalidVersionOutcome(version);
    if (invalid) return invalid;
    const before = await this.installedVersion(id);
    if (before === version) return skippedInstalled(before);
    return this.installWith(id, wingetInstallVersionArgs(id.name, version), signal);
  }

  /** `winget pin add --version`: `winget upgrade --all` and the Store leave the package at that version. */
  async hold(id: PackageId, version: string, signal: AbortSignal): Promise<HoldResult> {
    const invalid = invalidIdOutcome('winget', id) ?? invalidVersionOutcome(version);
    if (invalid) return { ok: false, message: invalid.message };
    const result = await this.deps.run(this.command, wingetPinAddArgs(id.name, version), { timeoutMs: QUERY_TIMEOUT_MS, signal });
    return holdResult(result, 'pinned with winget pin', 'winget pin');
  }

  async releaseHold(id: PackageId, signal: AbortSignal): Promise<HoldResult> {
    const invalid = invalidIdOutcome('winget', id);
    if (invalid) return { ok: false, message: invalid.message };
    const result = await this.deps.run(this.command, wingetPinRemoveArgs(id.name), { timeoutMs: QUERY_TIMEOUT_MS, signal });
    return holdResult(result, 'unpinned with winget pin', 'winget pin');
  }

  private async installWith(id: PackageId, args: string[], signal: AbortSignal): Promise<InstallOutcome> {
    const result = await this.deps.run(this.command, args, { timeoutMs: INSTALL_TIMEOUT_MS, signal });
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'winget');
    if (interrupted) return interrupted;
    const exitCode = normaliseWingetExitCode(result.exitCode!);
    const log = logTail(result.output);
    const meaning = interpretWingetInstall(exitCode, result.output);
    if (meaning.kind === 'failed') return failedOutcome(meaning.message, exitCode, log);
    const version = await this.installedVersion(id);
    if (meaning.kind === 'already-installed')
      return {
        status: 'skipped',
        version,
        exitCode,
        message: `${meaning.message}${versionNote(version)}`,
        log,
        // Only this exact package as asked; another or a newer version installed is not "done".
        ...(meaning.message === 'Already installed' ? { alreadyDone: true as const } : {}),
      };
    const message = `Installed${versionNote(version)}${meaning.restartNeeded ? '; restart the PC to finish' : ''}`;
    return { status: 'succeeded', version, exitCode, message, log };
  }

  removalPlan(id: PackageId): Promise<RemovalPlan> {
    return singlePackagePlan(this, id);
  }

  async uninstall(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    const opening = await uninstallOpening(this, 'winget', id);
    if (opening.stop) return opening.stop;
    const { before } = opening;
    const result = await this.deps.run(this.command, wingetUninstallArgs(id.name), { timeoutMs: INSTALL_TIMEOUT_MS, signal });
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'winget');
    if (interrupted) return interrupted;
    const exitCode = normaliseWingetExitCode(result.exitCode!);
    const log = logTail(result.output);
    if (exitCode === WINGET.OK)
      return { status: 'succeeded', version: before || null, exitCode, message: `Removed${versionNote(before)}`, log };
    return failedOutcome(describeWingetExitCode(exitCode), exitCode, log);
  }

  async upgrade(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    const opening = await upgradeOpening(this, 'winget', id);
    if (opening.stop) return opening.stop;
    const { before } = opening;
    const result = await this.deps.run(this.command, wingetUpgradeArgs(id.name), { timeoutMs: INSTALL_TIMEOUT_MS, signal });
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'winget');
    if (interrupted) return interrupted;
    const exitCode = normaliseWingetExitCode(result.exitCode!);
    const log = logTail(result.output);
    const meaning = interpretWingetUpgrade(exitCode, result.output);
    if (meaning.kind === 'failed') return failedOutcome(meaning.message, exitCode, log);
    const after = await this.installedVersion(id);
    return upgradeOutcome(before, after, meaning.said, {
      exitCode,
      log,
      note: meaning.restartNeeded ? '; restart the PC to finish' : '',
    });
  }

  async inventory(ids: readonly PackageId[]): Promise<InventoryEntry[]> {
    const wanted = ids.filter((id) => !invalidIdOutcome('winget', id));
    if (wanted.length === 0) return [];
    const list = await this.query(wingetListArgs());
    if (list.exitCode !== 0) return [];
    const upgrade = await this.query(wingetUpgradeArgs());
    // `winget upgrade` exits non-zero when nothing is upgradable in some versions; its table is what counts.
    const upgradeRows = upgrade.exitCode === null ? null : parseWingetTable(upgrade.stdout);
    return wingetInventory(wanted, parseWingetTable(list.stdout), upgradeRows);
  }
}
