import { contextBridge, ipcRenderer } from 'electron';

import { BRIDGE_CHANNELS, type AppInfo, type LoadoutBridge } from '@shared/desktop/bridge';

/**
 * `window.loadout`: one function per operation, never ipcRenderer itself, so the page can reach
 * exactly these channels and nothing else. The main process validates every argument again.
 */
const bridge = {
  getAppInfo: (): Promise<AppInfo> => ipcRenderer.invoke(BRIDGE_CHANNELS.getAppInfo),
  openExternal: async (url: string) => {
    await ipcRenderer.invoke(BRIDGE_CHANNELS.openExternal, url);
  },
} satisfies LoadoutBridge;

contextBridge.exposeInMainWorld('loadout', bridge);
