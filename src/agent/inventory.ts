import type { AgentMessage, InventoryPackage, ManagerName } from '@shared/agent/protocol';

import type { Installer, PackageId } from './installers/installer';
import type { Lane } from './lane';
import type { Logger } from './log';
import { oneLine } from './safe-text';

/** The protocol's limit on one inventory message. */
export const INVENTORY_MAX = 600;

/**
 * Check now refreshes a manager's index at most this often: apt-get update or brew update costs
 * seconds to minutes and load on mirrors, and the server already lets a person ask once a minute.
 */
export const INDEX_REFRESH_MIN_INTERVAL_MS = 5 * 60_000;

export interface RequestedPackage {
  manager: ManagerName;
  id: string;
}

export interface InventoryOptions {
  installers: ReadonlyMap<ManagerName, Installer>;
  send: (message: AgentMessage) => void;
  lane: Lane;
  log: Logger;
  now?: () => number;
}

/**
 * Which of the catalogue's packages (the server's last inventory.request) are installed here,
 * and which have a newer version. With `simulated`, it answers for every manager, under the
 * manager the server asked about, so the server matches the catalogue's ids as it would for
 * real ones.
 */
export class InventoryReporter {
  private requested: readonly RequestedPackage[] | null = null;
  /** manager → when its index was last refreshed for Check now. */
  private readonly refreshedAt = new Map<string, number>();
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly options: InventoryOptions) {}

  /**
   * The server's inventory.request. With `refresh` (the person pressed Check now), the managers
   * asked about refresh their indexes first, each at most once per INDEX_REFRESH_MIN_INTERVAL_MS.
   */
  async request(packages: readonly RequestedPackage[], { refresh = false } = {}): Promise<void> {
    this.requested = packages;
    if (refresh) await this.refreshIndexes(new Set(packages.map((entry) => entry.manager)));
    return this.report();
  }

  private async refreshIndexes(managers: ReadonlySet<ManagerName>): Promise<void> {
    const { installers, lane, log } = this.options;
    const now = (this.options.now ?? Date.now)();
    for (const manager of managers) {
      const installer = installers.get('simulated') ?? installers.get(manager);
      if (!installer?.refreshIndex || now - (this.refreshedAt.get(installer.name) ?? -Infinity) < INDEX_REFRESH_MIN_INTERVAL_MS) continue;
      this.refreshedAt.set(installer.name, now);
      // In the lane: never beside an install of the same manager (apt's lock, brew's).
      await lane
        .run(() => installer.refreshIndex!())
        .catch((error: unknown) => log.warn(`${installer.name}: refreshing its index failed: ${(error as Error).message}`));
    }
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
            ...(entry.upgradable && entry.security ? { security: true } : {}),
          });
        }
      } catch (error) {
        log.warn(`${installer.name}: inventory failed: ${(error as Error).message}`);
      }
    }
    return found;
  }
}
