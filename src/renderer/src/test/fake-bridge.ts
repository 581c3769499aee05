import { vi } from 'vitest';

import { NOT_ENROLLED, type AgentEvent, type AgentEventListener, type AgentStatus, type LoadoutBridge } from '@shared/desktop/bridge';

/** An agent status as the desktop client reports it; not enrolled unless told otherwise. */
export function makeAgentStatus(overrides: Partial<AgentStatus> = {}): AgentStatus {
  return { ...NOT_ENROLLED, ...overrides };
}

/** An enrolled, connected computer. */
export function onlineStatus(overrides: Partial<AgentStatus> = {}): AgentStatus {
  return makeAgentStatus({
    state: 'online',
    server: 'http://localhost',
    deviceId: 'dev_aaaaaaaaaaaa',
    deviceName: 'Workstation',
    ...overrides,
  });
}

/**
 * The desktop client's `window.loadout` as a plain fake (the OS is the edge the renderer's tests
 * mock): every call is a `vi.fn`, and `emit` plays an event from main to the listeners.
 */
export function fakeBridge(status: AgentStatus = makeAgentStatus()) {
  const listeners = new Set<AgentEventListener>();
  const bridge = {
    getAppInfo: vi.fn<LoadoutBridge['getAppInfo']>().mockResolvedValue({ version: '1.0.0', platform: 'linux', arch: 'x64' }),
    openExternal: vi.fn<LoadoutBridge['openExternal']>().mockResolvedValue(undefined),
    getHardwareFingerprint: vi.fn<LoadoutBridge['getHardwareFingerprint']>().mockResolvedValue(null),
    getAgentStatus: vi.fn<LoadoutBridge['getAgentStatus']>().mockResolvedValue(status),
    enroll: vi.fn<LoadoutBridge['enroll']>().mockResolvedValue({ ok: true, status: onlineStatus() }),
    unenroll: vi.fn<LoadoutBridge['unenroll']>().mockResolvedValue(makeAgentStatus()),
    onAgentEvent: vi.fn<LoadoutBridge['onAgentEvent']>((listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
  } satisfies LoadoutBridge;
  return {
    bridge,
    /** How many listeners are subscribed now (0 after the screen unmounts). */
    listenerCount: () => listeners.size,
    emit: (event: AgentEvent) => listeners.forEach((listener) => listener(event)),
    /** Puts it where the preload would; `uninstallBridge` removes it. */
    install: () => {
      window.loadout = bridge;
      return bridge;
    },
  };
}

export function uninstallBridge(): void {
  delete window.loadout;
}
