import { beforeEach, describe, expect, it, vi } from 'vitest';

import { BRIDGE_CHANNELS, EXTERNAL_URL_MAX_LENGTH } from '@shared/desktop/bridge';

import { BridgeInputError, registerIpcHandlers, removeIpcHandlers } from './ipc';

type InvokeHandler = (event: unknown, ...args: unknown[]) => Promise<unknown>;

const electron = vi.hoisted(() => {
  const handlers = new Map<string, InvokeHandler>();
  return {
    handlers,
    ipcMain: {
      handle: vi.fn((channel: string, handler: InvokeHandler) => {
        handlers.set(channel, handler);
      }),
      removeHandler: vi.fn((channel: string) => {
        handlers.delete(channel);
      }),
    },
    shell: { openExternal: vi.fn((_url: string) => Promise.resolve()) },
    app: { getVersion: () => '1.2.3' },
  };
});
vi.mock('electron', () => electron);

const APP_ORIGIN = 'http://localhost:3000';
const fromApp = { senderFrame: { url: `${APP_ORIGIN}/settings` } };

function invoke(channel: string, event: unknown, ...args: unknown[]): Promise<unknown> {
  const handler = electron.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler(event, ...args);
}

beforeEach(() => {
  removeIpcHandlers();
  electron.shell.openExternal.mockClear();
  registerIpcHandlers(APP_ORIGIN);
});

describe('registration', () => {
  it('handles exactly the bridge channels and removes them again', () => {
    expect([...electron.handlers.keys()].sort()).toEqual(Object.values(BRIDGE_CHANNELS).sort());
    removeIpcHandlers();
    expect(electron.handlers.size).toBe(0);
  });
});

describe('getAppInfo', () => {
  it('answers the version and the OS', async () => {
    await expect(invoke(BRIDGE_CHANNELS.getAppInfo, fromApp)).resolves.toEqual({
      version: '1.2.3',
      platform: process.platform,
      arch: process.arch,
    });
  });

  it('refuses arguments it does not take', async () => {
    await expect(invoke(BRIDGE_CHANNELS.getAppInfo, fromApp, 'extra')).rejects.toBeInstanceOf(BridgeInputError);
  });
});

describe('openExternal', () => {
  it('opens an https link in the system browser', async () => {
    await expect(invoke(BRIDGE_CHANNELS.openExternal, fromApp, 'https://example.com/help')).resolves.toBeUndefined();
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://example.com/help');
  });

  it.each([
    ['a javascript: URL', ['javascript:alert(1)']],
    ['a file: URL', ['file:///etc/passwd']],
    ['a custom scheme', ['ms-settings:privacy']],
    ['a relative path', ['/lists']],
    ['a number', [42]],
    ['an object', [{ url: 'https://example.com' }]],
    ['no argument', []],
    ['two arguments', ['https://example.com', 'https://example.org']],
    ['an over-long URL', [`https://example.com/${'a'.repeat(EXTERNAL_URL_MAX_LENGTH)}`]],
  ])('refuses %s', async (_name, args) => {
    await expect(invoke(BRIDGE_CHANNELS.openExternal, fromApp, ...args)).rejects.toBeInstanceOf(BridgeInputError);
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
  });
});

describe('caller check', () => {
  it.each([
    ['a foreign page', { senderFrame: { url: 'https://evil.example/' } }],
    ['another port', { senderFrame: { url: 'http://localhost:3001/' } }],
    ['a data: page', { senderFrame: { url: 'data:text/html,hi' } }],
    ['a destroyed frame', { senderFrame: null }],
  ])('refuses calls from %s', async (_name, event) => {
    await expect(invoke(BRIDGE_CHANNELS.openExternal, event, 'https://example.com/')).rejects.toThrow(/not the Loadout app/);
    await expect(invoke(BRIDGE_CHANNELS.getAppInfo, event)).rejects.toBeInstanceOf(BridgeInputError);
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
  });
});
