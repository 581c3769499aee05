import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminBrowser, anotherBrowser, devicesOf, newDeviceId, signInAgain, unregisteredBrowser } from './helpers/devices';
import { loginUser, registerUser } from './helpers/factories';
import { setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('device registration, list and seats', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes the first browser the admin primary device, idempotently, and binds the session to it', async () => {
    const user = await registerUser(t.api);
    const browser = { token: user.token, deviceId: newDeviceId() };
    const d = devicesOf(t, browser);
    expect((await d.check()).body).toEqual({
      registered: false,
      reason: 'NOT_REGISTERED',
      seatAvailable: true,
      deviceCount: 0,
      seatLimit: 3,
    });

    const first = await d.register('  My PC ', 'Win32');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, isAdmin: true, isFirstDevice: true });
    expect(first.body.device).toMatchObject({
      device_id: browser.deviceId,
      deviceName: 'My PC',
      platform: 'windows',
      device_type: 'primary',
      registration_method: 'account',
      capabilities: ['web_access', 'receive_installations', 'admin'],
      is_active: true,
      is_current: true,
      is_admin: true,
      connection_status: 'online',
      minutes_since_active: 0,
      // Its first hour: removable at once (a mistake), its 72-hour protection starts after it.
      isInCooldown: false,
      cooldown_remaining_minutes: 0,
      removable_minutes_left: 60,
      protected_until: new Date(t.clock.now().getTime() + 72 * 3_600_000).toISOString(),
    });
    const again = await d.register('Other name');
    expect(again.body).toMatchObject({ isAdmin: true, isFirstDevice: false, device: { device_name: 'My PC' } });
    expect((await d.list()).body.devices).toHaveLength(1);
    expect((await d.check()).body).toEqual({ registered: true, reason: 'REGISTERED', seatAvailable: true, deviceCount: 1, seatLimit: 3 });
    expect((await t.api.get<{ currentPlan: { seats: unknown } }>('/api/subscription/status', user.token)).body.currentPlan.seats).toEqual({
      limit: 3,
      used: 1,
    });
  });

  it('needs X-Device-ID equal to the body deviceId', async () => {
    const user = await registerUser(t.api);
    const noHeader = await t.api.post<{ code: string }>('/api/devices/register-primary', { deviceName: 'PC' }, user.token);
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.code).toBe('DEVICE_ID_REQUIRED');
    const mismatch = await t.api.post<{ code: string }>(
      '/api/devices/register',
      { deviceId: newDeviceId(), deviceName: 'PC' },
      user.token,
      { 'x-device-id': newDeviceId() },
    );
    expect(mismatch.status).toBe(400);
    const id = newDeviceId();
    const primary = await t.api.post<{ device: { device_id: string; platform: string } }>(
      '/api/devices/register-primary',
      { deviceName: 'Mac', platform: 'MacIntel' },
      user.token,
      { 'x-device-id': id },
    );
    expect(primary.status).toBe(200);
    expect(primary.body.device).toMatchObject({ device_id: id, platform: 'macos' });
    // The session that registered is that device, header or not; another sign-in without one names none.
    expect((await t.api.get('/api/devices/check', user.token)).body).toMatchObject({ registered: true, reason: 'REGISTERED' });
    const elsewhere = await loginUser(t.api, user.email, user.password);
    expect((await t.api.get('/api/devices/check', elsewhere.token)).body).toMatchObject({ registered: false, reason: 'NO_DEVICE_ID' });
  });

  it('refuses a device past the plan limit with DEVICE_LIMIT_REACHED; mobile browsers take no seat; an upgrade frees seats', async () => {
    const admin = await adminBrowser(t);
    await anotherBrowser(t, admin);
    await anotherBrowser(t, admin, 'Third laptop');
    const fourth = await unregisteredBrowser(t, admin);
    const refused = await devicesOf(t, fourth).register('Fourth');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'DEVICE_LIMIT_REACHED',
      message: 'You have reached the device limit of your plan (3 devices). Deactivate a device or upgrade.',
    });
    expect((await devicesOf(t, fourth).check()).body).toEqual({
      registered: false,
      reason: 'NOT_REGISTERED',
      seatAvailable: false,
      deviceCount: 3,
      seatLimit: 3,
    });

    const phone = await devicesOf(t, await unregisteredBrowser(t, admin)).register('Phone', 'Linux armv8l Android');
    expect(phone.status).toBe(200);
    expect(phone.body.device).toMatchObject({ device_type: 'mobile', platform: 'android', is_admin: false });
    const list = (await devicesOf(t, admin).list()).body;
    expect(list).toMatchObject({ seatLimit: 3, seatsUsed: 3 });
    expect(list.devices).toHaveLength(4);

    await setPlan(t, admin.user.user.id, 'premium');
    expect((await devicesOf(t, fourth).register('Fourth')).status).toBe(200);
    expect((await devicesOf(t, admin).list()).body).toMatchObject({ seatLimit: 10, seatsUsed: 4 });
  });

  it('computes connection status, activity and protection from the clock; pings keep a device online', async () => {
    let admin = await adminBrowser(t);
    const d = () => devicesOf(t, admin);
    const statusAfter = async (minutes: number) => {
      t.clock.advanceMinutes(minutes);
      admin = await signInAgain(t, admin);
      const device = (await d().list()).body.devices[0];
      return [device?.connection_status, device?.minutes_since_active];
    };
    expect(await statusAfter(4)).toEqual(['online', 4]);
    expect(await statusAfter(2)).toEqual(['recently_active', 6]);
    expect(await statusAfter(60)).toEqual(['inactive', 66]);
    expect((await d().list()).body.activeToday).toBe(1);
    expect(await statusAfter(24 * 60)).toEqual(['offline', 24 * 60 + 66]);
    expect((await d().list()).body.activeToday).toBe(0);
    const ping = await d().ping();
    expect(ping.status).toBe(200);
    expect(ping.body.serverTime).toBe(t.clock.now().toISOString());
    expect(await statusAfter(0)).toEqual(['online', 0]);
    const status = await t.api.post('/api/devices/update-status', { deviceId: admin.deviceId, event: 'visible' }, admin.token, {
      'x-device-id': admin.deviceId,
    });
    expect(status.status).toBe(200);
    t.clock.advanceHours(72);
    admin = await signInAgain(t, admin);
    expect((await d().list()).body.devices[0]).toMatchObject({ isInCooldown: false, cooldown_remaining_minutes: 0 });
  });

  it("answers DEVICE_NOT_FOUND to pings of unknown devices and of other users' devices", async () => {
    const alice = await adminBrowser(t);
    const bob = await adminBrowser(t);
    for (const res of [await devicesOf(t, bob).ping(newDeviceId()), await devicesOf(t, bob).ping(alice.deviceId)]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'DEVICE_NOT_FOUND', message: 'Device not found' });
    }
    expect((await t.api.post('/api/devices/set-current', { deviceId: alice.deviceId }, bob.token)).status).toBe(404);
  });

  it('lets the same browser hold two accounts, each with its own device row', async () => {
    const alice = await adminBrowser(t);
    const bob = await registerUser(t.api);
    const shared = devicesOf(t, { token: bob.token, deviceId: alice.deviceId });
    const res = await shared.register('Shared PC');
    expect(res.body).toMatchObject({ isAdmin: true, isFirstDevice: true });
    expect((await devicesOf(t, alice).list()).body.devices.map((device) => device.device_name)).toEqual(['Admin desktop']);
  });
});
