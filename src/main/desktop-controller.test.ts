import { EventEmitter } from 'node:events';
import type { App, BrowserWindow } from 'electron';
import { describe, expect, it, vi } from 'vitest';

import type { AgentEvent, EnrolmentRequest } from '@shared/desktop/bridge';
import { perPackageField } from '@shared/package-managers';

import type { AgentExit, AgentOptions } from '../agent/agent';
import type { AgentConfig } from '../agent/config-store';
import { silentLogger } from '../agent/log';
import { DesktopAgentHost, type EnrolmentStore, type RunningAgent } from './agent-host';
import type { BridgeHandler } from './bridge-handlers';
import { DesktopController, type DesktopApp, type DesktopControllerDeps, type DesktopWindow } from './desktop-controller';
import type { JobNotification } from './job-notification';
import type { DesktopSettings } from './settings';
import type { TrayActions, TrayView } from './tray';

const SERVER = 'https://loadout.example';
const OTHER = 'https://other.example';
const link = (server: string, code = 'K7QM2-ABCDE') => `loadout://enroll?server=${encodeURIComponent(server)}&code=${code}`;
const ENROLLED: AgentConfig = { server: SERVER, deviceId: 'device-1', deviceName: 'Desk', credential: 'secret-credential' };

// Checked by tsc: Electron's own `app` and windows fit the interfaces, so index.ts passes them as they are.
const electronFits: [App extends DesktopApp ? true : never, BrowserWindow extends DesktopWindow ? true : never] = [true, true];

/** Electron's app as far as the controller sees it: quitting asks 'before-quit' first, as Electron does. */
class FakeApp extends EventEmitter {
  quitAsked = 0;
  exitCode: number | null = null;
  quitted = false;
  relaunchedWith: string[] | null = null;
  constructor(private readonly events: string[]) {
    super();
  }
  quit() {
    this.quitAsked += 1;
    const event = { prevented: false, preventDefault: () => (event.prevented = true) };
    this.emit('before-quit', event);
    if (event.prevented) return;
    this.events.push('app quit');
    this.quitted = true;
    this.emit('will-quit');
  }
  exit(code = 0) {
    this.exitCode = code;
  }
  relaunch(options?: { args?: string[] }) {
    this.relaunchedWith = options?.args ?? [];
  }
}

class FakeWindow extends EventEmitter implements DesktopWindow {
  hidden = false;
  destroyed = false;
  constructor(readonly serverUrl: string) {
    super();
  }
  isDestroyed() {
    return this.destroyed;
  }
  hide() {
    this.hidden = true;
  }
  /** The person closes the window (or the OS does at quit). */
  close() {
    const event = { prevented: false, preventDefault: () => (event.prevented = true) };
    this.emit('close', event);
    if (event.prevented) return;
    this.destroyed = true;
    this.emit('closed');
  }
}

/** Stands in for Agent: runs until stopped; a stop lets the running call finish a moment later. */
class FakeAgent implements RunningAgent {
  private end!: (exit: AgentExit) => void;
  private readonly ended = new Promise<AgentExit>((resolve) => (this.end = resolve));
  constructor(
    readonly options: AgentOptions,
    private readonly events: string[],
  ) {}
  run() {
    return this.ended;
  }
  stop() {
    this.events.push('agent stop asked');
    setTimeout(() => {
      this.events.push('agent stopped');
      this.end({ reason: 'stopped' });
    }, 20);
  }
  pause() {
    this.events.push('agent pause');
  }
  resume() {
    this.events.push('agent resume');
  }
}

class MemoryStore implements EnrolmentStore {
  constructor(public config: AgentConfig | null) {}
  async load() {
    return this.config;
  }
  async save(config: AgentConfig) {
    this.config = config;
  }
  async clear() {
    this.config = null;
  }
  checkCanSave() {}
}

interface SetUpOptions {
  settings?: DesktopSettings;
  argv?: string[];
  env?: NodeJS.ProcessEnv;
  enrolled?: AgentConfig | null;
  /** What the server-address window answers. */
  serverAnswer?: string | null;
  /** Whether the person confirms a link. */
  confirmLink?: boolean;
}

