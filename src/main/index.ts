import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, Notification, safeStorage, session, shell, type BrowserWindow } from 'electron';
import { z } from 'zod';

import { MANAGER_NAMES } from '@shared/agent/protocol';
import type { AgentEvent, EnrolmentRequest } from '@shared/desktop/bridge';

import { isPrivileged } from '../agent/config-store';
import { hardwareFingerprint } from '../agent/enrolment';
import { consoleLogger } from '../agent/log';
import { DesktopAgentHost } from './agent-host';
import { createBridgeHandlers } from './bridge-handlers';
import { configFor, readDesktopConfig, type DesktopConfig } from './config';
import { CredentialStore } from './credential-store';
import { DEEP_LINK_PROTOCOL, enrolmentLinkFromArgv, type DeepLinkResult } from './deep-link';
import { registerIpcHandlers, removeIpcHandlers, sendAgentEvent } from './ipc';
import { jobNotification } from './job-notification';
import { confirmEnrolmentLink, confirmSystemService, showLinkRefused } from './link-prompts';
import { openLogFile } from './log-file';
import { HIDDEN_FLAG, setStartAtLogin } from './login-item';
import { secureSession } from './security';
import { askForServer } from './server-setup';
import { installAsAdministrator, runAsService, uninstallAsAdministrator } from './service-mode';
import { SettingsStore, type DesktopSettings } from './settings';
import { handleHandOver } from './single-instance';
import { desktopMode } from './system-agent';
import { systemServiceHooks } from './system-service-hooks';
import { LoadoutTray } from './tray';
import { createMainWindow, revealWindow } from './window';

const APP_USER_MODEL_ID = 'app.loadout.desktop';
/** How long a quit waits for the running package-manager call before it leaves anyway. */
const QUIT_GRACE_MS = 15_000;

/** Built layout: out/main/index.js beside out/preload/*.cjs (CommonJS: sandboxed preloads need it). */
const preloadPath = (name: string): string => fileURLToPath(new URL(`../preload/${name}.cjs`, import.meta.url));

/** Icons ship outside the asar as extraResources (see electron-builder.yml). */
function iconPath(name: string): string {
  const dir = app.isPackaged ? join(process.resourcesPath, 'icons') : join(app.getAppPath(), 'resources');
  return join(dir, name);
}

