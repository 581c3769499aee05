import { describe, expect, it, vi } from 'vitest';

import { SERVER_SETUP_CHANNEL } from '@shared/desktop/channels';

const electron = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn((..._args: unknown[]) => Promise.resolve<unknown>({ ok: true })) },
}));
vi.mock('electron', () => electron);

describe('window.loadoutSetup', () => {
  it('exposes only connect, on the setup channel main listens to', async () => {
    await import('./setup');
    const [key, api] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [
      string,
      { connect: (server: string) => Promise<unknown> },
    ];
    expect(key).toBe('loadoutSetup');
    expect(Object.keys(api)).toEqual(['connect']);
    await api.connect('https://loadout.example');
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith(SERVER_SETUP_CHANNEL, 'https://loadout.example');
  });
});
