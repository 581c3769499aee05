import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import {
  cancelledOutcome,
  invalidIdOutcome,
  singlePackagePlan,
  skippedInstalled,
  skippedNotInstalled,
  sleep,
  updatedMessage,
  type Installer,
  type InstallOutcome,
  type InventoryEntry,
  type PackageId,
  type RemovalPlan,
} from './installer';

/**
 * A package manager that installs nothing, for demos and load tests; used only when asked for
 * by name (`--installer simulated`). Installs are instant and remembered in memory, or in a
 * JSON file in `stateDir` so they survive a restart of the agent. An id starting with "fail-"
 * fails with exit code 1, to show what a failure looks like.
 */
export const SIMULATED_VERSION = '1.0.0';
const STATE_FILE = 'simulated-installs.json';

/** The version an upgrade moves to: the last number one higher (1.0.0 → 1.0.1), or ".1" added (1.0-beta → 1.0-beta.1). */
export function nextSimulatedVersion(version: string): string {
  const dot = version.lastIndexOf('.');
  const last = version.slice(dot + 1);
  const numeric = last !== '' && last.length <= 9 && [...last].every((char) => char >= '0' && char <= '9');
  return numeric ? `${version.slice(0, dot + 1)}${Number(last) + 1}` : `${version}.1`;
}

const key = (id: PackageId) => `${id.cask ? 'cask:' : ''}${id.name}`;

export interface SimulatedOptions {
  /** Keep the installed set in `<stateDir>/simulated-installs.json`; in memory when absent. */
  stateDir?: string;
  /** How long each install and removal takes (`run --simulate-delay-ms`), to watch progress or stop mid-job. */
  delayMs?: number;
}

export class SimulatedInstaller implements Installer {
  readonly name = 'simulated';
  private installed: Map<string, string> | null = null;

  constructor(private readonly options: SimulatedOptions = {}) {}

  private async state(): Promise<Map<string, string>> {
    if (this.installed) return this.installed;
    this.installed = new Map();
    if (this.options.stateDir) {
      try {
        const saved = JSON.parse(await readFile(join(this.options.stateDir, STATE_FILE), 'utf8')) as unknown;
        if (saved && typeof saved === 'object') {
          for (const [name, version] of Object.entries(saved)) if (typeof version === 'string') this.installed.set(name, version);
        }
      } catch {
        // No file yet, or not ours to read: start empty.
      }
    }
    return this.installed;
  }

  private async save(): Promise<void> {
    if (!this.options.stateDir || !this.installed) return;
    await mkdir(this.options.stateDir, { recursive: true });
    const file = join(this.options.stateDir, STATE_FILE);
    // Write then rename, so a crash never leaves half a file.
    await writeFile(`${file}.tmp`, JSON.stringify(Object.fromEntries(this.installed)), { mode: 0o600 });
    await rename(`${file}.tmp`, file);
  }

  async isAvailable(): Promise<boolean> {
    return true;
  }

  async prepare(): Promise<void> {}

  async installedVersion(id: PackageId): Promise<string | null> {
    return (await this.state()).get(key(id)) ?? null;
  }

  async install(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    const invalid = invalidIdOutcome('any', id);
    if (invalid) return invalid;
    if (signal.aborted) return cancelledOutcome();
    const before = await this.installedVersion(id);
    if (before !== null) return skippedInstalled(before);
    if (this.options.delayMs) {
      await sleep(this.options.delayMs, signal);
      if (signal.aborted) return cancelledOutcome();
    }
    if (id.name.startsWith('fail-')) {
      return {
        status: 'failed',
        version: null,
        exitCode: 1,
        message: 'Simulated failure',
        log: `simulated: installing ${id.name} failed on purpose`,
      };
    }
    (await this.state()).set(key(id), SIMULATED_VERSION);
    await this.save();
    return {
      status: 'succeeded',
      version: SIMULATED_VERSION,
      exitCode: 0,
      message: `Installed (${SIMULATED_VERSION})`,
      log: `simulated: installed ${id.name} ${SIMULATED_VERSION}`,
    };
  }

  /** An installed id moves to nextSimulatedVersion(); a `fail-` id fails; anything else is not installed. */
  async upgrade(id: PackageId, signal: AbortSignal): Promise<InstallOutcome> {
    const invalid = invalidIdOutcome('any', id);
    if (invalid) return invalid;
    if (signal.aborted) return cancelledOutcome();
    const before = await this.installedVersion(id);
    if (before === null && !id.name.startsWith('fail-')) return skippedNotInstalled();
    if (this.options.delayMs) {
      await sleep(this.options.delayMs, signal);
      if (signal.aborted) return cancelledOutcome();
    }
    if (id.name.startsWith('fail-') || before === null) {
      return {
        status: 'failed',
        version: null,
        exitCode: 1,
        message: 'Simulated failure',
        log: `simulated: upgrading ${id.name} failed on purpose`,
      };
    }
    const after = nextSimulatedVersion(before);
    (await this.state()).set(key(id), after);
    await this.save();
    return {
      status: 'succeeded',
      version: after,
      exitCode: 0,
      message: updatedMessage(before, after),
      log: `simulated: upgraded ${id.name} from ${before} to ${after}`,
    };
  }

  /** A simulated removal takes the package alone. */
  removalPlan(id: PackageId): Promise<RemovalPlan> {
    return singlePackagePlan(this, id);
  }

  async uninstall(id: PackageId, signal?: AbortSignal): Promise<InstallOutcome> {
    const invalid = invalidIdOutcome('any', id);
    if (invalid) return invalid;
    const state = await this.state();
    const before = state.get(key(id));
    if (before === undefined) return skippedNotInstalled();
    if (this.options.delayMs) {
      await sleep(this.options.delayMs, signal);
      if (signal?.aborted) return cancelledOutcome();
    }
    state.delete(key(id));
    await this.save();
    return { status: 'succeeded', version: before, exitCode: 0, message: `Removed (${before})`, log: `simulated: removed ${id.name}` };
  }

  async inventory(ids: readonly PackageId[]): Promise<InventoryEntry[]> {
    const state = await this.state();
    return ids.flatMap((id) => {
      const version = state.get(key(id));
      return version === undefined ? [] : [{ id, installedVersion: version, upgradable: false, availableVersion: null }];
    });
  }
}
