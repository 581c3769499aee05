import { SEARCH_RESULTS_MAX, type SearchResult } from '@shared/machine-search';

import type { RunResult } from '../process';
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

/**
 * Chocolatey (`choco`, version 2) on Windows, through its default sources. Each id goes after
 * `--`, where choco's option parser stops reading options (its documentation does not promise
 * it); the id grammar already keeps an id from starting with `-` or `/` (choco's other option
 * prefix), so neither safeguard depends on the other.
 */
const CONFIRM = ['--yes', '--no-progress'];

export const chocoInstallArgs = (id: string): string[] => ['install', ...CONFIRM, '--', id];
/** A pinned install: `--version`, and a downgrade allowed for this one package (held to its grammar, so never an option). */
export const chocoInstallVersionArgs = (id: string, version: string): string[] => [
  'install',
  ...CONFIRM,
  `--version=${version}`,
  '--allow-downgrade',
  '--',
  id,
];
/** `--fail-on-not-installed`: `choco upgrade` otherwise installs a package that is not there. */
export const chocoUpgradeArgs = (id: string): string[] => ['upgrade', ...CONFIRM, '--fail-on-not-installed', '--', id];
export const chocoUninstallArgs = (id: string): string[] => ['uninstall', ...CONFIRM, '--', id];
/** The installed packages (Chocolatey 2 lists only those), or the one with this exact id: `name|version` lines. */
export const chocoListArgs = (id?: string): string[] =>
  id === undefined ? ['list', '--limit-output'] : ['list', '--exact', '--limit-output', '--', id];
/**
 * `name|current|available|pinned` for each installed package a source has a newer version of.
 * Pinned packages are left out, as `winget upgrade` leaves out winget's: choco would not upgrade them.
 */
export const chocoOutdatedArgs = (): string[] => ['outdated', '--limit-output', '--ignore-unfound', '--ignore-pinned'];
/** The first page only: without `--page` choco pages through every match. */
export const chocoSearchArgs = (query: string): string[] => [
  'search',
  '--limit-output',
  '--page=0',
  `--page-size=${SEARCH_RESULTS_MAX}`,
  '--',
  query,
];
/** choco's pin names the installed version: it fails when another version is installed. */
export const chocoPinAddArgs = (id: string, version: string): string[] => ['pin', 'add', `--name=${id}`, `--version=${version}`];
export const chocoPinRemoveArgs = (id: string): string[] => ['pin', 'remove', `--name=${id}`];

/**
 * Chocolatey's exit codes, as it documents them for each command. 2 means "nothing to do" only
 * with the useEnhancedExitCodes feature, and only for the commands that document it.
 */
export const CHOCO = {
  OK: 0,
  NOTHING_TO_DO: 2,
  REBOOT_PENDING: 350,
  SUSPENDED_FOR_REBOOT: 1604,
  SOFTWARE_NOT_INSTALLED: 1605,
  PRODUCT_UNINSTALLED: 1614,
  REBOOT_INITIATED: 1641,
  REBOOT_REQUIRED: 3010,
} as const;

const RESTART_NOTE = '; restart the PC to finish';
const PIN_UNCHANGED = 'Nothing to change. Pin already set or removed.';

const needsRestart = (code: number) => code === CHOCO.REBOOT_INITIATED || code === CHOCO.REBOOT_REQUIRED;
/** choco exits -1 on some errors, which the agent receives unsigned. */
const signed = (code: number) => (code > 0x7fffffff ? code - 0x100000000 : code);

export function describeChocoExitCode(code: number): string {
  if (code === CHOCO.REBOOT_PENDING) return 'A restart is pending: Chocolatey changed nothing until the PC restarts (exit code 350)';
  if (code === CHOCO.SUSPENDED_FOR_REBOOT) return 'Chocolatey stopped for a restart before it finished (exit code 1604)';
  return `Chocolatey failed with exit code ${signed(code)}`;
}

/** The line where choco names this package (any case) and says `words` of it: about this package, not a dependency. */
function lineAbout(lines: readonly string[], id: string, words: string): string | null {
  const start = `${id.toLowerCase()} `;
  return lines.find((line) => line.trimStart().toLowerCase().startsWith(start) && line.includes(words)) ?? null;
}

