import { contextBridge, ipcRenderer } from 'electron';

/**
 * SERVER_SETUP_CHANNEL of @shared/desktop/channels, written out: importing it would make the
 * bundler share a chunk between the two preloads, and a sandboxed preload cannot load another
 * file. setup.test.ts holds the two equal.
 */
const SERVER_SETUP_CHANNEL = 'loadout-setup:connect';

/** The first-start page's one call: check and keep this server address (main validates it again). */
contextBridge.exposeInMainWorld('loadoutSetup', {
  connect: (server: string): Promise<{ ok: boolean; message?: string }> => ipcRenderer.invoke(SERVER_SETUP_CHANNEL, server),
});
