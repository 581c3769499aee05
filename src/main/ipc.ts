import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';

import { AGENT_EVENT_CHANNEL, BRIDGE_CHANNELS, type AgentEvent, type BridgeCall } from '@shared/desktop/bridge';

import { BridgeInputError, type BridgeHandler } from './bridge-handlers';
import { isAppUrl } from './security';

/** One ipcMain handler per bridge call; only frames of the app origin may call them. */
export function registerIpcHandlers(appOrigin: string, handlers: Record<BridgeCall, BridgeHandler>): void {
  for (const operation of Object.keys(BRIDGE_CHANNELS) as BridgeCall[]) {
    ipcMain.handle(BRIDGE_CHANNELS[operation], (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      // A foreign page that somehow ended up in the window must not reach the bridge.
      if (!isAppUrl(event.senderFrame?.url ?? '', appOrigin)) {
        return Promise.reject(new BridgeInputError(`${operation} refused: the caller is not the Loadout app`));
      }
      return handlers[operation](args);
    });
  }
}

export function removeIpcHandlers(): void {
  for (const channel of Object.values(BRIDGE_CHANNELS)) ipcMain.removeHandler(channel);
}

/** Agent events go to the window only while it shows the app: a foreign page learns nothing. */
export function sendAgentEvent(contents: WebContents, appOrigin: string, event: AgentEvent): boolean {
  if (contents.isDestroyed() || !isAppUrl(contents.getURL(), appOrigin)) return false;
  contents.send(AGENT_EVENT_CHANNEL, event);
  return true;
}
