import { beforeEach, describe, expect, it, vi } from 'vitest';

import { AGENT_EVENT_CHANNEL, BRIDGE_CHANNELS, NOT_ENROLLED, type BridgeCall } from '@shared/desktop/bridge';

import { BridgeInputError, type BridgeHandler } from './bridge-handlers';
import { registerIpcHandlers, removeIpcHandlers, sendAgentEvent } from './ipc';

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
  };
});
vi.mock('electron', () => electron);

const APP_ORIGIN = 'http://localhost:3000';
const fromApp = { senderFrame: { url: `${APP_ORIGIN}/settings` } };

const calls: [BridgeCall, unknown[]][] = [];
const handlers = Object.fromEntries(
  (Object.keys(BRIDGE_CHANNELS) as BridgeCall[]).map((operation) => [
    operation,
    (args: unknown[]) => {
      calls.push([operation, args]);
      return Promise.resolve(`${operation} answered`);
    },
  ]),
) as Record<BridgeCall, BridgeHandler>;

function invoke(channel: string, event: unknown, ...args: unknown[]): Promise<unknown> {
  const handler = electron.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler(event, ...args);
}

beforeEach(() => {
  removeIpcHandlers();
  calls.length = 0;
  registerIpcHandlers(APP_ORIGIN, handlers);
});

describe('registration', () => {
  it('handles exactly the bridge channels and removes them again', () => {
    expect([...electron.handlers.keys()].sort()).toEqual(Object.values(BRIDGE_CHANNELS).sort());
    removeIpcHandlers();
    expect(electron.handlers.size).toBe(0);
  });

  it('hands each channel’s arguments to its own operation', async () => {
    await expect(invoke(BRIDGE_CHANNELS.enroll, fromApp, { code: 'ABCDE-12345' })).resolves.toBe('enroll answered');
    await expect(invoke(BRIDGE_CHANNELS.getAgentStatus, fromApp)).resolves.toBe('getAgentStatus answered');
    expect(calls).toEqual([
      ['enroll', [{ code: 'ABCDE-12345' }]],
      ['getAgentStatus', []],
    ]);
  });
});

describe('caller check', () => {
  it.each([
    ['a foreign page', { senderFrame: { url: 'https://evil.example/' } }],
    ['another port', { senderFrame: { url: 'http://localhost:3001/' } }],
    ['the same host over https', { senderFrame: { url: 'https://localhost:3000/' } }],
    ['a data: page', { senderFrame: { url: 'data:text/html,hi' } }],
    ['a file: page', { senderFrame: { url: 'file:///tmp/index.html' } }],
    ['a destroyed frame', { senderFrame: null }],
  ])('refuses every call from %s before it reaches the operation', async (_name, event) => {
    for (const channel of Object.values(BRIDGE_CHANNELS)) {
      await expect(invoke(channel, event, { code: 'ABCDE-12345' })).rejects.toBeInstanceOf(BridgeInputError);
    }
    await expect(invoke(BRIDGE_CHANNELS.enroll, event, { code: 'ABCDE-12345' })).rejects.toThrow(/not the Loadout app/);
    expect(calls).toEqual([]);
  });
});

describe('agent events to the window', () => {
  function fakeContents(url: string, destroyed = false) {
    return { isDestroyed: () => destroyed, getURL: () => url, send: vi.fn() };
  }
  const event = { type: 'status', status: NOT_ENROLLED } as const;

  it('go to the window while it shows the app', () => {
    const contents = fakeContents(`${APP_ORIGIN}/devices`);
    expect(sendAgentEvent(contents as never, APP_ORIGIN, event)).toBe(true);
    expect(contents.send).toHaveBeenCalledWith(AGENT_EVENT_CHANNEL, event);
  });

  it.each([
    ['a foreign page', 'https://evil.example/'],
    ['the unreachable-server page', 'data:text/html,Cannot reach Loadout'],
  ])('are not sent to %s', (_name, url) => {
    const contents = fakeContents(url);
    expect(sendAgentEvent(contents as never, APP_ORIGIN, event)).toBe(false);
    expect(contents.send).not.toHaveBeenCalled();
  });

  it('are dropped for a closed window', () => {
    const contents = fakeContents(`${APP_ORIGIN}/`, true);
    expect(sendAgentEvent(contents as never, APP_ORIGIN, event)).toBe(false);
  });
});