/** Why choco failed, from its "Failures" summary (` - id - reason`, ` - id (exited 1) - reason`), with the exit code. */
function failureMessage(code: number, lines: readonly string[], id: string): string {
  const prefix = ` - ${id.toLowerCase()} `;
  const summary = lines.find((line) => line.toLowerCase().startsWith(prefix));
  const cut = summary?.indexOf(' - ', prefix.length - 1) ?? -1;
  if (!summary || cut < 0 || code === CHOCO.REBOOT_PENDING || code === CHOCO.SUSPENDED_FOR_REBOOT) return describeChocoExitCode(code);
  return `${summary.slice(cut + 3, cut + 203).trim()} (Chocolatey exit code ${signed(code)})`;
}

export type ChocoInstallResult =
  { kind: 'installed'; restartNeeded: boolean } | { kind: 'already-installed' } | { kind: 'failed'; message: string };

/** What `choco install` meant: its exit code first, then its words about this package. */
export function interpretChocoInstall(exitCode: number, output: string, id: string): ChocoInstallResult {
  if (needsRestart(exitCode)) return { kind: 'installed', restartNeeded: true };
  const lines = cleanLines(output);
  if (exitCode === CHOCO.OK)
    return lineAbout(lines, id, ' already installed.') ? { kind: 'already-installed' } : { kind: 'installed', restartNeeded: false };
  if (lineAbout(lines, id, ' not installed. The package was not found with the source(s) listed'))
    return { kind: 'failed', message: 'Not found in the Chocolatey sources' };
  return { kind: 'failed', message: failureMessage(exitCode, lines, id) };
}

export type ChocoUpgradeResult = { kind: 'done'; said: UpgradeSaid; restartNeeded: boolean } | { kind: 'failed'; message: string };

/**
 * What `choco upgrade` meant. Exit 0, or 2 with enhanced exit codes: done, up to date when it
 * says "is the latest version available", and failed when it skipped a package pinned with
 * `choco pin` (it exits 0 then). An upgrade is not read from its words: the versions before and
 * after tell it.
 */
export function interpretChocoUpgrade(exitCode: number, output: string, id: string): ChocoUpgradeResult {
  if (needsRestart(exitCode)) return { kind: 'done', said: 'upgraded', restartNeeded: true };
  const lines = cleanLines(output);
  if (exitCode !== CHOCO.OK && exitCode !== CHOCO.NOTHING_TO_DO) return { kind: 'failed', message: failureMessage(exitCode, lines, id) };
  if (lineAbout(lines, id, ' is pinned. Skipping pinned package.'))
    return { kind: 'failed', message: 'Pinned with choco pin: Chocolatey does not upgrade it until the pin is removed' };
  const upToDate = lineAbout(lines, id, ' is the latest version available') !== null;
  return { kind: 'done', said: upToDate ? 'up-to-date' : null, restartNeeded: false };
}

/**
 * choco's `a|b|…` lines (--limit-output) with exactly `cells` cells, the second a version (it
 * starts with a digit): the header rows (`Id|Version`), sentences and licence warnings it prints
 * among them are not rows.
 */
export function chocoRows(stdout: string, cells: number): string[][] {
  const rows: string[][] = [];
  for (const line of cleanLines(stdout)) {
    const row = line.split('|').map((cell) => cell.trim());
    if (row.length === cells && row[0] !== '' && /^\d/.test(row[1]!)) rows.push(row);
  }
  return rows;
}

/** `name|version` lines (`choco list`): each installed package's version, by its id in lower case (choco ids ignore case). */
export function parseChocoList(stdout: string): Map<string, string> {
  return new Map(chocoRows(stdout, 2).map(([name, version]) => [name!.toLowerCase(), version!]));
}

/**
 * `name|current|available|pinned` lines (`choco outdated`): the newer version, by id in lower case.
 * A package the sources lack is printed with its own version as the available one: nothing newer.
 * A pinned one (`true`) is left out, as `--ignore-pinned` leaves it out: choco would not upgrade it.
 */
export function parseChocoOutdated(stdout: string): Map<string, string> {
  const newer = new Map<string, string>();
  for (const [name, current, available, pinned] of chocoRows(stdout, 4))
    if (pinned === 'false' && available !== current && /^\d/.test(available!)) newer.set(name!.toLowerCase(), available!);
  return newer;
}

