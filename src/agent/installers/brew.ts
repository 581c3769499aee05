import { access, realpath, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

import type { PackageIdKind } from '@shared/package-ids';

import type { RunOptions, RunResult } from '../process';
import { brewSearchArgs, parseBrewSearch } from '../search/parsers';
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

/**
 * Homebrew on macOS, formulae and casks. Homebrew refuses to run as root, and the agent's
 * service runs as root: then every brew call runs as the user who owns the Homebrew
 * repository (`sudo -n -H -u #UID -- env … brew …`). That user is the one Homebrew was
 * installed by and the only one it will run for; the signed-in console user may be someone
 * else, and may not be signed in at all when a job arrives.
 */
const KIND = (id: PackageId) => (id.cask ? '--cask' : '--formula');
/** Quiet and prompt-free; queries also skip the auto-update that installs do (at most daily). */
const BREW_ENV = { NONINTERACTIVE: '1', HOMEBREW_NO_ENV_HINTS: '1', HOMEBREW_NO_COLOR: '1' } as const;
const QUERY_ENV = { ...BREW_ENV, HOMEBREW_NO_AUTO_UPDATE: '1' } as const;
/** `brew update` fetches Homebrew's git repositories: minutes on a slow network. */
const BREW_UPDATE_TIMEOUT_MS = 8 * 60_000;

export const brewInstallArgs = (id: PackageId): string[] => ['install', KIND(id), id.name];
export const brewUpgradeArgs = (id: PackageId): string[] => ['upgrade', KIND(id), id.name];
/** `--zap` (casks only) also removes the app's settings and caches that the cask lists. */
export const brewUninstallArgs = (id: PackageId, zap = false): string[] => [
  'uninstall',
  KIND(id),
  ...(zap && id.cask ? ['--zap'] : []),
  id.name,
];
/** `brew pin`: `brew upgrade` leaves the formula at the version installed. Casks have no pin. */
export const brewPinArgs = (name: string): string[] => ['pin', name];
export const brewUnpinArgs = (name: string): string[] => ['unpin', name];
export const brewListArgs = (cask: boolean, name?: string): string[] => [
  'list',
  '--versions',
  cask ? '--cask' : '--formula',
  ...(name ? [name] : []),
];
export const brewOutdatedArgs = (): string[] => ['outdated', '--json=v2'];

/** The installed formulae that depend on a formula (Homebrew will not uninstall it while there are any). */
export const brewUsesArgs = (name: string): string[] => ['uses', '--installed', '--formula', name];

/** A cask and a formula follow the same grammar, each checked as what it is. */
const brewKind = (id: PackageId): PackageIdKind => (id.cask ? 'brew-cask' : 'brew-formula');

/** The program and arguments for one brew call: brew itself, or through sudo as the owner when the agent is root. */

export function brewCommand(
  brew: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  runAsUid: number | null,
): { command: string; args: string[] } {
  if (runAsUid === null) return { command: brew, args: [...args] };
  // sudo resets the environment: hand the variables over through env(1).
  const assignments = Object.entries(env).map(([key, value]) => `${key}=${value}`);
  return { command: 'sudo', args: ['-n', '-H', '-u', `#${runAsUid}`, '--', 'env', ...assignments, brew, ...args] };
}

/** `brew list --versions`: "graphviz 2.40.1 2.40.20161221.0239" → graphviz → the last (newest) version; "(!)" marks a removed package. */
export function parseBrewListVersions(stdout: string): Map<string, string> {
  const installed = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const [name, ...versions] = words(line).filter((word) => word !== '(!)');
    const newest = versions.at(-1);
    if (name && newest) installed.set(name, newest);
  }
  return installed;
}

export interface BrewOutdated {
  installed: string;
  current: string;
}

/** The last installed version: an array in current Homebrew, a ", "-joined string for casks in older Homebrew. */
function lastInstalled(value: unknown): string | null {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string').at(-1) ?? null;
  if (typeof value === 'string') return value.split(', ').at(-1) ?? null;
  return null;
}

/** `brew outdated --json=v2` → formula and cask maps of name → installed and current versions. */
export function parseBrewOutdated(stdout: string): { formulae: Map<string, BrewOutdated>; casks: Map<string, BrewOutdated> } {
  const read = (list: unknown) => {
    const found = new Map<string, BrewOutdated>();
    if (!Array.isArray(list)) return found;
    for (const entry of list as unknown[]) {
      if (!entry || typeof entry !== 'object') continue;
      const { name, installed_versions: installedVersions, current_version: current } = entry as Record<string, unknown>;
      const installed = lastInstalled(installedVersions);
      if (typeof name === 'string' && typeof current === 'string' && installed !== null) found.set(name, { installed, current });
    }
    return found;
  };
  try {
    const parsed = JSON.parse(stdout) as Record<string, unknown>;
    return { formulae: read(parsed.formulae), casks: read(parsed.casks) };
  } catch {
    return { formulae: new Map(), casks: new Map() };
  }
}

