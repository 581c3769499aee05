import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';

import { isAppUrl, secureWebContents } from './security';

const RETRY_AFTER_MS = 5_000;
/** Chromium's ERR_ABORTED: a navigation replaced by another one, not a failure. */
const ERR_ABORTED = -3;

export interface MainWindowOptions {
  serverUrl: string;
  preloadPath: string;
  iconPath?: string;
}

/** The renderer gets no Node, an isolated world for the preload and Chromium's sandbox. */
export function mainWindowOptions({ preloadPath, iconPath }: MainWindowOptions): BrowserWindowConstructorOptions {
  return {
    width: 1200,
    height: 800,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Loadout',
    autoHideMenuBar: true,
    ...(iconPath ? { icon: iconPath } : {}),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    },
  };
}

function unreachablePage(serverUrl: string): string {
  const escaped = serverUrl.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html><meta charset="utf-8"><title>Loadout</title>
<body style="font-family:system-ui,sans-serif;padding:3rem;color:#333">
<h1>Cannot reach Loadout</h1><p>The server at ${escaped} does not answer. Trying again…</p></body>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}

/** Creates the main window on the Loadout web app; while the server is down it retries. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(options));
  const appOrigin = new URL(options.serverUrl).origin;
  secureWebContents(window.webContents, appOrigin);

  let retry: NodeJS.Timeout | undefined;
  const load = (): void => {
    window.loadURL(options.serverUrl).catch(() => {
      // Reported through did-fail-load below; the promise only mirrors it.
    });
  };

  window.webContents.on('did-fail-load', (_event, errorCode, _description, validatedUrl, isMainFrame) => {
    if (!isMainFrame || errorCode === ERR_ABORTED || !isAppUrl(validatedUrl, appOrigin)) return;
    window.loadURL(unreachablePage(options.serverUrl)).catch(() => undefined);
    clearTimeout(retry);
    retry = setTimeout(load, RETRY_AFTER_MS);
  });
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => clearTimeout(retry));

  load();
  return window;
}

/** Brings the window to the front, restoring it from the tray or the dock. */
export function revealWindow(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
