import { describe, expect, it } from 'vitest';

import type { AgentMessage } from '@shared/agent/protocol';

import type { Installer, InventoryEntry, PackageId } from './installers/installer';
import { INDEX_REFRESH_MIN_INTERVAL_MS, InventoryReporter } from './inventory';
import { Lane } from './lane';
import type { Logger } from './log';

/** An apt that sees version 2.0 of `hello` available only once its index was refreshed. */
function fakeApt(refreshFails = false) {
  const calls: string[] = [];
  let refreshed = false;
  const installer = {
    name: 'apt',
    refreshIndex: async () => {
      calls.push('refresh');
      if (refreshFails) throw new Error('Temporary failure resolving deb.debian.org');
      refreshed = true;
    },
    inventory: async (ids: PackageId[]): Promise<InventoryEntry[]> => {
      calls.push('inventory');
      return ids.map((id) => ({ id, installedVersion: '1.0', upgradable: refreshed, availableVersion: refreshed ? '2.0' : null }));
    },
  } as unknown as Installer;
  return { installer, calls };
}

function reporter(installer: Installer, clock: { now: number }) {
  const sent: AgentMessage[] = [];
  const warnings: string[] = [];
  const log: Logger = { info: () => undefined, warn: (message) => warnings.push(message), error: () => undefined };
  const inventory = new InventoryReporter({
    installers: new Map([['apt', installer]]),
    send: (message) => sent.push(message),
    lane: new Lane(),
    log,
    now: () => clock.now,
  });
  const lastAvailable = () => {
    const last = sent.at(-1);
    return last?.type === 'inventory' ? last.packages[0]?.availableVersion : undefined;
  };
  return { inventory, sent, warnings, lastAvailable };
}

const HELLO = [{ manager: 'apt' as const, id: 'hello' }];

describe('InventoryReporter', () => {
  it('on Check now refreshes the index first, so a version published since the last update is reported', async () => {
    const apt = fakeApt();
    const clock = { now: 1_000_000 };
    const { inventory, lastAvailable } = reporter(apt.installer, clock);
    await inventory.request(HELLO);
    expect(apt.calls).toEqual(['inventory']);
    expect(lastAvailable()).toBeNull();

    await inventory.request(HELLO, { refresh: true });
    expect(apt.calls).toEqual(['inventory', 'refresh', 'inventory']);
    expect(lastAvailable()).toBe('2.0');
  });

  it(`refreshes a manager's index at most once every ${INDEX_REFRESH_MIN_INTERVAL_MS / 60_000} minutes, however often Check now is pressed`, async () => {
    const apt = fakeApt();
    const clock = { now: 1_000_000 };
    const { inventory } = reporter(apt.installer, clock);
    await inventory.request(HELLO, { refresh: true });
    clock.now += INDEX_REFRESH_MIN_INTERVAL_MS - 1;
    await inventory.request(HELLO, { refresh: true });
    expect(apt.calls.filter((call) => call === 'refresh')).toHaveLength(1);
    clock.now += 1;
    await inventory.request(HELLO, { refresh: true });
    expect(apt.calls.filter((call) => call === 'refresh')).toHaveLength(2);
  });

  it('still reports what is installed when the refresh fails (no network), and says why in the log', async () => {
    const apt = fakeApt(true);
    const { inventory, sent, warnings } = reporter(apt.installer, { now: 0 });
    await inventory.request(HELLO, { refresh: true });
    expect(sent.at(-1)).toMatchObject({ type: 'inventory', packages: [{ id: 'hello', installedVersion: '1.0' }] });
    expect(warnings).toEqual(['apt: refreshing its index failed: Temporary failure resolving deb.debian.org']);
  });

  it('tells a security update as such, and says nothing of security where the manager did not', async () => {
    const installer = {
      name: 'apt',
      refreshIndex: async () => undefined,
      inventory: async (): Promise<InventoryEntry[]> => [
        { id: { name: 'jq' }, installedVersion: '1.6-1', upgradable: true, availableVersion: '1.6-2', security: true },
        { id: { name: 'bash' }, installedVersion: '5.2-1', upgradable: true, availableVersion: '5.2-2', security: false },
        // A security mark without a newer version means nothing.
        { id: { name: 'sl' }, installedVersion: '5.02-1', upgradable: false, availableVersion: null, security: true },
      ],
    } as unknown as Installer;
    const { inventory, sent } = reporter(installer, { now: 0 });
    await inventory.request([
      { manager: 'apt', id: 'jq' },
      { manager: 'apt', id: 'bash' },
      { manager: 'apt', id: 'sl' },
    ]);
    const last = sent.at(-1);
    expect(last?.type === 'inventory' ? last.packages : []).toEqual([
      { manager: 'apt', id: 'jq', installedVersion: '1.6-1', availableVersion: '1.6-2', security: true },
      { manager: 'apt', id: 'bash', installedVersion: '5.2-1', availableVersion: '5.2-2' },
      { manager: 'apt', id: 'sl', installedVersion: '5.02-1', availableVersion: null },
    ]);
  });
});