export type BrewInstallResult =
  { kind: 'installed' } | { kind: 'already-installed'; version: string | null } | { kind: 'failed'; message: string };

/** What stops brew before it does anything, the same for install and upgrade; null when neither. */
function brewRefusal(lines: readonly string[]): string | null {
  const has = (needle: string) => lines.some((line) => line.includes(needle));
  if (has('Running Homebrew as root') || has('as root is extremely dangerous')) return 'Homebrew refuses to run as root';
  if (has('No available formula') || has('No available cask') || has('No casks found') || has('is unavailable: No Cask with this name')) {
    return 'Not found in Homebrew';
  }
  return null;
}

export function interpretBrewInstall(exitCode: number, output: string, name: string): BrewInstallResult {
  const lines = cleanLines(output);
  const refusal = brewRefusal(lines);
  if (refusal) return { kind: 'failed', message: refusal };
  const upToDate = lines.find((line) => line.includes(`${name} `) && line.includes(' is already installed'));
  if (upToDate) return { kind: 'already-installed', version: between(upToDate, `${name} `, ' is already installed') };
  if (exitCode === 0) return { kind: 'installed' };
  const error = lines.find((line) => line.startsWith('Error: '));
  return { kind: 'failed', message: error ? error.slice('Error: '.length) : `brew failed with exit code ${exitCode}` };
}

export type BrewUpgradeResult = { kind: 'done'; said: UpgradeSaid } | { kind: 'failed'; message: string };

/**
 * What `brew upgrade --cask|--formula X` meant. Homebrew exits 0 when X is up to date and warns
 * ("Warning: X 1.2 already installed", "X 1.2 is already installed and up-to-date"); an upgrade
 * prints "==> Upgrading X" and, for a cask, "X was successfully upgraded!".
 */
export function interpretBrewUpgrade(exitCode: number, output: string, name: string): BrewUpgradeResult {
  const lines = cleanLines(output);
  const refusal = brewRefusal(lines);
  if (refusal) return { kind: 'failed', message: refusal };
  const names = (line: string) => words(line).includes(name);
  if (lines.some((line) => names(line) && (line.startsWith('==> Upgrading ') || line.endsWith(' was successfully upgraded!')))) {
    return exitCode === 0 ? { kind: 'done', said: 'upgraded' } : failedBrew(lines, exitCode);
  }
  const upToDate = lines.some(
    (line) => names(line) && (line.includes(' already installed') || line.includes('the latest version is already installed')),
  );
  if (upToDate) return { kind: 'done', said: 'up-to-date' };
  return exitCode === 0 ? { kind: 'done', said: null } : failedBrew(lines, exitCode);
}

function failedBrew(lines: readonly string[], exitCode: number): { kind: 'failed'; message: string } {
  const error = lines.find((line) => line.startsWith('Error: '));
  return { kind: 'failed', message: error ? error.slice('Error: '.length) : `brew failed with exit code ${exitCode}` };
}

const rootOwnedOutcome = (): InstallOutcome => ({
  status: 'failed',
  version: null,
  exitCode: null,
  message: 'Homebrew refuses to run as root and no other user owns it',
  log: '',
});

/** Where brew is: launchd services do not get the shell's PATH. */
export async function findBrew(): Promise<string> {
  for (const candidate of ['/opt/homebrew/bin/brew', '/usr/local/bin/brew', '/home/linuxbrew/.linuxbrew/bin/brew']) {
    try {
      await access(candidate);
      return candidate;
    } catch {
      // next
    }
  }
  return 'brew';
}

/** The owner of the Homebrew repository (the folder holding bin/brew), or null when not found or root. */
export async function brewOwnerUid(brew: string): Promise<number | null> {
  try {
    const repository = dirname(dirname(await realpath(brew)));
    const { uid } = await stat(repository);
    return uid === 0 ? null : uid;
  } catch {
    return null;
  }
}

export interface BrewOptions {
  /** Path to brew; default: findBrew(). */
  brew?: string;
  /** Who to run brew as when the agent is root; default: brewOwnerUid(brew). */
  ownerUid?: number | null;
  /** Where it runs (default: this machine): casks exist on macOS only. */
  platform?: NodeJS.Platform;
}

