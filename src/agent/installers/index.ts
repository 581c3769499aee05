import type { AppPackages } from '@shared/agent/packages';
import type { Platform } from '@shared/api/catalogue';
import { platformDisplayName } from '@shared/format';

import { runCommand } from '../process';
import { AptInstaller } from './apt';
import { BrewInstaller } from './brew';
import { FlatpakInstaller } from './flatpak';
import { sleep, type Installer, type InstallerDeps, type ManagerName, type PackageId } from './installer';
import { SimulatedInstaller } from './simulated';
import { SnapInstaller } from './snap';
import { findWingetExecutable, WingetInstaller } from './winget';

export * from './installer';

/** The real managers each OS may have, in the order they are preferred. */
export const MANAGERS_BY_PLATFORM: Readonly<Partial<Record<NodeJS.Platform, readonly ManagerName[]>>> = {
  win32: ['winget'],
  darwin: ['brew'],
  linux: ['apt', 'flatpak', 'snap'],
};

/** The catalogue's name for a Node platform ('not available on Linux'); null for one Loadout does not serve. */
export function platformName(platform: NodeJS.Platform): Platform | null {
  return platform === 'win32' ? 'windows' : platform === 'darwin' ? 'macos' : platform === 'linux' ? 'linux' : null;
}

export function defaultDeps(): InstallerDeps {
  return { run: runCommand, isRoot: process.getuid?.() === 0, now: () => Date.now(), sleep };
}

export interface CreateOptions {
  /** For `simulated`: keep its installed set in this folder (the agent's config dir). */
  stateDir?: string;
  /** For `simulated`: how long each install takes. */
  simulateDelayMs?: number;
  /** For `winget`: the executable, when it is not on PATH. */
  wingetCommand?: string;
}

export function createInstaller(name: ManagerName, deps: InstallerDeps = defaultDeps(), options: CreateOptions = {}): Installer {
  switch (name) {
    case 'winget':
      return new WingetInstaller(deps, { command: options.wingetCommand });
    case 'brew':
      return new BrewInstaller(deps);
    case 'apt':
      return new AptInstaller(deps);
    case 'flatpak':
      return new FlatpakInstaller(deps);
    case 'snap':
      return new SnapInstaller(deps);
    case 'simulated':
      return new SimulatedInstaller({ stateDir: options.stateDir, delayMs: options.simulateDelayMs });
  }
}

/**
 * The package managers this machine has, found by running their version commands (one at a
 * time). `simulated` is never detected: it is used only when asked for by name.
 */
export async function detectInstallers(
  platform: NodeJS.Platform = process.platform,
  deps: InstallerDeps = defaultDeps(),
): Promise<Installer[]> {
  const found: Installer[] = [];
  for (const name of MANAGERS_BY_PLATFORM[platform] ?? []) {
    let installer = createInstaller(name, deps);
    let available = await installer.isAvailable();
    if (!available && name === 'winget') {
      // As SYSTEM (the Windows service), winget.exe is not on PATH: it lives in the App Installer package's folder.
      const command = await findWingetExecutable();
      if (command) {
        installer = createInstaller(name, deps, { wingetCommand: command });
        available = await installer.isAvailable();
      }
    }
    if (available) found.push(installer);
  }
  return found;
}

export interface ChosenPackage {
  manager: ManagerName;
  id: PackageId;
}

/** Each platform's package ids, in the order they are preferred. */
const CANDIDATES: Readonly<
  Partial<Record<NodeJS.Platform, ReadonlyArray<{ field: keyof AppPackages; manager: ManagerName; cask?: true }>>>
> = {
  win32: [{ field: 'winget_id', manager: 'winget' }],
  // A cask first: catalogue apps are mostly desktop apps, which Homebrew ships as casks.
  darwin: [
    { field: 'homebrew_cask', manager: 'brew', cask: true },
    { field: 'homebrew_formula', manager: 'brew' },
  ],
  linux: [
    { field: 'apt_package', manager: 'apt' },
    { field: 'flatpak_id', manager: 'flatpak' },
    { field: 'snap_name', manager: 'snap' },
  ],
};

/**
 * Which manager installs this app here: on Linux apt, then Flatpak, then Snap; on macOS a cask,
 * then a formula; on Windows winget — the first the app has a package for and the machine has.
 * With `simulated` available, the app's preferred package for this platform goes to it. Null
 * when nothing fits: the caller reports "not available on <platform>".
 */
export function chooseManager(packages: AppPackages, available: readonly ManagerName[], platform: NodeJS.Platform): ChosenPackage | null {
  const simulated = available.includes('simulated');
  for (const candidate of CANDIDATES[platform] ?? []) {
    const name = packages[candidate.field]?.trim();
    if (!name) continue;
    if (!simulated && !available.includes(candidate.manager)) continue;
    const id: PackageId = candidate.cask ? { name, cask: true } : { name };
    return { manager: simulated ? 'simulated' : candidate.manager, id };
  }
  return null;
}

/** "Not available on Linux": the sentence for an app chooseManager found no manager for. */
export function notAvailableMessage(platform: NodeJS.Platform): string {
  const id = platformName(platform);
  return `Not available on ${id ? platformDisplayName(id) : platform}`;
}
