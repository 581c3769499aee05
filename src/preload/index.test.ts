import { beforeEach, describe, expect, it, vi } from 'vitest';

import { BRIDGE_CHANNELS, type LoadoutBridge } from '@shared/desktop/bridge';

const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn((..._args: unknown[]) => Promise.resolve<unknown>(undefined)), send: vi.fn(), on: vi.fn() },
}));
vi.mock('electron', () => electron);

async function exposedBridge(): Promise<LoadoutBridge> {
  vi.resetModules();
  electron.contextBridge.exposeInMainWorld.mockClear();
  await import('./index');
  expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
  const [key, api] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [string, LoadoutBridge];
  expect(key).toBe('loadout');
  return api;
}

beforeEach(() => {
  electron.ipcRenderer.invoke.mockClear();
});

describe('window.loadout', () => {
  it('exposes one function per operation and nothing of ipcRenderer', async () => {
    const api = await exposedBridge();
    expect(Object.keys(api).sort()).toEqual(Object.keys(BRIDGE_CHANNELS).sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
    expect(Object.values(api)).not.toContain(electron.ipcRenderer.invoke);
  });

  it('calls each operation on its own channel', async () => {
    const api = await exposedBridge();
    await api.openExternal('https://example.com/');
    await api.getAppInfo();
    expect(electron.ipcRenderer.invoke.mock.calls).toEqual([
      [BRIDGE_CHANNELS.openExternal, 'https://example.com/'],
      [BRIDGE_CHANNELS.getAppInfo],
    ]);
  });
});