export class BrewInstaller implements Installer {
  readonly name = 'brew';
  private resolved: Promise<{ brew: string; runAsUid: number | null; refused: boolean }> | null = null;

  constructor(
    private readonly deps: InstallerDeps,
    private readonly options: BrewOptions = {},
  ) {}

  private where() {
    this.resolved ??= (async () => {
      const brew = this.options.brew ?? (await findBrew());
      if (!this.deps.isRoot) return { brew, runAsUid: null, refused: false };
      const owner = this.options.ownerUid !== undefined ? this.options.ownerUid : await brewOwnerUid(brew);
      return { brew, runAsUid: owner, refused: owner === null };
    })();
    return this.resolved;
  }

  private async brew(args: string[], env: Record<string, string>, options: Omit<RunOptions, 'env'>): Promise<RunResult> {
    const { brew, runAsUid } = await this.where();
    const call = brewCommand(brew, args, env, runAsUid);
    return this.deps.run(call.command, call.args, { ...options, env, ...(runAsUid === null ? {} : { cwd: '/' }) });
  }

  /** Run as root with no other owner of Homebrew to run it as: it would refuse every call. */
  private async unusable(): Promise<InstallOutcome | null> {
    return (await this.where()).refused ? rootOwnedOutcome() : null;
  }

  /** Formulae, and casks on macOS (Homebrew has casks nowhere else); as the user who owns Homebrew. */
  search(query: string, signal: AbortSignal): Promise<ManagerSearch> {
    const kinds = (this.options.platform ?? process.platform) === 'darwin' ? [false, true] : [false];
    return searchManager(
      'brew',
      query,
      signal,
      kinds.map((cask) => ({ args: brewSearchArgs(query, cask), parse: (stdout: string) => parseBrewSearch(stdout, cask) })),
      (args, options) => this.brew(args, QUERY_ENV, options),
      (output) =>
        output.includes('No formulae or casks found') || output.includes('No formulae found') || output.includes('No casks found'),
    );
  }

  async isAvailable(): Promise<boolean> {
    if ((await this.where()).refused) return false;
    return (await this.brew(['--version'], QUERY_ENV, { timeoutMs: QUERY_TIMEOUT_MS })).exitCode === 0;
  }

  async prepare(): Promise<void> {
    // Installs update Homebrew themselves when it is more than a day old (HOMEBREW_AUTO_UPDATE_SECS).
  }

  async refreshIndex(signal?: AbortSignal): Promise<void> {
    await this.brew(['update', '--quiet'], BREW_ENV, { timeoutMs: BREW_UPDATE_TIMEOUT_MS, signal });
  }

  async installedVersion(id: PackageId): Promise<string | null> {
    if (invalidIdOutcome(brewKind(id), id)) return null;
    const result = await this.brew(brewListArgs(id.cask === true, id.name), QUERY_ENV, { timeoutMs: QUERY_TIMEOUT_MS });
    if (result.exitCode !== 0) return null;
    return parseBrewListVersions(result.stdout).get(id.name) ?? null;
  }

