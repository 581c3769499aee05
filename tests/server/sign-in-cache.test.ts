import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PLANS } from '@shared/plans';

import { adminBrowser, anotherBrowser, devicesOf, signInAgain } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Who is behind a session is kept a few seconds (security/auth-cache.ts). Each case
 * first makes a request, so the session is kept, then changes something: the very next request
 * must already see the change.
 */
describe('the sign-in cache never answers with what changed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sees a new plan on the very next request', async () => {
    const owner = await adminBrowser(t);
    expect((await devicesOf(t, owner).list()).body.seatLimit).toBe(PLANS.free.limits.devices);
    await setPlan(t, owner.user.user.id, 'premium');
    expect((await devicesOf(t, owner).list()).body.seatLimit).toBe(PLANS.premium.limits.devices);
    await setPlan(t, owner.user.user.id, 'free');
    expect((await devicesOf(t, owner).list()).body.seatLimit).toBe(PLANS.free.limits.devices);
  });

  it('refuses a session ended by logout on its very next request', async () => {
    const owner = await adminBrowser(t);
    expect((await devicesOf(t, owner).list()).status).toBe(200);
    expect((await t.api.post('/api/auth/logout', undefined, owner.token, { 'x-device-id': owner.deviceId })).status).toBe(200);
    const next = await devicesOf(t, owner).list();
    expect([next.status, next.body.code]).toEqual([401, 'TOKEN_REVOKED']);
  });

  it('refuses the other sessions on their very next request once the password changed', async () => {
    const owner = await adminBrowser(t);
    const laptop = await anotherBrowser(t, owner);
    expect((await devicesOf(t, laptop).list()).status).toBe(200);
    const changed = await t.api.put(
      '/api/account',
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: owner.user.email,
        currentPassword: owner.user.password,
        newPassword: 'a brand new long passphrase',
      },
      owner.token,
    );
    expect(changed.status).toBe(200);
    const next = await devicesOf(t, laptop).list();
    expect([next.status, next.body.code]).toEqual([401, 'TOKEN_REVOKED']);
    expect((await devicesOf(t, owner).list()).status).toBe(200);
  });

  it('refuses a device deactivated from elsewhere on its very next request, with the reason', async () => {
    let owner = await adminBrowser(t);
    let laptop = await anotherBrowser(t, owner);
    // Past the free plan's deactivation cooldown; the access tokens expired meanwhile.
    t.clock.advanceHours(73);
    owner = await signInAgain(t, owner);
    laptop = await signInAgain(t, laptop);
    expect((await devicesOf(t, laptop).list()).status).toBe(200);
    const deactivated = await devicesOf(t, owner).deactivate(laptop.deviceId);
    expect([deactivated.status, deactivated.body.code]).toEqual([200, undefined]);
    const next = await devicesOf(t, laptop).list();
    expect([next.status, next.body.code]).toEqual([401, 'DEVICE_DEACTIVATED_REMOTELY']);
  });

  it('refuses a deleted account on its very next request', async () => {
    const owner = await adminBrowser(t);
    const laptop = await anotherBrowser(t, owner);
    expect((await devicesOf(t, laptop).list()).status).toBe(200);
    const deleted = await t.api.post('/api/account/delete', { password: owner.user.password }, owner.token, {
      'x-account-action': 'delete',
    });
    expect(deleted.status).toBe(200);
    const next = await t.api.get<ApiError>('/api/devices', laptop.token, { 'x-device-id': laptop.deviceId });
    expect([next.status, next.body.code]).toEqual([401, 'TOKEN_INVALID']);
  });

  it('never gives one session what another session asked for', async () => {
    const first = await adminBrowser(t);
    const second = await adminBrowser(t);
    await setPlan(t, second.user.user.id, 'annual-premium');
    for (let round = 0; round < 3; round += 1) {
      const [mine, theirs] = await Promise.all([devicesOf(t, first).list(), devicesOf(t, second).list()]);
      expect(mine.body.devices.map((device) => device.deviceId)).toEqual([first.deviceId]);
      expect(mine.body.seatLimit).toBe(PLANS.free.limits.devices);
      expect(theirs.body.devices.map((device) => device.deviceId)).toEqual([second.deviceId]);
      expect(theirs.body.seatLimit).toBe(PLANS['annual-premium'].limits.devices);
    }
  });
});
