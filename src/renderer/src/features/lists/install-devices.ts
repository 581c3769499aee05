import type { Platform } from '@shared/api/catalogue';
import { baseApi } from '../../lib/base-api';

/**
 * A device as GET /api/devices describes it (SPEC §3 "Device"). src/shared has no devices
 * contract yet (it arrives with the devices issue), so the answer is read defensively here,
 * accepting both spellings SPEC §3 lists.
 */
export interface InstallDevice {
  id: string;
  name: string;
  platform: string;
  type: 'primary' | 'remote' | 'mobile';
  registrationMethod: 'account' | 'token';
  capabilities: string[];
  isActive: boolean;
  isCurrent: boolean;
  isAdmin: boolean;
  lastActive: string | null;
}

type Raw = Record<string, unknown>;

function pick(raw: Raw, ...keys: string[]): unknown {
  for (const key of keys) if (raw[key] !== undefined && raw[key] !== null) return raw[key];
  return undefined;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}

function toDevice(value: unknown): InstallDevice | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Raw;
  const id = text(pick(raw, 'device_id', 'deviceId', 'id'));
  if (!id) return null;
  const type = pick(raw, 'device_type', 'deviceType');
  const method = pick(raw, 'registration_method', 'registrationMethod');
  const capabilities = pick(raw, 'capabilities');
  const active = pick(raw, 'is_active', 'isActive');
  return {
    id,
    name: text(pick(raw, 'device_name', 'deviceName', 'name')) ?? id,
    platform: text(pick(raw, 'platform')) ?? 'unknown',
    // SPEC §3 defaults: primary, account, [web_access, receive_installations].
    type: type === 'remote' || type === 'mobile' ? type : 'primary',
    registrationMethod: method === 'token' ? 'token' : 'account',
    capabilities: Array.isArray(capabilities)
      ? capabilities.filter((item): item is string => typeof item === 'string')
      : ['web_access', 'receive_installations'],
    isActive: active === undefined ? true : active === true || active === 1,
    isCurrent: pick(raw, 'is_current', 'isCurrent') === true,
    isAdmin: pick(raw, 'is_admin', 'isAdmin') === true,
    lastActive: text(pick(raw, 'last_active', 'lastActive')),
  };
}

export function parseDevices(body: unknown): InstallDevice[] {
  const items: unknown = Array.isArray(body) ? body : (body as { devices?: unknown } | null)?.devices;
  return Array.isArray(items) ? items.flatMap((item) => toDevice(item) ?? []) : [];
}

/** SPEC §5 "Install targets": remote, registered by token, no web_access, active. */
export function isInstallTarget(device: InstallDevice): boolean {
  return (
    device.type === 'remote' &&
    device.registrationMethod === 'token' &&
    !device.capabilities.includes('web_access') &&
    device.isActive
  );
}

/** The catalogue platform a device's platform string means, if any. */
export function devicePlatform(platform: string): Platform | null {
  const value = platform.toLowerCase();
  if (value.startsWith('win')) return 'windows';
  if (value.startsWith('mac') || value === 'darwin' || value === 'osx') return 'macos';
  if (value === 'linux' || value.includes('linux') || value.includes('ubuntu') || value.includes('debian')) return 'linux';
  return null;
}

export const installDevicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Named apart from the devices screen's own query, which arrives with the devices issue. */
    getInstallDevices: build.query<InstallDevice[], void>({
      query: () => ({ url: '/api/devices' }),
      transformResponse: parseDevices,
      providesTags: ['Devices'],
    }),
  }),
});

export const { useGetInstallDevicesQuery } = installDevicesApi;
