import type { AgentMessage, InventoryPackage, ManagerName } from '@shared/agent/protocol';

import type { Installer, PackageId } from './installers/installer';
import type { Lane } from './lane';
import type { Logger } from './log';
import { oneLine } from './report';

/** The protocol's limit on one inventory message. */
export const INVENTORY_MAX = 600;

export interface RequestedPackage {
  manager: ManagerName;
  id: string;
}

export interface InventoryOptions {
  installers: ReadonlyMap<ManagerName, Installer>;
  send: (message: AgentMessage) => void;
  lane: Lane;
  log: Logger;
}

/**
 * Which of the catalogue's packages (the server's last inventory.request) are installed here,
 * and which have a newer version. With `simulated`, it answers for every manager, under the
 * manager the server asked about, so the server matches the catalogue's ids as it would for
 * real ones.
 */
export class InventoryReporter {
  private requested: readonly RequestedPackage[] | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly options: InventoryOptions) {}

  request(packages: readonly RequestedPackage[]): Promise<void> {
    this.requested = packages;
    return this.report();
  }

  /** Reports again with the last request (timer, after a job); nothing before the first request. */
  report(): Promise<void> {
    if (!this.requested) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.collectAndSend().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.report();
      }
    });
    return this.running;
  }

  private async collectAndSend(): Promise<void> {
    const packages = await this.collect(this.requested ?? []);
    this.options.send({ type: 'inventory', packages: packages.slice(0, INVENTORY_MAX) });
  }

  async collect(requested: readonly RequestedPackage[]): Promise<InventoryPackage[]> {
    const { installers, lane, log } = this.options;
    const simulated = installers.get('simulated');
    const byManager = new Map<ManagerName, string[]>();
    for (const entry of requested) byManager.set(entry.manager, [...(byManager.get(entry.manager) ?? []), entry.id]);
    const found: InventoryPackage[] = [];
    for (const [manager, names] of byManager) {
      const installer = simulated ?? installers.get(manager);
      if (!installer) continue;
      // A Homebrew name may be a cask or a formula: ask for both, report it once.
      const ids: PackageId[] =
        manager === 'brew' ? names.flatMap((name) => [{ name, cask: true }, { name }]) : names.map((name) => ({ name }));
      try {
        const entries = await lane.run(() => installer.inventory(ids));
        const seen = new Set<string>();
        for (const entry of entries) {
          if (seen.has(entry.id.name)) continue;
          seen.add(entry.id.name);
          found.push({
            manager,
            id: entry.id.name,
            installedVersion: oneLine(entry.installedVersion, 100),
            availableVersion: entry.upgradable && entry.availableVersion ? oneLine(entry.availableVersion, 100) || null : null,
          });
        }
      } catch (error) {
        log.warn(`${installer.name}: inventory failed: ${(error as Error).message}`);
      }
    }
    return found;
  }
}
