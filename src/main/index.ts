import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, session, type BrowserWindow, type Tray } from 'electron';

import { readDesktopConfig, type DesktopConfig } from './config';
import { registerIpcHandlers, removeIpcHandlers } from './ipc';
import { secureSession } from './security';
import { createTray } from './tray';
import { createMainWindow, revealWindow } from './window';

const APP_USER_MODEL_ID = 'app.loadout.desktop';

/** Built layout: out/main/index.js beside out/preload/index.cjs (CommonJS: sandboxed preloads need it). */
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));

/** Icons ship outside the asar as extraResources (see electron-builder.yml). */
function iconPath(name: string): string {
  const dir = app.isPackaged ? join(process.resourcesPath, 'icons') : join(app.getAppPath(), 'resources');
  return join(dir, name);
}

function trayIconName(): string {
  return process.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png';
}

function loadConfig(): DesktopConfig | null {
  try {
    return readDesktopConfig(process.env);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    dialog.showErrorBox('Loadout cannot start', message);
    return null;
  }
}

function start(config: DesktopConfig): void {
  let mainWindow: BrowserWindow | null = null;
  let tray: Tray | null = null;
  let quitting = false;

  const showWindow = (): void => {
    if (!app.isReady()) return;
    if (mainWindow === null || mainWindow.isDestroyed()) {
      mainWindow = createMainWindow({ serverUrl: config.serverUrl, preloadPath, iconPath: iconPath('icon.png') });
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

  app.on('second-instance', showWindow);
  app.on('activate', showWindow);
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('will-quit', () => {
    removeIpcHandlers();
    tray?.destroy();
    tray = null;
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => app.quit());

  app
    .whenReady()
    .then(() => {
      if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
      secureSession(session.defaultSession, config.appOrigin);
      registerIpcHandlers(config.appOrigin);
      tray = createTray({ iconPath: iconPath(trayIconName()), onOpen: showWindow, onQuit: () => app.quit() });
      showWindow();
    })
    .catch((error: unknown) => {
      console.error('[loadout] start failed', error);
      app.exit(1);
    });
}

// Must run before the app is ready: every renderer gets Chromium's sandbox, whatever its options.
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  // Another Loadout is running; it receives 'second-instance' and shows its window.
  app.quit();
} else {
  const config = loadConfig();
  if (config === null) app.exit(1);
  else start(config);
}