/** `name|version` lines (`choco search --limit-output`): no title or description there. */
export function parseChocoSearch(stdout: string): SearchResult[] {
  return chocoRows(stdout, 2).map(([id, version]) => ({ id: id!, name: id!, version: version! }));
}

/** Chocolatey 2 or later (`choco --version` prints the version alone): before 2, `choco list` searched the remote sources. */
export function isChoco2OrLater(stdout: string): boolean {
  const line = cleanLines(stdout).find((each) => /^\d/.test(each.trim()));
  return line !== undefined && Number.parseInt(line.trim(), 10) >= 2;
}

/** A `choco pin` call's result; "Nothing to change" (exit 0, or 2 with enhanced exit codes) is the pin already as asked. */
export function chocoPinResult(result: RunResult, adding: boolean): HoldResult {
  const unchanged = (result.exitCode === CHOCO.OK || result.exitCode === CHOCO.NOTHING_TO_DO) && result.output.includes(PIN_UNCHANGED);
  if (unchanged && adding) return { ok: true, preexisting: true, message: 'already pinned (choco pin)' };
  if (unchanged) return { ok: true, message: 'not pinned (choco pin)' };
  return holdResult(result, adding ? 'pinned with choco pin' : 'unpinned with choco pin', 'choco pin');
}

/**
 * No `installMany`: choco takes several packages in one call, but reports one exit code for all
 * of them, so each app gets its own call (as with winget). No `refreshIndex`: choco asks its
 * sources on every call. No `canPurge`: `choco uninstall` cannot remove an app's settings.
 */
export class ChocoInstaller implements Installer {
  readonly name = 'choco';

  constructor(private readonly deps: InstallerDeps) {}

  private choco(args: string[], timeoutMs: number, signal?: AbortSignal): Promise<RunResult> {
    return this.deps.run('choco', args, { timeoutMs, signal });
  }

  /** The default sources' first page; with enhanced exit codes, nothing found exits 2 and prints nothing. */
  search(query: string, signal: AbortSignal): Promise<ManagerSearch> {
    return searchManager(
      'choco',
      query,
      signal,
      [{ args: chocoSearchArgs(query), parse: parseChocoSearch }],
      (args, options) => this.deps.run('choco', args, options),
      (output) => output.trim() === '',
    );
  }

  async isAvailable(): Promise<boolean> {
    const result = await this.choco(['--version'], QUERY_TIMEOUT_MS);
    return result.exitCode === CHOCO.OK && isChoco2OrLater(result.stdout);
  }

  async prepare(): Promise<void> {
    // choco asks its sources on every call: there is no index to refresh.
  }

  async installedVersion(id: PackageId): Promise<string | null> {
    if (invalidIdOutcome('choco', id)) return null;
    const result = await this.choco(chocoListArgs(id.name), QUERY_TIMEOUT_MS);
    // Not installed: nothing listed, and exit 2 with enhanced exit codes.
    if (result.exitCode !== CHOCO.OK && result.exitCode !== CHOCO.NOTHING_TO_DO) return null;
    return parseChocoList(result.stdout).get(id.name.toLowerCase()) ?? null;
  }

  async install(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    const stop = await installOpening(this, 'choco', id);
    if (stop) return stop;
    return this.installWith(id, chocoInstallArgs(id.name), signal);
  }

  /** A pinned install: `--version`, going down from a newer version if need be. Already at it: skipped. */
  async installAt(id: PackageId, version: string, signal: AbortSignal): Promise<InstallOutcome> {
    const invalid = invalidIdOutcome('choco', id) ?? invalidVersionOutcome(version);
    if (invalid) return invalid;
    const before = await this.installedVersion(id);
    if (before === version) return skippedInstalled(before);
    return this.installWith(id, chocoInstallVersionArgs(id.name, version), signal);
  }

  /** `choco pin add`: `choco upgrade` and `upgrade all` leave the package at that version. */
  async hold(id: PackageId, version: string, signal: AbortSignal): Promise<HoldResult> {
    const invalid = invalidIdOutcome('choco', id) ?? invalidVersionOutcome(version);
    if (invalid) return { ok: false, message: invalid.message };
    return chocoPinResult(await this.choco(chocoPinAddArgs(id.name, version), QUERY_TIMEOUT_MS, signal), true);
  }

