import { realpathSync } from 'node:fs';

import { isValidPackageId, isValidPinnedVersion, PACKAGE_ID_KINDS, type PackageIdKind } from '@shared/package-ids';
import type { ManagerName } from '@shared/package-managers';

import { formatDuration, type Run, type RunResult } from '../process';
import type { ManagerSearch } from '../search/run-search';
import { logTail } from './output';

export { MANAGER_NAMES, type ManagerName } from '@shared/package-managers';

/** A package as its manager knows it. */
export interface PackageId {
  /** The manager's own id: winget id, Homebrew token, Debian package, Flatpak app id, snap name. */
  readonly name: string;
  /** Homebrew only: a formula and a cask may share a name and are different packages. */
  readonly cask?: boolean;
}

export type InstallStatus = 'succeeded' | 'skipped' | 'failed';

export interface InstallOutcome {
  status: InstallStatus;
  /** The version installed (or found installed); null when unknown or on failure. */
  version: string | null;
  /** The package manager's exit code (unsigned 32-bit); null when it did not run or was killed. */
  exitCode: number | null;
  /** One sentence a person reads: 'Already installed (2.10-3)', 'Not found in the winget source'. */
  message: string;
  /** The last lines of the manager's output, ANSI escapes and \r progress frames removed. */
  log: string;
  /** Nothing to do: the package was already as asked ("Already installed", "Not installed"). */
  alreadyDone?: true;
}

/** One installed package and whether its manager offers a newer version. */
export interface InventoryEntry {
  id: PackageId;
  /** '' when the manager does not say (a Flatpak without a version field). */
  installedVersion: string;
  upgradable: boolean;
  /** The newer version when the manager names it. */
  availableVersion: string | null;
  /** The newer version is a security update; only apt tells (its security suite), the others leave it out. */
  security?: boolean;
}

/** One package a removal takes off the machine, as its manager names it. */
export interface RemovedPackage {
  name: string;
  /** '' when the manager does not say. */
  version: string;
}

/** What removing an app would do, asked of its manager before anything is removed. */
export interface RemovalPlan {
  /** The app's installed version; null when it is not installed (nothing would be removed). */
  installedVersion: string | null;
  /** Every package the removal takes, the app's own included. */
  removes: RemovedPackage[];
  /** Why the agent will not remove it (its own runtime, an Essential package…); null when it may. */
  refused: string | null;
}

/** What the person saw and confirmed before an uninstall: the other packages it may take. */
export interface UninstallConsent {
  alsoRemove: readonly string[];
  /** Also remove the app's settings; only asked of an installer whose `canPurge` says it can. */
  purge?: boolean;
}

export interface Installer extends PinningInstaller {
  readonly name: ManagerName;
  /** Whether this manager can be used on this machine (its version command answers). */
  isAvailable(): Promise<boolean>;
  /**
   * Once per job, before the first install: e.g. apt-get update when the lists are missing or
   * older than a day, adding the flathub remote. Never throws because the manager failed: the
   * installs that follow report what went wrong for each app.
   */
  prepare(signal?: AbortSignal): Promise<void>;
  /**
   * "Check now": refresh the manager's own index of available versions (apt-get update, winget
   * source update, brew update), changing nothing installed, so that a version published an hour
   * ago is seen. Absent where the inventory asks the sources live anyway (Flatpak, Snap).
   */
  refreshIndex?(signal?: AbortSignal): Promise<void>;
  /** The installed version, '' when installed with no known version, null when not installed. */
  installedVersion(id: PackageId): Promise<string | null>;
  /** Checks first: an app already installed is `skipped` with the version found. */
  install(id: PackageId, signal: AbortSignal): Promise<InstallOutcome>;
  /** Asks the manager, changing nothing, what uninstalling would remove and whether the agent will. */
  removalPlan(id: PackageId): Promise<RemovalPlan>;
  /**
   * A `succeeded` removal reports the version it removed (`version`); not installed is `skipped`.
   * It removes nothing the person did not confirm: a removal that would also take a package
   * outside `consent.alsoRemove`, or one the agent refuses, fails and changes nothing.
   */
  uninstall(id: PackageId, signal: AbortSignal, consent?: UninstallConsent): Promise<InstallOutcome>;
  /**
   * Whether uninstalling this package can also remove its settings (apt purge, a cask's zap,
   * Flatpak's data, snap --purge). Absent: never; the agent then refuses a purge, running nothing.
   */
  canPurge?(id: PackageId): boolean;
  /**
   * Upgrades an installed app to the newest version its manager offers; never installs. Not
   * installed → `skipped` "Not installed"; nothing newer → `skipped` "Already up to date (1.2)";
   * upgraded → `succeeded` "Updated from 1.1 to 1.2". `version` is the version after the call.
   */
  upgrade(id: PackageId, signal: AbortSignal): Promise<InstallOutcome>;
  /** The ids among these that are installed, with upgradable versions. */
  inventory(ids: readonly PackageId[]): Promise<InventoryEntry[]>;
  /**
   * Installs several packages in as few manager calls as it safely can (docs/install-speed.md),
   * each with the outcome `install` would give it: an outcome for every name asked, by name.
   * `onStarted` names a package when the manager begins on it (live progress). Absent where the
   * manager takes one package per call (winget).
   */
  installMany?(ids: readonly PackageId[], signal: AbortSignal, onStarted?: (name: string) => void): Promise<BatchOutcomes>;
  /**
   * Searches the manager's sources for `query` (a person typed it: src/shared/machine-search.ts),
   * changing nothing: at most SEARCH_RESULTS_MAX results whose ids pass the manager's grammar.
   * Absent for a manager that cannot search (the simulated one).
   */
  search?(query: string, signal: AbortSignal): Promise<ManagerSearch>;
  /** `upgrade` for several packages, as `installMany` is `install`'s. */
  upgradeMany?(ids: readonly PackageId[], signal: AbortSignal, onStarted?: (name: string) => void): Promise<BatchOutcomes>;
}

