import { beforeEach, describe, expect, it, vi } from 'vitest';

import { AGENT_EVENT_CHANNEL, BRIDGE_CHANNELS, NOT_ENROLLED, type AgentEvent, type LoadoutBridge } from '@shared/desktop/bridge';

const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: {
    invoke: vi.fn((..._args: unknown[]) => Promise.resolve<unknown>(undefined)),
    send: vi.fn(),
    listeners: new Map<string, Set<(...args: unknown[]) => void>>(),
    on(channel: string, listener: (...args: unknown[]) => void) {
      if (!this.listeners.has(channel)) this.listeners.set(channel, new Set());
      this.listeners.get(channel)?.add(listener);
    },
    removeListener(channel: string, listener: (...args: unknown[]) => void) {
      this.listeners.get(channel)?.delete(listener);
    },
  },
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
    expect(Object.keys(api).sort()).toEqual([...Object.keys(BRIDGE_CHANNELS), 'onAgentEvent'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
    expect(Object.values(api)).not.toContain(electron.ipcRenderer.invoke);
  });

  it('calls each operation on its own channel', async () => {
    const api = await exposedBridge();
    await api.openExternal('https://example.com/');
    await api.getAppInfo();
    await api.enroll({ code: 'K7QM2-ABCDE' });
    await api.getAgentStatus();
    await api.unenroll();
    await api.getHardwareFingerprint();
    expect(electron.ipcRenderer.invoke.mock.calls).toEqual([
      [BRIDGE_CHANNELS.openExternal, 'https://example.com/'],
      [BRIDGE_CHANNELS.getAppInfo],
      [BRIDGE_CHANNELS.enroll, { code: 'K7QM2-ABCDE' }],
      [BRIDGE_CHANNELS.getAgentStatus],
      [BRIDGE_CHANNELS.unenroll],
      [BRIDGE_CHANNELS.getHardwareFingerprint],
    ]);
  });

  it('hands agent events to the listener without the IPC event (it carries ipcRenderer), until unsubscribed', async () => {
    const api = await exposedBridge();
    const received: unknown[][] = [];
    const stop = api.onAgentEvent((...args) => received.push(args));
    const event: AgentEvent = { type: 'status', status: NOT_ENROLLED };
    const emit = () => {
      for (const listener of electron.ipcRenderer.listeners.get(AGENT_EVENT_CHANNEL) ?? [])
        listener({ sender: electron.ipcRenderer }, event);
    };
    emit();
    stop();
    emit();
    expect(received).toEqual([[event]]);
  });
});