  async releaseHold(id: PackageId, signal: AbortSignal): Promise<HoldResult> {
    const invalid = invalidIdOutcome('choco', id);
    if (invalid) return { ok: false, message: invalid.message };
    return chocoPinResult(await this.choco(chocoPinRemoveArgs(id.name), QUERY_TIMEOUT_MS, signal), false);
  }

  private async installWith(id: PackageId, args: string[], signal: AbortSignal): Promise<InstallOutcome> {
    const result = await this.choco(args, INSTALL_TIMEOUT_MS, signal);
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'choco');
    if (interrupted) return interrupted;
    const exitCode = result.exitCode!;
    const log = logTail(result.output);
    const meaning = interpretChocoInstall(exitCode, result.output, id.name);
    if (meaning.kind === 'failed') return failedOutcome(meaning.message, exitCode, log);
    const version = await this.installedVersion(id);
    if (meaning.kind === 'already-installed') return { ...skippedInstalled(version ?? '', log), exitCode };
    const message = `Installed${versionNote(version)}${meaning.restartNeeded ? RESTART_NOTE : ''}`;
    return { status: 'succeeded', version, exitCode, message, log };
  }

  removalPlan(id: PackageId): Promise<RemovalPlan> {
    return singlePackagePlan(this, id);
  }

  /** 1605 (the software was gone already) and 1614 (uninstalled) are successes too, as choco counts them. */
  async uninstall(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    const opening = await uninstallOpening(this, 'choco', id);
    if (opening.stop) return opening.stop;
    const { before } = opening;
    const result = await this.choco(chocoUninstallArgs(id.name), INSTALL_TIMEOUT_MS, signal);
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'choco');
    if (interrupted) return interrupted;
    const exitCode = result.exitCode!;
    const log = logTail(result.output);
    const removed: readonly number[] = [CHOCO.OK, CHOCO.SOFTWARE_NOT_INSTALLED, CHOCO.PRODUCT_UNINSTALLED];
    if (!removed.includes(exitCode) && !needsRestart(exitCode))
      return failedOutcome(failureMessage(exitCode, cleanLines(result.output), id.name), exitCode, log);
    const message = `Removed${versionNote(before)}${needsRestart(exitCode) ? RESTART_NOTE : ''}`;
    return { status: 'succeeded', version: before || null, exitCode, message, log };
  }

  async upgrade(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    const opening = await upgradeOpening(this, 'choco', id);
    if (opening.stop) return opening.stop;
    const { before } = opening;
    const result = await this.choco(chocoUpgradeArgs(id.name), INSTALL_TIMEOUT_MS, signal);
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'choco');
    if (interrupted) return interrupted;
    const exitCode = result.exitCode!;
    const log = logTail(result.output);
    const meaning = interpretChocoUpgrade(exitCode, result.output, id.name);
    if (meaning.kind === 'failed') return failedOutcome(meaning.message, exitCode, log);
    const after = await this.installedVersion(id);
    return upgradeOutcome(before, after, meaning.said, { exitCode, log, note: meaning.restartNeeded ? RESTART_NOTE : '' });
  }

  /** `choco list`, then `choco outdated` (exit 2 with enhanced exit codes means it found some). */
  async inventory(ids: readonly PackageId[]): Promise<InventoryEntry[]> {
    const wanted = ids.filter((id) => !invalidIdOutcome('choco', id));
    if (wanted.length === 0) return [];
    const list = await this.choco(chocoListArgs(), QUERY_TIMEOUT_MS);
    if (list.exitCode !== CHOCO.OK && list.exitCode !== CHOCO.NOTHING_TO_DO) return [];
    const installed = parseChocoList(list.stdout);
    const outdated = await this.choco(chocoOutdatedArgs(), QUERY_TIMEOUT_MS);
    const ok = outdated.exitCode === CHOCO.OK || outdated.exitCode === CHOCO.NOTHING_TO_DO;
    const newer = ok ? parseChocoOutdated(outdated.stdout) : new Map<string, string>();
    return wanted.flatMap((id) => {
      const version = installed.get(id.name.toLowerCase());
      if (version === undefined) return [];
      const available = newer.get(id.name.toLowerCase()) ?? null;
      return [{ id, installedVersion: version, upgradable: available !== null, availableVersion: available }];
    });
  }
}