/** What a hold or its release did (docs/pinned-versions.md): `ok` false says why in `message`. */
export interface HoldResult {
  ok: boolean;
  /** The package was held already, by someone else: the agent does not take the hold as its own, and never releases it. */
  preexisting?: true;
  /** One sentence: 'Held by apt-mark', 'Homebrew cannot pin a cask: …'. */
  message: string;
}

/**
 * Pinning, where a manager has it (docs/pinned-versions.md). A manager without `installAt`
 * cannot install a chosen version by number; one without `hold` has nothing that keeps an
 * update made outside Loadout from moving the app.
 */
export interface PinningInstaller {
  /** Installs exactly `version`; a downgrade is allowed for this app only. Already at it: `skipped`. */
  installAt?(id: PackageId, version: string, signal: AbortSignal): Promise<InstallOutcome>;
  /**
   * `installMany` where `pins` (name → version) puts some apps at a version, in the same call
   * where the manager can: each pinned app ends as its `installAt` would have (the holds follow,
   * pinning.ts). Never a downgrade of anything in a shared call: an app that may have to go down
   * gets its own `installAt`.
   */
  installManyAt?(
    ids: readonly PackageId[],
    pins: ReadonlyMap<string, string>,
    signal: AbortSignal,
    onStarted?: (name: string) => void,
  ): Promise<BatchOutcomes>;
  /** Holds the installed package where it is (`version` where the manager's hold takes one). */
  hold?(id: PackageId, version: string, signal: AbortSignal): Promise<HoldResult>;
  /** Clears the hold `hold` set. */
  releaseHold?(id: PackageId, signal: AbortSignal): Promise<HoldResult>;
}

/** One outcome per package of a batch, by its manager's name for it. */
export type BatchOutcomes = Map<string, InstallOutcome>;

