import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';

import { adminBrowser, devicesOf } from './helpers/devices';
import { registerUser, type RegisteredUser } from './helpers/factories';
import { catalogueOf, listsOf } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * GET /api/devices and GET /api/lists/{id}/items take the fast path (docs/patterns.md, "Fast
 * reads"): statements compiled once and run straight on SQLite, a caller known from the caches
 * authenticated without a promise, the answer written by a precompiled writer. Each case reads
 * first, so that everything is warm and kept, then changes something: the very next read sees it,
 * with the same headers as every API answer.
 */
describe('fast reads see every change at once', () => {
  let t: TestApp;
  let admin: RegisteredUser;
  let apps: App[];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerUser(t.api);
    apps = await catalogueOf(t, admin.token, 3, 'Fast');
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows a renamed device on the very next read, as no-store with the API security headers', async () => {
    const owner = await adminBrowser(t);
    const devices = devicesOf(t, owner);
    expect((await devices.list()).body.devices.map((device) => device.device_name)).toEqual(['Admin desktop']);
    expect((await devices.rename(owner.deviceId, 'Kitchen PC')).status).toBe(200);
    const next = await devices.list();
    expect(next.body.devices.map((device) => [device.device_name, device.deviceName, device.is_current])).toEqual([
      ['Kitchen PC', 'Kitchen PC', true],
    ]);
    expect(next.headers).toMatchObject({
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });

  it("no longer shows an app removed from a list, and never shows another user's list", async () => {
    const user = await registerUser(t.api);
    const lists = listsOf(t, user.token);
    const list = (await lists.create('Fast list')).body;
    for (const app of apps) await lists.add(list.id, app.app_id);
    expect((await lists.items(list.id)).body.items.map((item) => item.name)).toEqual(['Fast 1', 'Fast 2', 'Fast 3']);
    expect((await lists.drop(list.id, apps[1]!.app_id)).status).toBe(200);
    const next = await lists.items(list.id);
    expect(next.body.items.map((item) => [item.name, item.position])).toEqual([
      ['Fast 1', 0],
      ['Fast 3', 1],
    ]);
    expect(next.headers['cache-control']).toBe('no-store');

    const stranger = await registerUser(t.api);
    const theirs = await listsOf(t, stranger.token).items(list.id);
    expect([theirs.status, theirs.body.code]).toEqual([404, 'LIST_NOT_FOUND']);
  });

  it('refuses a logged-out session on its very next read of either kind, in its own words', async () => {
    const owner = await adminBrowser(t);
    const lists = listsOf(t, owner.token);
    const list = (await lists.create('Soon gone')).body;
    expect((await devicesOf(t, owner).list()).status).toBe(200);
    expect((await lists.items(list.id)).status).toBe(200);
    expect((await t.api.post('/api/auth/logout', undefined, owner.token, { 'x-device-id': owner.deviceId })).status).toBe(200);
    const devices = await devicesOf(t, owner).list();
    const items = await lists.items(list.id);
    expect([devices.status, devices.body.code, items.status, items.body.code]).toEqual([401, 'TOKEN_REVOKED', 401, 'TOKEN_REVOKED']);
  });

  it('says a known token has expired once its quarter-hour is over, and not before', async () => {
    const owner = await adminBrowser(t);
    expect((await devicesOf(t, owner).list()).status).toBe(200);
    t.clock.advanceMinutes(14);
    expect((await devicesOf(t, owner).list()).status).toBe(200);
    t.clock.advanceMinutes(2);
    const late = await devicesOf(t, owner).list();
    expect([late.status, late.body.code]).toEqual([401, 'TOKEN_EXPIRED']);
  });

  it('answers a missing or broken token with the usual refusal', async () => {
    const none = await t.api.get<{ code: string }>('/api/devices');
    expect([none.status, none.body.code]).toEqual([401, 'AUTHENTICATION_REQUIRED']);
    const broken = await t.api.get<{ code: string }>('/api/devices', 'not.a.token');
    expect([broken.status, broken.body.code]).toEqual([401, 'TOKEN_INVALID']);
    expect(broken.headers['x-frame-options']).toBe('DENY');
  });
});
