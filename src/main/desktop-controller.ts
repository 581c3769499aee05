import type { AgentEvent, EnrolmentRequest, EnrolmentResult } from '@shared/desktop/bridge';

import type { Logger } from '../agent/log';
import type { DesktopAgentHost, SystemServiceHooks } from './agent-host';
import { createBridgeHandlers, type BridgeDeps } from './bridge-handlers';
import { configFor, readDesktopConfig, type DesktopConfig } from './config';
import { DEEP_LINK_PROTOCOL, enrolmentLinkFromArgv, type DeepLinkResult } from './deep-link';
import { jobNotification, type JobNotification } from './job-notification';
import { HIDDEN_FLAG } from './login-item';
import type { DesktopSettings, SettingsStore } from './settings';
import { handleHandOver, type HandOverApp } from './single-instance';
import type { TrayActions, TrayView } from './tray';

/** How long a quit waits for the running package-manager call before it leaves anyway. */
export const QUIT_GRACE_MS = 15_000;

/** The part of Electron's `app` the controller drives; Electron's `App` satisfies it. */
export interface DesktopApp extends HandOverApp {
  on(event: 'second-instance', listener: (event: unknown, argv: string[]) => void): unknown;
  on(event: 'open-url', listener: (event: { preventDefault(): void }, url: string) => void): unknown;
  on(event: 'activate', listener: () => void): unknown;
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  on(event: 'will-quit', listener: () => void): unknown;
  quit(): void;
  exit(exitCode?: number): void;
  relaunch(options?: { args?: string[] }): void;
}

/** The part of a BrowserWindow the controller drives. */
export interface DesktopWindow {
  isDestroyed(): boolean;
  hide(): void;
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): unknown;
  on(event: 'closed', listener: () => void): unknown;
}

export interface DesktopTray {
  show(view: TrayView): void;
  destroy(): void;
}

/** What the controller asks of the agent host; `DesktopAgentHost` in the app. */
export type DesktopHost = Pick<
  DesktopAgentHost,
  'status' | 'runsAsService' | 'onEvent' | 'start' | 'stop' | 'setPaused' | 'enroll' | 'unenroll' | 'moveToService'
>;

/** The system-service choice kept in the settings, handed to the host when a service is possible here. */
export type SystemServiceSetting = Pick<SystemServiceHooks, 'enabled' | 'setEnabled'>;

/** The dialogs shown over the window (`link-prompts.ts`); `parent` is null while there is none. */
export interface DesktopPrompts<W> {
  confirmEnrolmentLink(parent: W | null, request: EnrolmentRequest, switchingFrom: string | null): Promise<boolean>;
  showLinkRefused(parent: W | null, reason: string, title?: string, message?: string): Promise<void>;
  confirmSystemService(parent: W | null): Promise<boolean>;
}

/** Everything Electron (or a test) provides; index.ts builds the real ones. */
export interface DesktopControllerDeps<W extends DesktopWindow> {
  app: DesktopApp;
  /** This process's command line: a `loadout://` link, `--hidden` from a login item. */
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  settings: Pick<SettingsStore, 'load' | 'update'>;
  /** Whether this client could hand its agent to a system service (installed, and not already root). */
  serviceAvailable: boolean;
  /** Opened once the app runs: the agent's log. */
  openLog(): Logger;
  createHost(options: { log: Logger; systemService: SystemServiceSetting | null }): DesktopHost;
  createWindow(serverUrl: string): W;
  /** Brings the window to the front, restoring it from the tray or the dock. */
  revealWindow(window: W): void;
  createTray(actions: TrayActions): DesktopTray;
  /** The server-address window (first start, "Change server…"); null when the person closes it. */
  askForServer(current?: string): Promise<string | null>;
  showError(title: string, message: string): void;
  prompts: DesktopPrompts<W>;
  /** An OS notification, when the OS shows them. */
  notify(notification: JobNotification, onClick: () => void): void;
  /** An agent event for the window's page, only while it shows the app's origin. */
  sendToWindow(window: W, appOrigin: string, event: AgentEvent): void;
  /** Locks the session to the app's origin and answers the bridge's calls from it. */
  openBridge(appOrigin: string, handlers: ReturnType<typeof createBridgeHandlers>): void;
  closeBridge(): void;
  bridge: Pick<BridgeDeps, 'appInfo' | 'openExternal' | 'hardwareFingerprint'>;
  setStartAtLogin(enabled: boolean): Promise<void>;
  quitGraceMs?: number;
}

