import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminBrowser, anotherBrowser, devicesOf, newDeviceId, signInAgain, unregisteredBrowser, type Browser } from './helpers/devices';
import { registerUser } from './helpers/factories';
import { setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('device deactivation rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  // Fresh sign-ins after the clock moved past the access tokens' 15 minutes, one per browser given.
  const again = <T extends Browser[]>(...browsers: T) =>
    Promise.all(browsers.map((browser) => signInAgain(t, browser))) as Promise<{ [K in keyof T]: Browser }>;

  it('protects new devices for the plan cooldown (72 h free), in hours then minutes, then deactivates and logs the device out', async () => {
    let admin = await adminBrowser(t);
    let laptop = await anotherBrowser(t, admin, 'Old laptop');
    t.clock.advanceHours(1);
    [admin, laptop] = await again(admin, laptop);

    const early = await devicesOf(t, admin).deactivate(laptop.deviceId);
    expect(early.status).toBe(403);
    expect(early.body).toEqual({
      code: 'DEVICE_DEACTIVATION_COOLDOWN',
      message: 'This device was added recently and is protected for 71 more hours.',
      details: { remainingHours: '71', remainingMinutes: '4260', protectedUntil: expect.any(String) as string },
    });
    t.clock.advanceMinutes(70 * 60 + 15);
    [admin, laptop] = await again(admin, laptop);
    const later = await devicesOf(t, admin).deactivate(laptop.deviceId);
    expect(later.status).toBe(403);
    expect(later.body.message).toBe('This device was added recently and is protected for 45 more minutes.');
    expect(later.body.details).toMatchObject({ remainingHours: '0', remainingMinutes: '45' });
    expect((await devicesOf(t, laptop).list()).status).toBe(200);

    t.clock.advanceMinutes(45);
    [admin, laptop] = await again(admin, laptop);
    const done = await devicesOf(t, admin).deactivate(laptop.deviceId);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, shouldLogout: false });

    // The deactivated browser's very next call, whatever it is.
    const next = await devicesOf(t, laptop).list();
    expect(next.status).toBe(401);
    expect(next.body).toEqual({
      code: 'DEVICE_DEACTIVATED_REMOTELY',
      message: 'Your device has been deactivated from another location. Please sign in again.',
      details: { reason: 'device_deactivated_remotely' },
    });
    const list = (await devicesOf(t, admin).list()).body;
    expect(list.devices.map((device) => device.device_id)).toEqual([admin.deviceId]);
    expect(list.seatsUsed).toBe(1);
    expect((await devicesOf(t, admin).deactivate(laptop.deviceId)).status).toBe(404);

    // Signing in again on that browser: the check says deactivated, the notice is there once, registering takes a seat again.
    const back = await signInAgain(t, laptop);
    expect((await devicesOf(t, back).check()).body).toMatchObject({ registered: false, reason: 'DEVICE_DEACTIVATED' });
    expect((await devicesOf(t, back).notifications()).body.notifications).toEqual([
      expect.objectContaining({ deviceName: 'Old laptop', reason: 'manual_deactivation', shown: true }),
    ]);
    expect((await devicesOf(t, back).notifications()).body.notifications).toEqual([]);
    expect((await devicesOf(t, back).ping()).body.code).toBe('DEVICE_NOT_FOUND');
    const reRegistered = await devicesOf(t, back).register('Old laptop');
    // A new activation: removable at once for its first hour, protected after it.
    expect(reRegistered.body).toMatchObject({
      isAdmin: false,
      device: { is_active: true, isInCooldown: false, removable_minutes_left: 60 },
    });
    expect((await devicesOf(t, admin).list()).body.seatsUsed).toBe(2);
  });

  it('answers DEACTIVATION_COOLDOWN for the account after a deactivation (24 h premium), hours rounded up', async () => {
    let admin = await adminBrowser(t);
    await setPlan(t, admin.user.user.id, 'premium');
    const one = await anotherBrowser(t, admin, 'One');
    const two = await anotherBrowser(t, admin, 'Two');
    t.clock.advanceHours(24);
    [admin] = await again(admin);
    expect((await devicesOf(t, admin).deactivate(one.deviceId)).status).toBe(200);
    const refused = await devicesOf(t, admin).deactivate(two.deviceId);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'DEACTIVATION_COOLDOWN', message: 'Please wait 24 hours before deactivating another device.' });
    expect(Number(refused.headers['retry-after'])).toBe(24 * 3600);
    expect((await devicesOf(t, admin).list()).body.deactivationAvailableAt).toBe(
      new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString(),
    );

    t.clock.advanceMinutes(22 * 60 + 30);
    [admin] = await again(admin);
    expect((await devicesOf(t, admin).deactivate(two.deviceId)).body.message).toBe(
      'Please wait 2 hours before deactivating another device.',
    );
    t.clock.advanceMinutes(90);
    [admin] = await again(admin);
    expect((await devicesOf(t, admin).list()).body.deactivationAvailableAt).toBeNull();
    expect((await devicesOf(t, admin).deactivate(two.deviceId, true)).status).toBe(200);
  });

  it('lets only admin devices deactivate others, protects admin devices and keeps the last admin', async () => {
    let admin = await adminBrowser(t);
    await setPlan(t, admin.user.user.id, 'premium');
    let member = await anotherBrowser(t, admin, 'Member');
    let other = await anotherBrowser(t, admin, 'Other');
    t.clock.advanceHours(25);
    [admin, member, other] = await again(admin, member, other);

    const notAdmin = await devicesOf(t, member).deactivate(other.deviceId);
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body).toEqual({ code: 'NOT_ADMIN_DEVICE', message: 'Only admin devices can deactivate other devices' });
    const unregistered = await devicesOf(t, await unregisteredBrowser(t, admin)).deactivate(other.deviceId);
    expect(unregistered.body.code).toBe('NOT_ADMIN_DEVICE');
    expect((await devicesOf(t, member).deactivate(admin.deviceId)).body.code).toBe('NOT_ADMIN_DEVICE');

    expect((await devicesOf(t, admin).setAdmin(member.deviceId, true)).body.device).toMatchObject({
      is_admin: true,
      capabilities: ['web_access', 'receive_installations', 'admin'],
    });
    const protectedAdmin = await devicesOf(t, admin).deactivate(member.deviceId);
    expect(protectedAdmin.status).toBe(403);
    expect(protectedAdmin.body).toEqual({ code: 'ADMIN_DEVICE_PROTECTED', message: 'Cannot deactivate admin devices' });
    expect((await devicesOf(t, member).deactivate(admin.deviceId)).body.code).toBe('ADMIN_DEVICE_PROTECTED');

    // Two admins: one may step down; then the last one can neither go nor drop admin.
    expect((await devicesOf(t, member).setAdmin(member.deviceId, false)).body.device.is_admin).toBe(false);
    const lastRevoke = await devicesOf(t, admin).setAdmin(admin.deviceId, false);
    expect(lastRevoke.status).toBe(403);
    expect(lastRevoke.body).toEqual({ code: 'LAST_ADMIN_DEVICE', message: 'Cannot deactivate the only admin device' });
    expect((await devicesOf(t, member).setAdmin(member.deviceId, true)).body.code).toBe('NOT_ADMIN_DEVICE');
    // Five deactivation attempts an hour: start a new hour.
    t.clock.advanceMinutes(61);
    [admin, member, other] = await again(admin, member, other);
    for (const res of [await devicesOf(t, admin).deactivateCurrent(), await devicesOf(t, admin).deactivate(admin.deviceId)]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'LAST_ADMIN_DEVICE', message: 'Cannot deactivate the only admin device' });
    }
    expect((await devicesOf(t, admin).list()).body.devices).toHaveLength(3);

    // A non-admin device may leave by itself: its own sessions end with DEVICE_DEACTIVATED.
    const left = await devicesOf(t, other).deactivateCurrent();
    expect(left.body).toEqual({ success: true, shouldLogout: true });
    expect((await devicesOf(t, other).list()).body).toEqual({
      code: 'DEVICE_DEACTIVATED',
      message: 'Your device has been deactivated. Please sign in again.',
      details: { reason: 'device_deactivated' },
    });
    // Deactivating one's own device by id is the same as deactivate-current, and no account cooldown follows.
    expect((await devicesOf(t, member).deactivate(member.deviceId)).body).toEqual({ success: true, shouldLogout: true });
    expect((await devicesOf(t, admin).list()).body).toMatchObject({ seatsUsed: 1, deactivationAvailableAt: null });
  });

  it("answers DEVICE_NOT_FOUND for unknown devices and for another user's devices, changing nothing", async () => {
    let alice = await adminBrowser(t);
    let aliceLaptop = await anotherBrowser(t, alice, 'Alice laptop');
    const bob = await adminBrowser(t);
    t.clock.advanceHours(73);
    [alice, aliceLaptop] = await again(alice, aliceLaptop);
    const b = devicesOf(t, await signInAgain(t, bob));
    for (const res of [
      await b.deactivate(aliceLaptop.deviceId),
      await b.deactivate(newDeviceId()),
      await b.rename(aliceLaptop.deviceId, 'Mallory'),
      await b.setAdmin(aliceLaptop.deviceId, true),
      await b.forceDelete(aliceLaptop.deviceId),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'DEVICE_NOT_FOUND', message: 'Device not found' });
    }
    expect((await devicesOf(t, alice).list()).body.devices.map((device) => [device.device_name, device.is_admin]).sort()).toEqual([
      ['Admin desktop', true],
      ['Alice laptop', false],
    ]);
    expect((await devicesOf(t, aliceLaptop).list()).status).toBe(200);
    expect((await b.list()).body.devices.map((device) => device.device_name)).toEqual(['Admin desktop']);
  });

  it('rate-limits deactivation attempts (5 an hour) with DEVICE_DEACTIVATION_RATE_LIMIT before any other rule', async () => {
    // Rate-limit windows are aligned on the clock (so every server process agrees): start on the hour.
    t.clock.set(new Date(Math.ceil(t.clock.now().getTime() / 3_600_000) * 3_600_000));
    const user = await registerUser(t.api);
    const d = devicesOf(t, { token: user.token, deviceId: newDeviceId() });
    for (let i = 0; i < 5; i += 1) expect((await d.deactivate(newDeviceId())).body.code).toBe('DEVICE_NOT_FOUND');
    const limited = await d.deactivate(newDeviceId());
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      code: 'DEVICE_DEACTIVATION_RATE_LIMIT',
      message: 'Too many deactivation attempts. Please try again in 60 minutes.',
    });
    t.clock.advanceMinutes(61);
    const fresh = devicesOf(t, {
      token: (await signInAgain(t, { ...{ token: user.token, deviceId: newDeviceId() }, user })).token,
      deviceId: newDeviceId(),
    });
    expect((await fresh.deactivate(newDeviceId())).body.code).toBe('DEVICE_NOT_FOUND');
  });
});