function setUp(options: SetUpOptions = {}) {
  const events: string[] = [];
  const app = new FakeApp(events);
  let settings: DesktopSettings = { ...(options.settings ?? { serverUrl: SERVER }) };
  const windows: FakeWindow[] = [];
  const revealed: FakeWindow[] = [];
  const agents: FakeAgent[] = [];
  const enrolCodes: string[] = [];
  const trayViews: TrayView[] = [];
  const store = new MemoryStore(options.enrolled ?? null);
  let trayActions: TrayActions | null = null;
  let bridge: Record<string, BridgeHandler> | null = null;
  let host: DesktopAgentHost | null = null;

  const deps: DesktopControllerDeps<FakeWindow> = {
    app,
    argv: ['/opt/Loadout/loadout', ...(options.argv ?? [])],
    env: options.env ?? {},
    settings: {
      load: async () => ({ ...settings }),
      update: async (patch) => (settings = { ...settings, ...patch }),
    },
    serviceAvailable: false,
    openLog: () => silentLogger,
    createHost: ({ log }) => {
      host = new DesktopAgentHost({
        store,
        stateDir: '/nonexistent',
        log,
        deviceName: () => 'Desk',
        createAgent: (agentOptions) => {
          const agent = new FakeAgent(agentOptions, events);
          agents.push(agent);
          return agent;
        },
        enroll: async ({ code, deviceId, deviceName }) => {
          enrolCodes.push(code);
          return { credential: 'secret-credential', device: { device_id: deviceId, device_name: deviceName } as never };
        },
      });
      return host;
    },
    createWindow: (serverUrl) => {
      const window = new FakeWindow(serverUrl);
      windows.push(window);
      events.push(`window opened on ${serverUrl}`);
      return window;
    },
    revealWindow: (window) => {
      window.hidden = false;
      revealed.push(window);
    },
    createTray: (actions) => {
      trayActions = actions;
      return { show: (view) => trayViews.push(view), destroy: () => events.push('tray removed') };
    },
    askForServer: vi.fn(async () => (options.serverAnswer === undefined ? SERVER : options.serverAnswer)),
    showError: vi.fn(),
    prompts: {
      confirmEnrolmentLink: vi.fn(
        async (_parent: FakeWindow | null, _request: EnrolmentRequest, _from: string | null) => options.confirmLink ?? true,
      ),
      showLinkRefused: vi.fn(async () => undefined),
      confirmSystemService: vi.fn(async () => false),
    },
    notify: vi.fn((_notification: JobNotification, _onClick: () => void) => undefined),
    sendToWindow: vi.fn((_window: FakeWindow, _origin: string, _event: AgentEvent) => undefined),
    openBridge: (_origin, handlers) => (bridge = handlers),
    closeBridge: () => events.push('bridge closed'),
    bridge: {
      appInfo: () => ({ version: '1.0.0', platform: 'linux', arch: 'x64' }),
      openExternal: async () => undefined,
      hardwareFingerprint: async () => undefined,
    },
    setStartAtLogin: vi.fn(async () => undefined),
    quitGraceMs: 1_000,
  };
  const controller = new DesktopController(deps);
  controller.listen();
  return {
    controller,
    deps,
    app,
    events,
    windows,
    revealed,
    agents,
    enrolCodes,
    trayViews,
    store,
    settings: () => settings,
    tray: () => trayActions!,
    bridge: () => bridge!,
    host: () => host!,
    hostCreated: () => host !== null,
  };
}

