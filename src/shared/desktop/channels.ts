/**
 * The IPC channel names, on their own and free of zod: the sandboxed preloads bundle this file
 * and nothing else of the bridge contract (types aside), so each stays one small file.
 */

/** IPC channel of each bridge operation (preload invokes, main handles). */
export const BRIDGE_CHANNELS = {
  getAppInfo: 'loadout:get-app-info',
  openExternal: 'loadout:open-external',
  getHardwareFingerprint: 'loadout:get-hardware-fingerprint',
  getAgentStatus: 'loadout:get-agent-status',
  enroll: 'loadout:enroll',
  unenroll: 'loadout:unenroll',
} as const;

/** The first-start window's one call (preload/setup.ts → server-setup.ts): check and keep a server address. */
export const SERVER_SETUP_CHANNEL = 'loadout-setup:connect';

/** Main → window: every change of the agent's state and every finished job (`onAgentEvent`). */
export const AGENT_EVENT_CHANNEL = 'loadout:agent-event';
