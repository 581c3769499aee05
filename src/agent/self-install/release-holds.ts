import type { ManagerName } from '@shared/agent/protocol';

import { HoldStore } from '../hold-store';
import type { Installer } from '../installers/installer';
import type { Logger } from '../log';

/** What uninstalling the agent did with the holds it had set for pinned apps. */
export interface HoldsReleased {
  /** "apt hello (held at 2.10-3)" for each hold released. */
  released: string[];
  /** Holds that stay, and why; holds.json then stays too, as their record. */
  kept: { hold: string; why: string }[];
}

/**
 * Uninstalling the agent releases the holds it set (a pinned app would otherwise never update
 * again, with nothing left to unpin it), and only those: holds.json records them, so a hold the
 * person set themselves with apt-mark, brew pin or snap is never touched.
 */
export async function releaseAgentHolds(
  configDir: string,
  installers: () => Promise<ReadonlyMap<ManagerName, Installer>>,
  log: Logger,
): Promise<HoldsReleased> {
  const store = await HoldStore.open(configDir, log);
  const result: HoldsReleased = { released: [], kept: [] };
  const holds = store.entries();
  if (holds.length === 0) return result;
  const available = await installers();
  const signal = new AbortController().signal;
  for (const { manager, id, version } of holds) {
    const hold = `${manager} ${id.name} (held at ${version})`;
    const installer = available.get(manager);
    if (!installer?.releaseHold) {
      result.kept.push({ hold, why: `${manager} does not answer here` });
      continue;
    }
    const released = await installer.releaseHold(id, signal).catch((error: unknown) => ({ ok: false, message: (error as Error).message }));
    if (released.ok) {
      await store.remove(manager, id);
      result.released.push(hold);
    } else result.kept.push({ hold, why: released.message });
  }
  return result;
}
