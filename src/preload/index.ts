import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

import type {
  AgentEvent,
  AgentEventListener,
  AgentStatus,
  AppInfo,
  EnrolmentResult,
  LoadoutBridge,
  WindowEnrolment,
} from '@shared/desktop/bridge';
// Values from the zod-free module only: a sandboxed preload must stay one small file.
import { AGENT_EVENT_CHANNEL, BRIDGE_CHANNELS } from '@shared/desktop/channels';

/**
 * `window.loadout`: one function per operation, never ipcRenderer itself, so the page can reach
 * exactly these channels and nothing else. The main process validates every argument again.
 */
const bridge = {
  getAppInfo: (): Promise<AppInfo> => ipcRenderer.invoke(BRIDGE_CHANNELS.getAppInfo),
  openExternal: async (url: string) => {
    await ipcRenderer.invoke(BRIDGE_CHANNELS.openExternal, url);
  },
  getHardwareFingerprint: (): Promise<string | null> => ipcRenderer.invoke(BRIDGE_CHANNELS.getHardwareFingerprint),
  getAgentStatus: (): Promise<AgentStatus> => ipcRenderer.invoke(BRIDGE_CHANNELS.getAgentStatus),
  enroll: (request: WindowEnrolment): Promise<EnrolmentResult> => ipcRenderer.invoke(BRIDGE_CHANNELS.enroll, request),
  unenroll: (): Promise<AgentStatus> => ipcRenderer.invoke(BRIDGE_CHANNELS.unenroll),
  onAgentEvent: (listener: AgentEventListener) => {
    // The page gets the event's data only: the IPC event object carries `sender` (ipcRenderer).
    const forward = (_event: IpcRendererEvent, payload: AgentEvent) => listener(payload);
    ipcRenderer.on(AGENT_EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(AGENT_EVENT_CHANNEL, forward);
    };
  },
} satisfies LoadoutBridge;

contextBridge.exposeInMainWorld('loadout', bridge);
