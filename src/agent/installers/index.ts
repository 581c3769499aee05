import type { AppPackages } from '@shared/agent/packages';
import { platformDisplayName } from '@shared/format';
import {
  fieldsOfPlatform,
  managersOfPlatform,
  NODE_PLATFORMS,
  packageSource,
  PLATFORMS,
  type ManagerName,
  type Platform,
} from '@shared/package-managers';

import { runCommand } from '../process';
import { AptInstaller } from './apt';
import { BrewInstaller } from './brew';
import { ChocoInstaller } from './choco';
import { FlatpakInstaller } from './flatpak';
import { sleep, type Installer, type InstallerDeps, type PackageId } from './installer';
import { SimulatedInstaller } from './simulated';
import { SnapInstaller } from './snap';
import { findWingetExecutable, WingetInstaller } from './winget';

export * from './installer';

/** The catalogue's name for a Node platform ('not available on Linux'); null for one Loadout does not serve. */
export function platformName(platform: NodeJS.Platform): Platform | null {
  return PLATFORMS.find((each) => NODE_PLATFORMS[each] === platform) ?? null;
}

/** The real managers each OS may have, in the order they are preferred (src/shared/package-managers.ts). */
export function managersOf(platform: NodeJS.Platform): readonly ManagerName[] {
  const name = platformName(platform);
  return name ? managersOfPlatform(name) : [];
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
    case 'choco':
      return new ChocoInstaller(deps);
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
  for (const name of managersOf(platform)) {
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

/**
 * Which manager installs this app here: on Linux apt, then Flatpak, then Snap; on macOS a cask,
 * then a formula; on Windows winget, then Chocolatey — the first the app has a package for and the machine has.
 * With `simulated` available, the app's preferred package for this platform goes to it. Null
 * when nothing fits: the caller reports "not available on <platform>".
 */
export function chooseManager(packages: AppPackages, available: readonly ManagerName[], platform: NodeJS.Platform): ChosenPackage | null {
  const simulated = available.includes('simulated');
  const platformId = platformName(platform);
  for (const field of platformId ? fieldsOfPlatform(platformId) : []) {
    const name = packages[field]?.trim();
    if (!name) continue;
    const source = packageSource(field);
    if (!simulated && !available.includes(source.manager)) continue;
    const id: PackageId = 'cask' in source ? { name, cask: true } : { name };
    return { manager: simulated ? 'simulated' : source.manager, id };
  }
  return null;
}

/** "Not available on Linux": the sentence for an app chooseManager found no manager for. */
export function notAvailableMessage(platform: NodeJS.Platform): string {
  const id = platformName(platform);
  return `Not available on ${id ? platformDisplayName(id) : platform}`;
}