const trayIconName = (): string => (process.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png');

/** The agent's log, in the OS's log folder; started afresh when it grew past 5 MB. */
function agentLogger() {
  return consoleLogger(openLogFile(app.getPath('logs'), 'agent.log'));
}

/** What the running AppImage is (its mount path changes every run), else Electron's own executable. */
const executable = (): string => process.env.APPIMAGE ?? process.execPath;

/**
 * `simulated` for demonstrations and tests of the desktop client without touching the machine;
 * unset: the agent detects the machine's package managers.
 */
const installerName = z
  .enum(MANAGER_NAMES)
  .nullable()
  .catch(null)
  .parse(process.env.LOADOUT_AGENT_INSTALLER ?? null);

/** Links that arrive before the app is ready (macOS sends open-url at launch) wait here. */
const earlyLinks: DeepLinkResult[] = [];
let onLink: (result: DeepLinkResult) => void = (result) => earlyLinks.push(result);
let onSecondInstance: () => void = () => undefined;

function registerProtocol(): void {
  const scheme = DEEP_LINK_PROTOCOL.slice(0, -1);
  // Packaged apps are registered by their installer too; in development Electron needs its script.
  if (process.defaultApp && process.argv[1]) app.setAsDefaultProtocolClient(scheme, process.execPath, [process.argv[1]]);
  else app.setAsDefaultProtocolClient(scheme);
}

async function start(): Promise<void> {
  await app.whenReady();
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  registerProtocol();
  const userData = app.getPath('userData');
  const settingsStore = new SettingsStore(userData);
  let settings: DesktopSettings = await settingsStore.load();

  let config: DesktopConfig | null;
  try {
    config = readDesktopConfig(process.env, settings);
  } catch (error) {
    dialog.showErrorBox('Loadout cannot start', (error as Error).message);
    app.exit(1);
    return;
  }
  if (config === null) {
    // First start: a link that brought us here names the server; else the person says which.
    const linked = earlyLinks.find((link) => link.ok);
    const chosen = linked?.ok
      ? linked.request.server
      : await askForServer({ preloadPath: preloadPath('setup'), iconPath: iconPath('icon.png') });
    if (chosen === null) {
      app.quit();
      return;
    }
    settings = await settingsStore.update({ serverUrl: chosen });
    config = configFor(chosen);
  }
  run(config, settings, settingsStore);
}

function run(config: DesktopConfig, initialSettings: DesktopSettings, settingsStore: SettingsStore): void {
  let settings = initialSettings;
  let mainWindow: BrowserWindow | null = null;
  let quitting = false;
  const log = agentLogger();
  // Only an installed client can run itself as a service; as root it needs none.
  const serviceAvailable = app.isPackaged && !isPrivileged() && ['linux', 'darwin', 'win32'].includes(process.platform);

  const host = new DesktopAgentHost({
    store: new CredentialStore({
      dir: app.getPath('userData'),
      safeStorage,
      // Only by the person's explicit choice on a Linux desktop without a keyring (README).
      allowPlaintext: process.env.LOADOUT_ALLOW_PLAINTEXT_CREDENTIAL === '1',
    }),
    stateDir: app.getPath('userData'),
    log,
    installerName,
    systemService: serviceAvailable
      ? systemServiceHooks({
          platform: process.platform,
          executable: executable(),
          userData: app.getPath('userData'),
          enabled: settings.systemService === true,
          setEnabled: async (enabled) => {
            settings = await settingsStore.update({ systemService: enabled });
          },
        })
      : undefined,
  });
  const trayView = () => ({
    status: host.status,
    startAtLogin: settings.startAtLogin ?? false,
    service: host.runsAsService ? ('running' as const) : serviceAvailable ? ('offer' as const) : ('unavailable' as const),
  });

  const showWindow = (): void => {
    if (mainWindow === null || mainWindow.isDestroyed()) {
      mainWindow = createMainWindow({ serverUrl: config.serverUrl, preloadPath: preloadPath('index'), iconPath: iconPath('icon.png') });
      // Closing the window hides it to the tray; only Quit (tray, menu, OS) ends the app.
      mainWindow.on('close', (event) => {
        if (quitting) return;
        event.preventDefault();
        mainWindow?.hide();
      });
      mainWindow.on('closed', () => {
        mainWindow = null;
      });
      return;
    }
    revealWindow(mainWindow);
  };

  const applyStartAtLogin = async (enabled: boolean): Promise<void> => {
    await setStartAtLogin(enabled, { platform: process.platform, app, executable: executable() }).catch((error: unknown) =>
      log.warn(`Could not change start at login: ${(error as Error).message}`),
    );
    settings = await settingsStore.update({ startAtLogin: enabled });
    tray.show(trayView());
  };

  const runAsSystemService = async (): Promise<void> => {
    const result = await host.moveToService();
    tray.show(trayView());
    if (!result.ok) await showLinkRefused(mainWindow, result.message, 'Run as a system service', 'Loadout still runs in this window');
  };

  /** Asked once, after this computer is first added, where apps may need administrator rights. */
  const offerSystemService = async (): Promise<void> => {
    if (!serviceAvailable || settings.serviceOffered) return;
    settings = await settingsStore.update({ serviceOffered: true });
    if (await confirmSystemService(mainWindow)) await runAsSystemService();
  };

  const changeServer = async (): Promise<void> => {
    const chosen = await askForServer({ preloadPath: preloadPath('setup'), iconPath: iconPath('icon.png'), current: config.serverUrl });
    if (chosen === null || chosen === config.serverUrl) return;
    await settingsStore.update({ serverUrl: chosen });
    // The window's origin is the security boundary of the session: start again with the new one.
    app.relaunch({ args: process.argv.slice(1).filter((argument) => argument !== HIDDEN_FLAG) });
    app.quit();
  };

  const tray = new LoadoutTray(iconPath(trayIconName()), {
    onOpen: showWindow,
    onTogglePause: () => host.setPaused(!host.status.paused),
    onToggleStartAtLogin: () => void applyStartAtLogin(!(settings.startAtLogin ?? false)),
    onChangeServer: () => void changeServer(),
    onRunAsService: () => void runAsSystemService(),
    onQuit: () => app.quit(),
  });
  tray.show(trayView());

  host.onEvent((event: AgentEvent) => {
    if (mainWindow && !mainWindow.isDestroyed()) sendAgentEvent(mainWindow.webContents, config.appOrigin, event);
    if (event.type === 'status') {
      tray.show(trayView());
      return;
    }
    if (!Notification.isSupported()) return;
    const notification = new Notification(jobNotification(event));
    notification.on('click', showWindow);
    notification.show();
  });

  const enrol = async (request: EnrolmentRequest) => {
    const result = await host.enroll(request);
    // On by default after the first enrolment; the tray can turn it off and that choice stays.
    if (result.ok && settings.startAtLogin === undefined) await applyStartAtLogin(true);
    // After the answer: the window shows the computer added while the question is asked.
    if (result.ok) setTimeout(() => void offerSystemService(), 0);
    return result;
  };

  const handleLink = async (result: DeepLinkResult): Promise<void> => {
    showWindow();
    if (!result.ok) return showLinkRefused(mainWindow, result.reason);
    const switching = result.request.server !== config.serverUrl;
    if (!(await confirmEnrolmentLink(mainWindow, result.request, switching ? config.serverUrl : null))) return;
    const answer = await enrol(result.request);
    if (!answer.ok) return showLinkRefused(mainWindow, answer.message);
    if (switching) {
      await settingsStore.update({ serverUrl: result.request.server });
      app.relaunch({ args: process.argv.slice(1).filter((argument) => !argument.toLowerCase().startsWith(DEEP_LINK_PROTOCOL)) });
      app.quit();
    }
  };

  secureSession(session.defaultSession, config.appOrigin);
  registerIpcHandlers(
    config.appOrigin,
    createBridgeHandlers({
      appInfo: () => ({ version: app.getVersion(), platform: process.platform, arch: process.arch }),
      openExternal: (url) => shell.openExternal(url),
      hardwareFingerprint,
      agent: {
        get status() {
          return host.status;
        },
        enroll: enrol,
        unenroll: () => host.unenroll(),
      },
      serverUrl: () => config.serverUrl,
    }),
  );

  app.on('activate', showWindow);
  app.on('before-quit', (event) => {
    if (quitting) return;
    quitting = true;
    // Between two package-manager calls: the running one finishes and is reported first.
    event.preventDefault();
    void Promise.race([host.stop(), new Promise((resolve) => setTimeout(resolve, QUIT_GRACE_MS))]).finally(() => app.quit());
  });
  app.on('will-quit', () => {
    removeIpcHandlers();
    tray.destroy();
  });

  onSecondInstance = showWindow;
  onLink = (result) => void handleLink(result);
  for (const link of earlyLinks.splice(0)) onLink(link);
  void host.start();
  // Started with the session: tray and agent only; the window opens from the tray.
  if (!process.argv.includes(HIDDEN_FLAG)) showWindow();
}

const mode = desktopMode(process.argv);
if (mode.kind === 'service') void runAsService(mode.configDir);
else if (mode.kind === 'install-service') void installAsAdministrator(mode.from);
else if (mode.kind === 'uninstall-service') void uninstallAsAdministrator();
else startApp();

function startApp(): void {
  // Must run before the app is ready: every renderer gets Chromium's sandbox, whatever its options.
  app.enableSandbox();
  if (!app.requestSingleInstanceLock()) {
    // Another Loadout is running; it receives 'second-instance' (with any link) and shows its window.
    app.quit();
    return;
  }
  handleHandOver(app, { onLink: (result) => onLink(result), onSecondInstance: () => onSecondInstance() });
  const coldStartLink = enrolmentLinkFromArgv(process.argv);
  if (coldStartLink) earlyLinks.push(coldStartLink);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => app.quit());
  start().catch((error: unknown) => {
    console.error('[loadout] start failed', error);
    app.exit(1);
  });
}
