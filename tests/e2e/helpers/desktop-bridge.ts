import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

import { BRIDGE_CHANNELS, type AgentEvent, type BridgeCall } from '@shared/desktop/bridge';

import { hardwareFingerprint } from '../../../src/agent/enrolment';
import { silentLogger } from '../../../src/agent/log';
import { DesktopAgentHost } from '../../../src/main/agent-host';
import { createBridgeHandlers, type BridgeHandler } from '../../../src/main/bridge-handlers';
import { CredentialStore, type SecretSealer } from '../../../src/main/credential-store';

/**
 * A keychain for the test: reversible, and visibly not plain text in the file. The OS keychain
 * (safeStorage) is the one edge of the desktop client this machine cannot offer.
 */
const testSealer: SecretSealer = {
  isEncryptionAvailable: () => true,
  encryptString: (text) => Buffer.from(`sealed:${Buffer.from(text).toString('hex')}`),
  decryptString: (sealed) => Buffer.from(sealed.toString().slice('sealed:'.length), 'hex').toString(),
};

/**
 * The desktop client's main process without Electron: the real agent host (the Agent the
 * headless client runs, with the simulated installer) and the real bridge handlers, reached by
 * the page as `window.loadout` exactly as the preload exposes it. Only the IPC transport and
 * the OS keychain are stand-ins.
 */
export class DesktopMain {
  readonly dir = mkdtempSync(join(tmpdir(), 'loadout-desktop-e2e-'));
  readonly store = new CredentialStore({ dir: join(this.dir, 'userData'), safeStorage: testSealer, platform: 'linux' });
  readonly events: AgentEvent[] = [];
  readonly host: DesktopAgentHost;
  private readonly handlers: Record<BridgeCall, BridgeHandler>;
  private readonly pages = new Set<Page>();

  constructor(serverUrl: string, options: { deviceName: string; simulateDelayMs: number }) {
    this.host = new DesktopAgentHost({
      store: this.store,
      stateDir: join(this.dir, 'userData'),
      log: silentLogger,
      installerName: 'simulated',
      simulateDelayMs: options.simulateDelayMs,
      deviceName: () => options.deviceName,
    });
    this.handlers = createBridgeHandlers({
      appInfo: () => ({ version: '0.0.0-e2e', platform: 'linux', arch: process.arch }),
      openExternal: () => Promise.resolve(),
      hardwareFingerprint,
      agent: this.host,
      serverUrl: () => serverUrl,
    });
    // main.ts sends each event to the window (sendAgentEvent); here to every page that has the bridge.
    this.host.onEvent((event) => {
      this.events.push(event);
      for (const page of this.pages) {
        page
          .evaluate((e) => (window as unknown as { __loadoutAgentEvent?: (e: unknown) => void }).__loadoutAgentEvent?.(e), event)
          .catch(() => undefined);
      }
    });
  }

  /** Puts `window.loadout` into every document of the page before the app's scripts run. */
  async attach(page: Page): Promise<void> {
    this.pages.add(page);
    await page.exposeFunction('__loadoutBridgeCall', (operation: string, args: unknown[]) => {
      if (!(operation in BRIDGE_CHANNELS)) throw new Error(`no bridge operation ${operation}`);
      return this.handlers[operation as BridgeCall](args);
    });
    await page.addInitScript((operations: string[]) => {
      type Listener = (event: unknown) => void;
      const listeners = new Set<Listener>();
      const target = window as unknown as Record<string, unknown>;
      // Looked up at call time: the exposed function is bound to the page independently of this script.
      const call = (operation: string, args: unknown[]) =>
        (target.__loadoutBridgeCall as (operation: string, args: unknown[]) => Promise<unknown>)(operation, args);
      target.__loadoutAgentEvent = (event: unknown) => {
        for (const listener of listeners) listener(event);
      };
      const bridge: Record<string, unknown> = Object.fromEntries(
        operations.map((operation) => [operation, (...args: unknown[]) => call(operation, args)]),
      );
      bridge.onAgentEvent = (listener: Listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      };
      Object.defineProperty(window, 'loadout', { value: Object.freeze(bridge) });
    }, Object.keys(BRIDGE_CHANNELS));
  }

  async close(): Promise<void> {
    await this.host.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