/** What `run` builds once the server is known. */
interface Running<W> {
  config: DesktopConfig;
  host: DesktopHost;
  tray: DesktopTray;
  log: Logger;
  window: W | null;
}

/**
 * The desktop client's main process: one window on the server's web app, the agent hosted
 * beside it, a tray that outlives the window, and `loadout://` links from the OS. It holds the
 * app's state and reacts to Electron's events; every Electron part comes in through `deps`, so
 * tests drive it with fakes.
 */
export class DesktopController<W extends DesktopWindow> {
  private settings: DesktopSettings = {};
  private running: Running<W> | null = null;
  private quitting = false;
  /** Links that arrive before the app runs (macOS sends open-url at launch) wait here. */
  private readonly earlyLinks: DeepLinkResult[] = [];

  constructor(private readonly deps: DesktopControllerDeps<W>) {}

  /** Before the app is ready: links from a second launch or the OS, and the one this launch was given. */
  listen(): void {
    handleHandOver(this.deps.app, {
      onLink: (result) => this.receiveLink(result),
      onSecondInstance: () => {
        if (this.running) this.showWindow();
      },
    });
    const coldStartLink = enrolmentLinkFromArgv(this.deps.argv);
    if (coldStartLink) this.earlyLinks.push(coldStartLink);
  }

  /** Once the app is ready: finds the server (asking at first start), then runs. */
  async start(): Promise<void> {
    const { deps } = this;
    this.settings = await deps.settings.load();
    let config: DesktopConfig | null;
    try {
      config = readDesktopConfig(deps.env, this.settings);
    } catch (error) {
      deps.showError('Loadout cannot start', (error as Error).message);
      deps.app.exit(1);
      return;
    }
    if (config === null) {
      // First start: a link that brought us here names the server; else the person says which.
      const linked = this.earlyLinks.find((link) => link.ok);
      const chosen = linked?.ok ? linked.request.server : await deps.askForServer();
      if (chosen === null) {
        deps.app.quit();
        return;
      }
      this.settings = await deps.settings.update({ serverUrl: chosen });
      config = configFor(chosen);
    }
    this.run(config);
  }

  /** The window, the tray, the agent and the bridge, for this server. */
  private run(config: DesktopConfig): void {
    const { deps } = this;
    const log = deps.openLog();
    const host = deps.createHost({
      log,
      systemService: deps.serviceAvailable
        ? {
            enabled: this.settings.systemService === true,
            setEnabled: async (enabled) => {
              this.settings = await deps.settings.update({ systemService: enabled });
            },
          }
        : null,
    });
    const tray = deps.createTray({
      onOpen: () => this.showWindow(),
      onTogglePause: () => host.setPaused(!host.status.paused),
      onToggleStartAtLogin: () => void this.applyStartAtLogin(!(this.settings.startAtLogin ?? false)),
      onChangeServer: () => void this.changeServer(),
      onRunAsService: () => void this.runAsSystemService(),
      onQuit: () => deps.app.quit(),
    });
    const running: Running<W> = { config, host, tray, log, window: null };
    this.running = running;
    this.showTray();

    host.onEvent((event) => {
      if (running.window && !running.window.isDestroyed()) deps.sendToWindow(running.window, config.appOrigin, event);
      if (event.type === 'status') {
        this.showTray();
        return;
      }
      deps.notify(jobNotification(event), () => this.showWindow());
    });

    deps.openBridge(
      config.appOrigin,
      createBridgeHandlers({
        ...deps.bridge,
        agent: {
          get status() {
            return host.status;
          },
          enroll: (request) => this.enrol(request),
          unenroll: () => host.unenroll(),
        },
        serverUrl: () => config.serverUrl,
      }),
    );

    deps.app.on('activate', () => this.showWindow());
    deps.app.on('before-quit', (event) => {
      if (this.quitting) return;
      this.quitting = true;
      // Between two package-manager calls: the running one finishes and is reported first.
      event.preventDefault();
      const grace = new Promise((resolve) => setTimeout(resolve, deps.quitGraceMs ?? QUIT_GRACE_MS).unref());
      void Promise.race([host.stop(), grace]).finally(() => deps.app.quit());
    });
    deps.app.on('will-quit', () => {
      deps.closeBridge();
      tray.destroy();
    });

    for (const link of this.earlyLinks.splice(0)) this.receiveLink(link);
    void host.start();
    // Started with the session: tray and agent only; the window opens from the tray.
    if (!deps.argv.includes(HIDDEN_FLAG)) this.showWindow();
  }

