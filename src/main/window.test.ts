import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createMainWindow, mainWindowOptions } from './window';

const electron = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  class FakeBrowserWindow {
    static created: FakeBrowserWindow[] = [];
    readonly listeners = new Map<string, Listener>();
    readonly contentsListeners = new Map<string, Listener>();
    readonly loadURL = vi.fn((_url: string) => Promise.resolve());
    readonly webContents = {
      setWindowOpenHandler: vi.fn(),
      on: (name: string, listener: Listener) => {
        this.contentsListeners.set(name, listener);
      },
    };
    constructor(readonly options: Record<string, unknown>) {
      FakeBrowserWindow.created.push(this);
    }
    on(name: string, listener: Listener) {
      this.listeners.set(name, listener);
      return this;
    }
    once(name: string, listener: Listener) {
      return this.on(name, listener);
    }
    show = vi.fn();
  }
  return { BrowserWindow: FakeBrowserWindow, shell: { openExternal: vi.fn(() => Promise.resolve()) } };
});
vi.mock('electron', () => electron);

const options = { serverUrl: 'http://localhost:3000', preloadPath: '/app/out/preload/index.cjs' };

beforeEach(() => {
  electron.BrowserWindow.created.length = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('mainWindowOptions', () => {
  it('isolates and sandboxes the renderer, without Node', () => {
    expect(mainWindowOptions(options).webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});

describe('createMainWindow', () => {
  it('opens the web app with the secure options and its security policy', () => {
    createMainWindow(options);
    const [window] = electron.BrowserWindow.created;
    expect(window?.options).toEqual(mainWindowOptions(options));
    expect(window?.loadURL).toHaveBeenCalledWith('http://localhost:3000');
    expect(window?.webContents.setWindowOpenHandler).toHaveBeenCalled();
    expect([...(window?.contentsListeners.keys() ?? [])]).toEqual(
      expect.arrayContaining(['will-navigate', 'will-redirect', 'will-attach-webview']),
    );
  });

  it('shows a notice and retries while the server does not answer', () => {
    createMainWindow(options);
    const [window] = electron.BrowserWindow.created;
    const failLoad = window?.contentsListeners.get('did-fail-load');
    failLoad?.({}, -102, 'ERR_CONNECTION_REFUSED', 'http://localhost:3000/', true);
    expect(window?.loadURL).toHaveBeenLastCalledWith(expect.stringMatching(/^data:text\/html/));
    vi.advanceTimersByTime(5_000);
    expect(window?.loadURL).toHaveBeenLastCalledWith('http://localhost:3000');
  });

  it('ignores aborted loads and sub-frame failures', () => {
    createMainWindow(options);
    const [window] = electron.BrowserWindow.created;
    const failLoad = window?.contentsListeners.get('did-fail-load');
    failLoad?.({}, -3, 'ERR_ABORTED', 'http://localhost:3000/', true);
    failLoad?.({}, -102, 'ERR_CONNECTION_REFUSED', 'https://js.stripe.com/', false);
    expect(window?.loadURL).toHaveBeenCalledTimes(1);
  });
});