  async install(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    const stop = await installOpening(this, brewKind(id), id, () => this.unusable());
    if (stop) return stop;

    const result = await this.brew(brewInstallArgs(id), BREW_ENV, { timeoutMs: INSTALL_TIMEOUT_MS, signal });
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'brew');
    if (interrupted) return interrupted;
    const log = logTail(result.output);
    const meaning = interpretBrewInstall(result.exitCode!, result.output, id.name);
    if (meaning.kind === 'failed') return failedOutcome(meaning.message, result.exitCode, log);
    const version = (await this.installedVersion(id)) ?? (meaning.kind === 'already-installed' ? meaning.version : null);
    if (meaning.kind === 'already-installed') return { ...skippedInstalled(version ?? '', log), exitCode: result.exitCode };
    return { status: 'succeeded', version, exitCode: result.exitCode, message: `Installed${versionNote(version)}`, log };
  }

  /**
   * Homebrew installs only the newest version of a formula (no version by number: `installAt` is
   * absent), then `brew pin` holds whatever was installed. A cask cannot be pinned: said plainly.
   */
  async hold(id: PackageId, _version: string, signal: AbortSignal): Promise<HoldResult> {
    return this.pin(id, 'pin', signal);
  }

  async releaseHold(id: PackageId, signal: AbortSignal): Promise<HoldResult> {
    return this.pin(id, 'unpin', signal);
  }

  private async pin(id: PackageId, action: 'pin' | 'unpin', signal: AbortSignal): Promise<HoldResult> {
    if (id.cask) return { ok: false, message: 'Homebrew cannot pin a cask: an update made outside Loadout may move it' };
    const invalid = invalidIdOutcome('brew-formula', id);
    if (invalid) return { ok: false, message: invalid.message };
    const args = action === 'pin' ? brewPinArgs(id.name) : brewUnpinArgs(id.name);
    const result = await this.brew(args, QUERY_ENV, { timeoutMs: QUERY_TIMEOUT_MS, signal });
    return holdResult(result, action === 'pin' ? 'pinned with brew pin' : 'unpinned with brew unpin', 'brew');
  }

  /**
   * A removal takes the package alone: Homebrew refuses to uninstall a formula that installed
   * formulae depend on, so the plan says so (and names them) rather than offering it.
   */
  async removalPlan(id: PackageId): Promise<RemovalPlan> {
    const plan = await singlePackagePlan(this, id);
    if (plan.installedVersion === null || plan.refused || id.cask) return plan;
    const uses = await this.brew(brewUsesArgs(id.name), QUERY_ENV, { timeoutMs: QUERY_TIMEOUT_MS });
    const users = uses.exitCode === 0 ? cleanLines(uses.stdout).filter((line) => line !== '' && !line.includes(' ')) : [];
    if (users.length === 0) return plan;
    const them = users.length === 1 ? users[0] : `${users.slice(0, -1).join(', ')} and ${users.at(-1)}`;
    return {
      ...plan,
      refused: `Homebrew keeps ${id.name} while ${them} ${users.length === 1 ? 'uses' : 'use'} it: uninstall ${users.length === 1 ? 'that' : 'those'} first`,
    };
  }

  /** Only a cask has settings Homebrew knows of (its zap stanza); a formula has none to remove. */
  canPurge(id: PackageId): boolean {
    return id.cask === true;
  }

  async uninstall(id: PackageId, signal: AbortSignal, consent?: UninstallConsent): Promise<InstallOutcome> {
    const opening = await uninstallOpening(this, brewKind(id), id);
    if (opening.stop) return opening.stop;
    const { before } = opening;
    const result = await this.brew(brewUninstallArgs(id, consent?.purge === true), BREW_ENV, { timeoutMs: INSTALL_TIMEOUT_MS, signal });
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'brew');
    if (interrupted) return interrupted;
    const log = logTail(result.output);
    if (result.exitCode === 0) return { status: 'succeeded', version: before, exitCode: 0, message: `Removed${versionNote(before)}`, log };
    const meaning = interpretBrewInstall(result.exitCode!, result.output, id.name);
    return failedOutcome(meaning.kind === 'failed' ? meaning.message : 'brew uninstall failed', result.exitCode, log);
  }

  async upgrade(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    const opening = await upgradeOpening(this, brewKind(id), id, () => this.unusable());
    if (opening.stop) return opening.stop;
    const { before } = opening;
    const result = await this.brew(brewUpgradeArgs(id), BREW_ENV, { timeoutMs: INSTALL_TIMEOUT_MS, signal });
    const interrupted = interruptedOutcome(result, INSTALL_TIMEOUT_MS, 'brew');
    if (interrupted) return interrupted;
    const log = logTail(result.output);
    const meaning = interpretBrewUpgrade(result.exitCode!, result.output, id.name);
    if (meaning.kind === 'failed') return failedOutcome(meaning.message, result.exitCode, log);
    return upgradeOutcome(before, await this.installedVersion(id), meaning.said, { exitCode: result.exitCode, log });
  }

  async inventory(ids: readonly PackageId[]): Promise<InventoryEntry[]> {
    const wanted = ids.filter((id) => !invalidIdOutcome(brewKind(id), id));
    if (wanted.length === 0 || (await this.where()).refused) return [];
    // One package-manager call at a time on a machine.
    const formulae = await this.brew(brewListArgs(false), QUERY_ENV, { timeoutMs: QUERY_TIMEOUT_MS });
    const casks = await this.brew(brewListArgs(true), QUERY_ENV, { timeoutMs: QUERY_TIMEOUT_MS });
    const outdated = await this.brew(brewOutdatedArgs(), QUERY_ENV, { timeoutMs: QUERY_TIMEOUT_MS });
    const installed = { formulae: parseBrewListVersions(formulae.stdout), casks: parseBrewListVersions(casks.stdout) };
    const newer = parseBrewOutdated(outdated.stdout);
    return wanted.flatMap((id) => {
      const version = (id.cask ? installed.casks : installed.formulae).get(id.name);
      if (version === undefined) return [];
      const current = (id.cask ? newer.casks : newer.formulae).get(id.name)?.current ?? null;
      return [{ id, installedVersion: version, upgradable: current !== null, availableVersion: current }];
    });
  }
}
