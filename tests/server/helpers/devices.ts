import { randomBytes } from 'node:crypto';

import type { Device, DevicesResponse, DeviceToken, EnrollResponse, RegisterDeviceResponse } from '@shared/api/devices';

import { loginUser, registerUser, type ApiError, type RegisteredUser, type SessionBody } from './factories';
import type { TestApp } from './test-app';

export const newDeviceId = (): string => `dev_${randomBytes(6).toString('hex')}`;

/** One signed-in browser: a session bound to its device, and the device's secret the browser keeps. */
export interface Browser {
  token: string;
  deviceId: string;
  /** Given at registration; a sign-in that shows it belongs to this device. */
  deviceSecret?: string;
  user: RegisteredUser;
}

/** A thin client for the device calls of one browser (sends X-Device-ID, and its secret when it has one, on every call). */
export function devicesOf(t: TestApp, browser: Pick<Browser, 'token' | 'deviceId' | 'deviceSecret'>) {
  const h: Record<string, string> = { 'x-device-id': browser.deviceId };
  if (browser.deviceSecret) h['x-device-secret'] = browser.deviceSecret;
  const { token } = browser;
  return {
    list: () => t.api.get<DevicesResponse & ApiError>('/api/devices', token, h),
    check: () =>
      t.api.get<ApiError & { registered: boolean; reason: string; seatAvailable: boolean; deviceCount: number; seatLimit: number }>(
        '/api/devices/check',
        token,
        h,
      ),
    register: (name = 'Work laptop', platform = 'Win32') =>
      t.api.post<RegisterDeviceResponse & ApiError>(
        '/api/devices/register',
        { deviceId: browser.deviceId, deviceName: name, platform },
        token,
        h,
      ),
    deactivate: (deviceId: string, removeClient = false) =>
      t.api.post<{ success: boolean; shouldLogout: boolean } & ApiError>('/api/devices/deactivate', { deviceId, removeClient }, token, h),
    deactivateCurrent: () =>
      t.api.post<{ success: boolean; shouldLogout: boolean } & ApiError>('/api/devices/deactivate-current', undefined, token, h),
    setAdmin: (deviceId: string, isAdmin: boolean) =>
      t.api.post<{ device: Device } & ApiError>(`/api/devices/${deviceId}/admin-status`, { isAdmin }, token, h),
    rename: (deviceId: string, deviceName: string) =>
      t.api.put<{ success: boolean; device: Device } & ApiError>(`/api/devices/${deviceId}/name`, { deviceName }, token, h),
    ping: (deviceId = browser.deviceId) => t.api.post<ApiError & { serverTime: string }>('/api/devices/ping', { deviceId }, token, h),
    notifications: () =>
      t.api.get<{ notifications: { deviceName: string; reason: string; shown: boolean }[] } & ApiError>(
        '/api/devices/logout-notifications',
        token,
        h,
      ),
    audit: () =>
      t.api.get<
        { events: { type: string; deviceId: string; deviceName: string; actorDeviceId: string | null; detail: string | null }[] } & ApiError
      >('/api/devices/audit', token, h),
    forceDelete: (deviceId: string) => t.api.delete<ApiError>(`/api/devices/${deviceId}/force-delete`, token, h),
    uninstall: (deviceId: string) => t.api.post<ApiError>(`/api/devices/${deviceId}/uninstall`, undefined, token, h),
    tokens: () => t.api.get<{ tokens: DeviceToken[] } & ApiError>('/api/tokens', token, h),
    createToken: (maxUses: number, groupId?: string) =>
      t.api.post<{ token: DeviceToken } & ApiError>('/api/device-tokens', { maxUses, ...(groupId ? { groupId } : {}) }, token, h),
    revokeToken: (id: string) => t.api.delete<ApiError>(`/api/device-tokens/${id}`, token, h),
  };
}

/** Signs up and registers the first browser, which becomes the admin device. */
export async function adminBrowser(t: TestApp): Promise<Browser> {
  const user = await registerUser(t.api);
  const browser = { token: user.token, deviceId: newDeviceId(), user };
  const res = await devicesOf(t, browser).register('Admin desktop');
  if (res.status !== 200 || !res.body.isAdmin) throw new Error(`admin registration failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...browser, deviceSecret: res.body.deviceSecret };
}

/** Another sign-in of the same account on another browser, registered as a device. */
export async function anotherBrowser(t: TestApp, owner: Browser, name = 'Second laptop'): Promise<Browser> {
  const session = await loginUser(t.api, owner.user.email, owner.user.password);
  const browser = { token: session.token, deviceId: newDeviceId(), user: owner.user };
  const res = await devicesOf(t, browser).register(name);
  if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...browser, deviceSecret: res.body.deviceSecret };
}

/** The owner signed in on a browser that has not registered: its session belongs to no device. */
export async function unregisteredBrowser(t: TestApp, owner: Pick<Browser, 'user'>): Promise<Browser> {
  const session = await loginUser(t.api, owner.user.email, owner.user.password);
  return { token: session.token, deviceId: newDeviceId(), user: owner.user };
}

/**
 * A fresh sign-in of the same browser (login with its X-Device-ID and the device's secret binds
 * the session to it) for after the clock moved past the access token's 15 minutes. Does not touch the device.
 */
export async function signInAgain(t: TestApp, browser: Browser): Promise<Browser> {
  const headers: Record<string, string> = { 'x-device-id': browser.deviceId };
  if (browser.deviceSecret) headers['x-device-secret'] = browser.deviceSecret;
  const res = await t.api.post<SessionBody>(
    '/api/auth/login',
    { email: browser.user.email, password: browser.user.password },
    null,
    headers,
  );
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...browser, token: res.body.token };
}

export function enroll(t: TestApp, code: string, overrides: Record<string, unknown> = {}) {
  return t.api.post<EnrollResponse & ApiError>('/api/devices/enroll', {
    code,
    deviceId: newDeviceId(),
    deviceName: 'Build server',
    platform: 'linux',
    arch: 'x64',
    agentVersion: '0.1.0',
    // Another machine each time: the same fingerprint in one account is the same machine enrolling again.
    hardwareFingerprint: randomBytes(32).toString('hex'),
    ...overrides,
  });
}

/** A Linux machine the owner enrols with a one-use token, as the agent does: its public id and credential. */
export async function enrollMachine(t: TestApp, owner: Pick<Browser, 'token' | 'deviceId'>, name = 'Build server') {
  const code = (await devicesOf(t, owner).createToken(1)).body.token.code;
  const res = await enroll(t, code, { deviceName: name, platform: 'linux' });
  if (res.status !== 201) throw new Error(`enrolment failed: ${JSON.stringify(res.body)}`);
  return { deviceId: res.body.device.device_id, credential: res.body.credential };
}

export const agentMe = (t: TestApp, credential: string) => t.api.get<Device & ApiError>('/api/agent/me', credential);
