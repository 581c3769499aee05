import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';

import { SERVER_SETUP_CHANNEL as SETUP_CHANNEL } from '@shared/desktop/bridge';

import { checkServer, type ServerCheck } from './server-check';
import { serverSetupPage } from './server-setup-page';

export interface AskForServerOptions {
  preloadPath: string;
  iconPath?: string;
  /** The server in use, shown for editing ("Change server…"). */
  current?: string;
}

/**
 * A small window asking for the server's address (first start, "Change server…"). Resolves with
 * the checked address, or null when the person closes it. Only this window's page may answer.
 */
export function askForServer(options: AskForServerOptions): Promise<string | null> {
  const window = new BrowserWindow({
    width: 520,
    height: 340,
    resizable: false,
    title: 'Connect to Loadout',
    autoHideMenuBar: true,
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: { preload: options.preloadPath, contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false },
  });
  // The page is ours and complete: it never goes anywhere else nor opens anything.
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));

  return new Promise((resolve) => {
    let chosen: string | null = null;
    const handler = async (event: IpcMainInvokeEvent, typed: unknown): Promise<ServerCheck> => {
      if (event.sender !== window.webContents || !(event.senderFrame?.url ?? '').startsWith('data:text/html')) {
        return { ok: false, message: 'Refused: not the setup page' };
      }
      const answer = await checkServer(typed);
      if (answer.ok) {
        chosen = answer.serverUrl;
        window.close();
      }
      return answer;
    };
    ipcMain.handle(SETUP_CHANNEL, handler);
    window.on('closed', () => {
      ipcMain.removeHandler(SETUP_CHANNEL);
      resolve(chosen);
    });
    window.loadURL(serverSetupPage(options.current ?? null)).catch(() => undefined);
  });
}