describe('DesktopController', () => {
  it('typechecks against Electron', () => {
    expect(electronFits).toEqual([true, true]);
  });

  describe('first start', () => {
    it('asks for the server when none is configured, keeps the answer and opens the window on it', async () => {
      const t = setUp({ settings: {}, serverAnswer: OTHER });
      await t.controller.start();
      expect(t.deps.askForServer).toHaveBeenCalledOnce();
      expect(t.settings().serverUrl).toBe(OTHER);
      expect(t.windows.map((window) => window.serverUrl)).toEqual([OTHER]);
    });

    it('does not ask when the server is configured', async () => {
      const t = setUp({ settings: { serverUrl: SERVER } });
      await t.controller.start();
      expect(t.deps.askForServer).not.toHaveBeenCalled();
      expect(t.windows.map((window) => window.serverUrl)).toEqual([SERVER]);
    });

    it('quits without a window or an agent when the person closes the server question', async () => {
      const t = setUp({ settings: {}, serverAnswer: null });
      await t.controller.start();
      expect(t.app.quitted).toBe(true);
      expect(t.windows).toEqual([]);
      expect(t.hostCreated()).toBe(false);
    });

    it('takes the server from the link that started it, and asks before enrolling with it', async () => {
      const t = setUp({ settings: {}, argv: [link(OTHER)] });
      await t.controller.start();
      expect(t.deps.askForServer).not.toHaveBeenCalled();
      expect(t.windows.map((window) => window.serverUrl)).toEqual([OTHER]);
      await vi.waitFor(() => expect(t.enrolCodes).toEqual(['K7QM2-ABCDE']));
      expect(t.deps.prompts.confirmEnrolmentLink).toHaveBeenCalledWith(t.windows[0], { server: OTHER, code: 'K7QM2-ABCDE' }, null);
    });

    it('refuses to start on a bad LOADOUT_SERVER_URL, saying why', async () => {
      const t = setUp({ env: { LOADOUT_SERVER_URL: 'ftp://files.example' } });
      await t.controller.start();
      expect(t.deps.showError).toHaveBeenCalledWith(
        'Loadout cannot start',
        expect.stringContaining('LOADOUT_SERVER_URL must be an http(s) URL'),
      );
      expect(t.app.exitCode).toBe(1);
      expect(t.windows).toEqual([]);
    });

    it('started with the session (--hidden): tray and agent only, the window opens from the tray', async () => {
      const t = setUp({ argv: ['--hidden'], enrolled: ENROLLED });
      await t.controller.start();
      await vi.waitFor(() => expect(t.agents).toHaveLength(1));
      expect(t.windows).toEqual([]);
      t.tray().onOpen();
      expect(t.windows.map((window) => window.serverUrl)).toEqual([SERVER]);
    });
  });

  describe('a second launch', () => {
    it('brings the hidden window back instead of opening another', async () => {
      const t = setUp();
      await t.controller.start();
      t.windows[0]!.close();
      t.app.emit('second-instance', {}, ['/opt/Loadout/loadout']);
      expect(t.windows).toHaveLength(1);
      expect(t.revealed).toEqual([t.windows[0]]);
      expect(t.windows[0]!.hidden).toBe(false);
      expect(t.deps.prompts.confirmEnrolmentLink).not.toHaveBeenCalled();
    });

    it('hands its loadout:// link over: confirmed over the window, then this computer is enrolled', async () => {
      const t = setUp();
      await t.controller.start();
      t.app.emit('second-instance', {}, ['/opt/Loadout/loadout', '--no-sandbox', link(SERVER)]);
      await vi.waitFor(() => expect(t.enrolCodes).toEqual(['K7QM2-ABCDE']));
      expect(t.revealed).toContain(t.windows[0]);
      expect(t.deps.prompts.confirmEnrolmentLink).toHaveBeenCalledWith(t.windows[0], { server: SERVER, code: 'K7QM2-ABCDE' }, null);
      expect(t.agents).toHaveLength(1);
      expect(t.host().status).toMatchObject({ server: SERVER, deviceName: 'Desk' });
      // On by default after the first enrolment.
      await vi.waitFor(() => expect(t.deps.setStartAtLogin).toHaveBeenCalledWith(true));
      expect(t.settings().startAtLogin).toBe(true);
      expect(t.app.relaunchedWith).toBeNull();
    });

    it('keeps a link that arrives before the app runs (macOS open-url) and handles it once it does', async () => {
      const t = setUp();
      const event = { preventDefault: vi.fn() };
      t.app.emit('open-url', event, link(SERVER));
      expect(event.preventDefault).toHaveBeenCalled();
      expect(t.deps.prompts.confirmEnrolmentLink).not.toHaveBeenCalled();
      await t.controller.start();
      await vi.waitFor(() => expect(t.enrolCodes).toEqual(['K7QM2-ABCDE']));
    });
  });

  describe('loadout:// links', () => {
    it('enrols nothing when the person cancels', async () => {
      const t = setUp({ confirmLink: false });
      await t.controller.start();
      t.app.emit('open-url', { preventDefault() {} }, link(SERVER));
      await vi.waitFor(() => expect(t.deps.prompts.confirmEnrolmentLink).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(t.enrolCodes).toEqual([]);
      expect(t.agents).toEqual([]);
    });

    it('shows why a link is refused, and asks nothing', async () => {
      const t = setUp();
      await t.controller.start();
      t.app.emit('open-url', { preventDefault() {} }, 'loadout://enroll?server=https%3A%2F%2Fa.example&code=K7QM2-ABCDE&run=rm');
      await vi.waitFor(() =>
        expect(t.deps.prompts.showLinkRefused).toHaveBeenCalledWith(t.windows[0], 'The link has an unknown parameter "run"'),
      );
      expect(t.deps.prompts.confirmEnrolmentLink).not.toHaveBeenCalled();
      expect(t.enrolCodes).toEqual([]);
    });

    it('a link to another server: says which is replaced, enrols, keeps the new server and starts again on it without the link', async () => {
      const t = setUp({ argv: ['--enable-logging', link(OTHER)] });
      await t.controller.start();
      await vi.waitFor(() => expect(t.app.relaunchedWith).not.toBeNull());
      expect(t.windows.map((window) => window.serverUrl)).toEqual([SERVER]);
      expect(t.deps.prompts.confirmEnrolmentLink).toHaveBeenCalledWith(t.windows[0], { server: OTHER, code: 'K7QM2-ABCDE' }, SERVER);
      expect(t.enrolCodes).toEqual(['K7QM2-ABCDE']);
      expect(t.settings().serverUrl).toBe(OTHER);
      // This process's own command line, minus the spent link: the new start must not enrol again.
      expect(t.app.relaunchedWith).toEqual(['--enable-logging']);
      expect(t.app.quitAsked).toBeGreaterThan(0);
    });
  });

  describe('the tray', () => {
    it('pauses and resumes the agent, and its menu follows', async () => {
      const t = setUp({ enrolled: ENROLLED });
      await t.controller.start();
      await vi.waitFor(() => expect(t.agents).toHaveLength(1));
      t.tray().onTogglePause();
      expect(t.events).toContain('agent pause');
      expect(t.trayViews.at(-1)?.status.paused).toBe(true);
      t.tray().onTogglePause();
      expect(t.events.filter((event) => event.startsWith('agent p') || event.startsWith('agent r'))).toEqual([
        'agent pause',
        'agent resume',
      ]);
      expect(t.trayViews.at(-1)?.status.paused).toBe(false);
    });

    it('turns start at login off and keeps that choice', async () => {
      const t = setUp({ settings: { serverUrl: SERVER, startAtLogin: true } });
      await t.controller.start();
      t.tray().onToggleStartAtLogin();
      await vi.waitFor(() => expect(t.settings().startAtLogin).toBe(false));
      expect(t.deps.setStartAtLogin).toHaveBeenCalledWith(false);
      expect(t.trayViews.at(-1)?.startAtLogin).toBe(false);
    });

    it('"Change server…" keeps the new server and starts again, without --hidden', async () => {
      const t = setUp({ argv: ['--hidden', '--enable-logging'], serverAnswer: OTHER });
      await t.controller.start();
      t.tray().onChangeServer();
      await vi.waitFor(() => expect(t.app.relaunchedWith).toEqual(['--enable-logging']));
      expect(t.deps.askForServer).toHaveBeenCalledWith(SERVER);
      expect(t.settings().serverUrl).toBe(OTHER);
    });
  });

  describe('closing and quitting', () => {
    it('closing the window hides it to the tray; the agent keeps running', async () => {
      const t = setUp({ enrolled: ENROLLED });
      await t.controller.start();
      await vi.waitFor(() => expect(t.agents).toHaveLength(1));
      const [window] = t.windows;
      window!.close();
      expect(window!.hidden).toBe(true);
      expect(window!.isDestroyed()).toBe(false);
      expect(t.events).not.toContain('agent stop asked');
      expect(t.app.quitAsked).toBe(0);
      t.tray().onOpen();
      expect(t.windows).toHaveLength(1);
      expect(t.revealed).toEqual([window]);
    });

    it('quit lets the agent finish its running call before the app exits, then removes the tray and the bridge', async () => {
      const t = setUp({ enrolled: ENROLLED });
      await t.controller.start();
      await vi.waitFor(() => expect(t.agents).toHaveLength(1));
      t.tray().onQuit();
      expect(t.app.quitted).toBe(false);
      await vi.waitFor(() => expect(t.app.quitted).toBe(true));
      expect(t.events.slice(-5)).toEqual(['agent stop asked', 'agent stopped', 'app quit', 'bridge closed', 'tray removed']);
      // At quit the window closes for real.
      t.windows[0]!.close();
      expect(t.windows[0]!.isDestroyed()).toBe(true);
    });

    it('quits anyway when the agent does not stop within the grace time', async () => {
      const t = setUp({ enrolled: ENROLLED });
      t.deps.quitGraceMs = 30;
      await t.controller.start();
      await vi.waitFor(() => expect(t.agents).toHaveLength(1));
      t.agents[0]!.stop = () => t.events.push('agent stop asked');
      t.app.quit();
      await vi.waitFor(() => expect(t.app.quitted).toBe(true));
      expect(t.events).toContain('agent stop asked');
      expect(t.events).not.toContain('agent stopped');
    });
  });

  describe('the window and the bridge', () => {
    it('the bridge enrols with the window’s server, never one the page names', async () => {
      const t = setUp();
      await t.controller.start();
      const answer = await t.bridge().enroll!([{ code: 'K7QM2-ABCDE' }]);
      expect(answer).toMatchObject({ ok: true, status: { server: SERVER } });
      await expect(t.bridge().enroll!([{ code: 'K7QM2-ABCDE', server: OTHER }])).rejects.toThrow('enroll refused');
    });

    it('tells the window what the agent does, and a finished installation becomes a notification that opens the window', async () => {
      const t = setUp({ enrolled: ENROLLED });
      await t.controller.start();
      await vi.waitFor(() => expect(t.agents).toHaveLength(1));
      const observer = t.agents[0]!.options.observer!;
      observer.received?.({
        type: 'job.assign',
        job: {
          jobId: 'j1',
          installationId: 'inst-j1',
          kind: 'install',
          items: [
            {
              itemId: 'j1-0',
              appId: 1,
              name: 'VLC',
              packages: {
                ...perPackageField(() => null),
                apt_package: 'vlc',
              },
            },
          ],
        },
      });
      expect(t.deps.sendToWindow).toHaveBeenLastCalledWith(
        t.windows[0],
        new URL(SERVER).origin,
        expect.objectContaining({ type: 'status', status: expect.objectContaining({ state: 'installing' }) }),
      );
      expect(t.trayViews.at(-1)?.status.state).toBe('installing');
      observer.sent?.({
        type: 'item.progress',
        jobId: 'j1',
        itemId: 'j1-0',
        status: 'succeeded',
        manager: 'apt',
        version: null,
        exitCode: 0,
        message: '',
        log: '',
      });
      observer.sent?.({ type: 'job.done', jobId: 'j1' });
      expect(t.deps.notify).toHaveBeenCalledOnce();
      const [notification, onClick] = vi.mocked(t.deps.notify).mock.calls[0]!;
      expect(notification).toEqual({ title: 'Installation finished on this computer', body: '1 app installed.' });
      // The window was closed to the tray; the notification brings it back.
      t.windows[0]!.close();
      onClick();
      expect(t.revealed).toEqual([t.windows[0]]);
      expect(t.windows[0]!.hidden).toBe(false);
    });
  });
});
