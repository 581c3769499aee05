import type { Device } from '@shared/api/devices';

export const PLATFORM_NAMES: Readonly<Record<Device['platform'], string>> = {
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  android: 'Android',
  ios: 'iOS',
  unknown: 'Unknown platform',
};

/** Status in colour AND text, never colour alone (docs/decisions.md#the-interface). */
export const CONNECTION_STATUS: Readonly<Record<Device['connection_status'], { label: string; color: string }>> = {
  online: { label: 'Online', color: 'green' },
  recently_active: { label: 'Recently active', color: 'teal' },
  inactive: { label: 'Inactive', color: 'orange' },
  offline: { label: 'Offline', color: 'gray' },
};

/** The platform filter of the Device Management screen: All, then each desktop platform. */
export const PLATFORM_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'windows', label: 'Windows' },
  { value: 'macos', label: 'macOS' },
  { value: 'linux', label: 'Linux' },
] as const;
export type PlatformFilter = (typeof PLATFORM_FILTERS)[number]['value'];

export function filterDevices(devices: readonly Device[], search: string, platform: PlatformFilter): Device[] {
  const needle = search.trim().toLowerCase();
  return devices.filter(
    (device) =>
      (platform === 'all' || device.platform === platform) &&
      (!needle ||
        [device.device_name, PLATFORM_NAMES[device.platform], device.location ?? ''].some((text) => text.toLowerCase().includes(needle))),
  );
}

/** "71h" or "45m": what is left of a new device's protection. */
export function formatCooldown(minutes: number): string {
  return minutes >= 60 ? `${Math.floor(minutes / 60)}h` : `${Math.max(1, minutes)}m`;
}

/** The usage bar warns at the seat limit minus 1 and at the limit. */
export type UsageLevel = 'ok' | 'warning' | 'full';
export function usageLevel(used: number, limit: number): UsageLevel {
  if (limit > 0 && used >= limit) return 'full';
  if (limit > 1 && used >= limit - 1) return 'warning';
  return 'ok';
}

export type AgentState = 'online' | 'installing' | 'offline';

/** An enrolled machine's agent: connected (and busy or not) or not; connection_status is "online" while it heartbeats. */
export function agentState(device: Pick<Device, 'connection_status'>, installing: boolean): AgentState {
  if (device.connection_status !== 'online') return 'offline';
  return installing ? 'installing' : 'online';
}

export const AGENT_STATE: Readonly<Record<AgentState, { label: string; color: string }>> = {
  online: { label: 'Online', color: 'green' },
  installing: { label: 'Installing', color: 'blue' },
  offline: { label: 'Offline', color: 'gray' },
};