  /** A `loadout://` link: kept until the app runs, then shown in the window and confirmed before it enrols. */
  receiveLink(result: DeepLinkResult): void {
    if (!this.running) {
      this.earlyLinks.push(result);
      return;
    }
    void this.handleLink(this.running, result);
  }

  private showWindow(): void {
    const running = this.running;
    if (!running) return;
    const { window } = running;
    if (window !== null && !window.isDestroyed()) {
      this.deps.revealWindow(window);
      return;
    }
    const created = this.deps.createWindow(running.config.serverUrl);
    running.window = created;
    // Closing the window hides it to the tray; only Quit (tray, menu, OS) ends the app.
    created.on('close', (event) => {
      if (this.quitting) return;
      event.preventDefault();
      created.hide();
    });
    created.on('closed', () => {
      if (running.window === created) running.window = null;
    });
  }

  private showTray(): void {
    const running = this.running;
    if (!running) return;
    const { host, tray } = running;
    const service = host.runsAsService ? 'running' : this.deps.serviceAvailable ? 'offer' : 'unavailable';
    tray.show({ status: host.status, startAtLogin: this.settings.startAtLogin ?? false, service });
  }

  private async applyStartAtLogin(enabled: boolean): Promise<void> {
    await this.deps
      .setStartAtLogin(enabled)
      .catch((error: unknown) => this.running?.log.warn(`Could not change start at login: ${(error as Error).message}`));
    this.settings = await this.deps.settings.update({ startAtLogin: enabled });
    this.showTray();
  }

  private async runAsSystemService(): Promise<void> {
    const running = this.running;
    if (!running) return;
    const result = await running.host.moveToService();
    this.showTray();
    if (!result.ok) {
      await this.deps.prompts.showLinkRefused(
        running.window,
        result.message,
        'Run as a system service',
        'Loadout still runs in this window',
      );
    }
  }

  /** Asked once, after this computer is first added, where apps may need administrator rights. */
  private async offerSystemService(): Promise<void> {
    if (!this.deps.serviceAvailable || this.settings.serviceOffered) return;
    this.settings = await this.deps.settings.update({ serviceOffered: true });
    if (await this.deps.prompts.confirmSystemService(this.running?.window ?? null)) await this.runAsSystemService();
  }

  private async changeServer(): Promise<void> {
    const running = this.running;
    if (!running) return;
    const chosen = await this.deps.askForServer(running.config.serverUrl);
    if (chosen === null || chosen === running.config.serverUrl) return;
    this.settings = await this.deps.settings.update({ serverUrl: chosen });
    // The window's origin is the security boundary of the session: start again with the new one.
    this.relaunch((argument) => argument !== HIDDEN_FLAG);
  }

  private async enrol(request: EnrolmentRequest): Promise<EnrolmentResult> {
    const running = this.running;
    if (!running) return { ok: false, code: null, message: 'Loadout is not running yet' };
    const result = await running.host.enroll(request);
    // On by default after the first enrolment; the tray can turn it off and that choice stays.
    if (result.ok && this.settings.startAtLogin === undefined) await this.applyStartAtLogin(true);
    // After the answer: the window shows the computer added while the question is asked.
    if (result.ok) setTimeout(() => void this.offerSystemService(), 0);
    return result;
  }

  private async handleLink(running: Running<W>, result: DeepLinkResult): Promise<void> {
    const { prompts } = this.deps;
    this.showWindow();
    if (!result.ok) return prompts.showLinkRefused(running.window, result.reason);
    const { serverUrl } = running.config;
    const switching = result.request.server !== serverUrl;
    if (!(await prompts.confirmEnrolmentLink(running.window, result.request, switching ? serverUrl : null))) return;
    const answer = await this.enrol(result.request);
    if (!answer.ok) return prompts.showLinkRefused(running.window, answer.message);
    if (switching) {
      this.settings = await this.deps.settings.update({ serverUrl: result.request.server });
      // The link is spent: the new start must not enrol again.
      this.relaunch((argument) => !argument.toLowerCase().startsWith(DEEP_LINK_PROTOCOL));
    }
  }

  /** Starts the client again with this command line's arguments that `keep` accepts. */
  private relaunch(keep: (argument: string) => boolean): void {
    this.deps.app.relaunch({ args: this.deps.argv.slice(1).filter(keep) });
    this.deps.app.quit();
  }
}