/** What every real installer is built from; tests pass a fake `run` and clock. */
export interface InstallerDeps {
  run: Run;
  /** True when the agent runs as root (uid 0); decides apt/flatpak/brew behaviour. */
  isRoot: boolean;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const INSTALL_TIMEOUT_MS = 30 * 60_000;
export const QUERY_TIMEOUT_MS = 2 * 60_000;

/**
 * Ids reach us from the server and become arguments of a program run as root: each is held to
 * its manager's grammar (src/shared/package-ids.ts) before every call, whatever the server
 * checked, so an id is never read as an option, an action or a pattern. `any` (the simulated
 * installer, which runs nothing) takes an id that fits some manager.
 */
export function invalidIdOutcome(kind: PackageIdKind | 'any', id: PackageId): InstallOutcome | null {
  const valid = kind === 'any' ? PACKAGE_ID_KINDS.some((each) => isValidPackageId(each, id.name)) : isValidPackageId(kind, id.name);
  return valid ? null : { status: 'failed', version: null, exitCode: null, message: `Not a valid package id: nothing was run`, log: '' };
}

/**
 * A pinned version reaches the manager as an argument too (`name=version`, `--version v`): it is
 * held to its grammar (src/shared/package-ids.ts) before anything runs, whatever the server checked.
 */
export function invalidVersionOutcome(version: string): InstallOutcome | null {
  return isValidPinnedVersion(version)
    ? null
    : { status: 'failed', version: null, exitCode: null, message: 'Not a valid version to pin: nothing was run', log: '' };
}

/** A hold or release call's result: done on exit code 0, else the manager's last words. */
export function holdResult(result: RunResult, done: string, manager: string): HoldResult {
  if (result.exitCode === 0) return { ok: true, message: done };
  const reason = logTail(result.output).split('\n').filter(Boolean).pop() ?? `exit code ${result.exitCode ?? 'none'}`;
  return { ok: false, message: `${manager} failed (${reason.slice(0, 200)})` };
}

/** The path of the program running the agent (node, or the agent's own binary), links resolved. */
export function agentRuntimePath(): string {
  try {
    return realpathSync(process.execPath);
  } catch {
    return process.execPath;
  }
}

/**
 * For managers whose removal takes only the package itself (winget, Homebrew, Flatpak, Snap):
 * the plan is that package, refused when the agent's own runtime lives in it (Homebrew's node).
 */
export async function singlePackagePlan(installer: Installer, id: PackageId, runtimePath = agentRuntimePath()): Promise<RemovalPlan> {
  const installedVersion = await installer.installedVersion(id);
  if (installedVersion === null) return { installedVersion, removes: [], refused: null };
  const runsUs = [`/Cellar/${id.name}/`, `/Caskroom/${id.name}/`, `/opt/${id.name}/`, `/snap/${id.name}/`, `/app/${id.name}/`].some(
    (part) => runtimePath.includes(part),
  );
  return {
    installedVersion,
    removes: [{ name: id.name, version: installedVersion }],
    refused: runsUs ? `${id.name} is what Loadout's agent runs on: the agent never removes it` : null,
  };
}

/**
 * The opening every manager's `install` shares, in this order: the id held to its manager's
 * grammar (nothing runs for one that is not), anything that keeps the manager from running at all
 * (`unusable`: Homebrew owned by root), then an app already installed is skipped. Null: install it.
 */
export async function installOpening(
  installer: Pick<Installer, 'installedVersion'>,
  kind: PackageIdKind,
  id: PackageId,
  unusable?: () => Promise<InstallOutcome | null>,
): Promise<InstallOutcome | null> {
  const stop = invalidIdOutcome(kind, id) ?? (await unusable?.()) ?? null;
  if (stop) return stop;
  const before = await installer.installedVersion(id);
  return before === null ? null : skippedInstalled(before);
}

/** Where an opening stops the call (`stop`, the outcome), or what the call goes on with. */
export type Opening<T> = { stop: InstallOutcome } | ({ stop: null } & T);

/** `upgrade`'s opening: as `installOpening`, but an app not installed is skipped; else its version. */
export async function upgradeOpening(
  installer: Pick<Installer, 'installedVersion'>,
  kind: PackageIdKind,
  id: PackageId,
  unusable?: () => Promise<InstallOutcome | null>,
): Promise<Opening<{ before: string }>> {
  const stop = invalidIdOutcome(kind, id) ?? (await unusable?.()) ?? null;
  if (stop) return { stop };
  const before = await installer.installedVersion(id);
  return before === null ? { stop: skippedNotInstalled() } : { stop: null, before };
}

/**
 * `uninstall`'s opening: the id checked, then the manager's removal plan: not installed is
 * skipped, a removal the agent refuses fails with its reason; else the plan and the version.
 */
export async function uninstallOpening(
  installer: Pick<Installer, 'removalPlan'>,
  kind: PackageIdKind,
  id: PackageId,
): Promise<Opening<{ plan: RemovalPlan; before: string }>> {
  const invalid = invalidIdOutcome(kind, id);
  if (invalid) return { stop: invalid };
  const plan = await installer.removalPlan(id);
  if (plan.installedVersion === null) return { stop: skippedNotInstalled() };
  if (plan.refused) return { stop: refusedOutcome(plan.refused) };
  return { stop: null, plan, before: plan.installedVersion };
}

/** A call stopped by the person's cancel before it finished (nothing after it ran). */
export const cancelledOutcome = (log = ''): InstallOutcome => ({
  status: 'failed',
  version: null,
  exitCode: null,
  message: 'Cancelled before it finished',
  log,
});

/** A removal the agent will not do; nothing was run. */
export const refusedOutcome = (message: string): InstallOutcome => failedOutcome(message, null, '');

/** A call the manager made and failed, in its own words (or ours for its exit code). */
export const failedOutcome = (message: string, exitCode: number | null, log: string): InstallOutcome => ({
  status: 'failed',
  version: null,
  exitCode,
  message,
  log,
});

export function versionNote(version: string | null): string {
  return version ? ` (${version})` : '';
}

export const skippedInstalled = (version: string, log = ''): InstallOutcome => ({
  status: 'skipped',
  version: version || null,
  exitCode: null,
  message: `Already installed${versionNote(version)}`,
  log,
  alreadyDone: true,
});

export const skippedNotInstalled = (): InstallOutcome => ({
  status: 'skipped',
  version: null,
  exitCode: null,
  message: 'Not installed',
  log: '',
  alreadyDone: true,
});

export const skippedUpToDate = (version: string, log = '', exitCode: number | null = null): InstallOutcome => ({
  status: 'skipped',
  version: version || null,
  exitCode,
  message: `Already up to date${versionNote(version)}`,
  log,
});

/**
 * The outcome of an app that an earlier run of this agent began in this job and did not live to
 * report (killed mid-call): found done now, it was done by this job, not before it. "Installed",
 * not "Already installed"; "Removed", not "Not installed". Anything else stands as it is.
 */
export function finishedByEarlierRun(kind: 'install' | 'upgrade' | 'uninstall', outcome: InstallOutcome): InstallOutcome {
  if (!outcome.alreadyDone) return outcome;
  if (kind === 'install' && outcome.message.startsWith('Already installed'))
    return { ...outcome, status: 'succeeded', message: `Installed${versionNote(outcome.version ?? '')}`, alreadyDone: undefined };
  if (kind === 'uninstall' && outcome.message === 'Not installed')
    return { ...outcome, status: 'succeeded', message: 'Removed', alreadyDone: undefined };
  return outcome;
}

/** "Updated from 2.10-2 to 2.10-3"; "Updated to 2.10-3" or "Updated" when a version is not known. */
export function updatedMessage(before: string, after: string): string {
  if (before && after && before !== after) return `Updated from ${before} to ${after}`;
  return after ? `Updated to ${after}` : 'Updated';
}

/**
 * What an upgrade call that the manager finished without an error said: that it upgraded, that
 * nothing newer was there, that it kept the package back (apt: held, or its dependencies cannot
 * be met), or nothing either way (null: exit code 0 and no words we know).
 */
export type UpgradeSaid = 'upgraded' | 'up-to-date' | 'kept-back' | null;

/**
 * The outcome of an upgrade the manager finished without an error, from the versions installed
 * before and after it: what the machine shows decides, not what the manager said. A manager that
 * said it upgraded while the version reads the same did not update it (winget does this when an
 * installer runs and leaves the old version registered), and neither did one that kept it back.
 * When the manager did not say either way, an unchanged known version means nothing newer was
 * there. `after` null (the query found nothing) keeps `before`.
 */
export function upgradeOutcome(
  before: string,
  after: string | null,
  said: UpgradeSaid,
  run: { exitCode: number | null; log: string; note?: string },
): InstallOutcome {
  const version = after ?? before;
  if (said === 'kept-back')
    return {
      status: 'failed',
      version: version || null,
      exitCode: run.exitCode,
      message: `Still ${version || 'the same version'}: the package manager kept it back (it is held, or what it needs cannot be installed)`,
      log: run.log,
    };
  if (said === 'upgraded' && before !== '' && version === before)
    return {
      status: 'failed',
      version,
      exitCode: run.exitCode,
      message: `Still ${version} after the update: the installer ran but the version did not change`,
      log: run.log,
    };
  if (said === 'up-to-date' || (said === null && version !== '' && version === before))
    return skippedUpToDate(version, run.log, run.exitCode);
  return {
    status: 'succeeded',
    version: version || null,
    exitCode: run.exitCode,
    message: `${updatedMessage(before, version)}${run.note ?? ''}`,
    log: run.log,
  };
}

/**
 * The outcome of a run that ended without an answer from the manager: time limit, cancel,
 * or the program missing. Null when the manager exited on its own and its output decides.
 */
export function interruptedOutcome(result: RunResult, timeoutMs: number, manager: string): InstallOutcome | null {
  const base = { status: 'failed' as const, version: null, exitCode: result.exitCode, log: logTail(result.output) };
  if (result.timedOut) return { ...base, message: `Timed out after ${formatDuration(timeoutMs)}` };
  if (result.aborted) return { ...base, message: 'Cancelled before it finished' };
  if (result.spawnError) return { ...base, message: `Could not start ${manager} (${result.spawnError})` };
  if (result.exitCode === null) return { ...base, message: `${manager} was stopped by ${result.signal ?? 'a signal'}` };
  return null;
}

export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
