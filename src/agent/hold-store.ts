import { join } from 'node:path';
import { z } from 'zod';

import { MANAGER_NAMES, type ManagerName } from '@shared/agent/protocol';

import { readJsonFile, writePrivateJson } from './config-store';
import type { PackageId } from './installers/installer';
import type { Logger } from './log';

export const HOLDS_FILE = 'holds.json';

/** How many holds the file keeps; far more than any machine's pinned apps. */
const MAX_HOLDS = 2_000;

const fileSchema = z.object({
  version: z.literal(1),
  holds: z
    .array(
      z.object({ manager: z.enum(MANAGER_NAMES), name: z.string().max(255), cask: z.boolean().optional(), version: z.string().max(64) }),
    )
    .max(MAX_HOLDS),
});

type Held = z.infer<typeof fileSchema>['holds'][number];

const keyOf = (manager: ManagerName, id: PackageId) => `${manager}\u0000${id.cask ? 'cask' : ''}\u0000${id.name}`;

/**
 * The package-manager holds this agent set for pinned apps (docs/pinned-versions.md), kept in
 * the agent's state folder so that an unpin or an uninstall clears only a hold Loadout made, never
 * one the person made themselves. Without a folder (tests) it lives in memory.
 */
export class HoldStore {
  private constructor(
    private readonly dir: string | null,
    private readonly held: Map<string, Held>,
    private readonly log: Logger | null,
  ) {}

  static inMemory(): HoldStore {
    return new HoldStore(null, new Map(), null);
  }

  static async open(dir: string, log: Logger): Promise<HoldStore> {
    const file = join(dir, HOLDS_FILE);
    const held = new Map<string, Held>();
    try {
      const parsed = fileSchema.safeParse(await readJsonFile(file, (message) => new Error(message), 'starting afresh'));
      if (parsed.success) for (const entry of parsed.data.holds) held.set(keyOf(entry.manager, entry), entry);
    } catch (error) {
      log.warn(`The holds this agent set are forgotten: ${(error as Error).message}`);
    }
    return new HoldStore(dir, held, log);
  }

  /** The version this agent held the package at, or null when it holds nothing there. */
  heldAt(manager: ManagerName, id: PackageId): string | null {
    return this.held.get(keyOf(manager, id))?.version ?? null;
  }

  /** Every hold this agent set, with the package it holds. */
  entries(): { manager: ManagerName; id: PackageId; version: string }[] {
    return [...this.held.values()].map((entry) => ({
      manager: entry.manager,
      id: { name: entry.name, ...(entry.cask ? { cask: true } : {}) },
      version: entry.version,
    }));
  }

  async add(manager: ManagerName, id: PackageId, version: string): Promise<void> {
    this.held.set(keyOf(manager, id), { manager, name: id.name, ...(id.cask ? { cask: true } : {}), version });
    await this.save();
  }

  async remove(manager: ManagerName, id: PackageId): Promise<void> {
    if (this.held.delete(keyOf(manager, id))) await this.save();
  }

  private async save(): Promise<void> {
    if (!this.dir) return;
    try {
      await writePrivateJson(this.dir, HOLDS_FILE, { version: 1, holds: [...this.held.values()].slice(-MAX_HOLDS) });
    } catch (error) {
      this.log?.warn(`Could not keep the holds this agent set: ${(error as Error).message}`);
    }
  }
}
