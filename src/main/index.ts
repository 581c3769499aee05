import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, Notification, safeStorage, session, shell, type BrowserWindow } from 'electron';
import { z } from 'zod';

import { MANAGER_NAMES } from '@shared/agent/protocol';

import { isPrivileged } from '../agent/config-store';
import { hardwareFingerprint } from '../agent/enrolment';
import { consoleLogger } from '../agent/log';
import { DesktopAgentHost } from './agent-host';
import { CredentialStore } from './credential-store';
import { DEEP_LINK_PROTOCOL } from './deep-link';
import { DesktopController, type DesktopControllerDeps } from './desktop-controller';
import { registerIpcHandlers, removeIpcHandlers, sendAgentEvent } from './ipc';
import { confirmEnrolmentLink, confirmSystemService, showLinkRefused } from './link-prompts';
import { openLogFile } from './log-file';
import { setStartAtLogin } from './login-item';
import { secureSession } from './security';
import { askForServer } from './server-setup';
import { installAsAdministrator, runAsService, uninstallAsAdministrator } from './service-mode';
import { SettingsStore } from './settings';
import { desktopMode } from './system-agent';
import { systemServiceHooks } from './system-service-hooks';
import { LoadoutTray } from './tray';
import { createMainWindow, revealWindow } from './window';

const APP_USER_MODEL_ID = 'app.loadout.desktop';

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

function registerProtocol(): void {
  const scheme = DEEP_LINK_PROTOCOL.slice(0, -1);
  // Packaged apps are registered by their installer too; in development Electron needs its script.
  if (process.defaultApp && process.argv[1]) app.setAsDefaultProtocolClient(scheme, process.execPath, [process.argv[1]]);
  else app.setAsDefaultProtocolClient(scheme);
}

/** The controller's Electron parts, as they are on a real machine. */
function electronDeps(): DesktopControllerDeps<BrowserWindow> {
  const userData = app.getPath('userData');
  const settings = new SettingsStore(userData);
  return {
    app,
    argv: process.argv,
    env: process.env,
    settings,
    // Only an installed client can run itself as a service; as root it needs none.
    serviceAvailable: app.isPackaged && !isPrivileged() && ['linux', 'darwin', 'win32'].includes(process.platform),
    openLog: agentLogger,
    createHost: ({ log, systemService }) =>
      new DesktopAgentHost({
        store: new CredentialStore({
          dir: userData,
          safeStorage,
          // Only by the person's explicit choice on a Linux desktop without a keyring (README).
          allowPlaintext: process.env.LOADOUT_ALLOW_PLAINTEXT_CREDENTIAL === '1',
        }),
        stateDir: userData,
        log,
        installerName,
        systemService: systemService
          ? systemServiceHooks({ platform: process.platform, executable: executable(), userData, ...systemService })
          : undefined,
      }),
    createWindow: (serverUrl) => createMainWindow({ serverUrl, preloadPath: preloadPath('index'), iconPath: iconPath('icon.png') }),
    revealWindow,
    createTray: (actions) => new LoadoutTray(iconPath(trayIconName()), actions),
    askForServer: (current) => askForServer({ preloadPath: preloadPath('setup'), iconPath: iconPath('icon.png'), current }),
    showError: (title, message) => dialog.showErrorBox(title, message),
    prompts: { confirmEnrolmentLink, showLinkRefused, confirmSystemService },
    notify: (options, onClick) => {
      if (!Notification.isSupported()) return;
      const notification = new Notification(options);
      notification.on('click', onClick);
      notification.show();
    },
    sendToWindow: (window, appOrigin, event) => void sendAgentEvent(window.webContents, appOrigin, event),
    openBridge: (appOrigin, handlers) => {
      secureSession(session.defaultSession, appOrigin);
      registerIpcHandlers(appOrigin, handlers);
    },
    closeBridge: removeIpcHandlers,
    bridge: {
      appInfo: () => ({ version: app.getVersion(), platform: process.platform, arch: process.arch }),
      openExternal: (url) => shell.openExternal(url),
      hardwareFingerprint,
    },
    setStartAtLogin: (enabled) => setStartAtLogin(enabled, { platform: process.platform, app, executable: executable() }),
  };
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
  const controller = new DesktopController(electronDeps());
  controller.listen();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => app.quit());
  app
    .whenReady()
    .then(() => {
      if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
      registerProtocol();
      return controller.start();
    })
    .catch((error: unknown) => {
      console.error('[loadout] start failed', error);
      app.exit(1);
    });
}
