import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findDevice } from '../../src/server/db/repositories/devices.repository';
import { adminBrowser, type Browser } from './helpers/devices';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('device activity updates (ping and update-status)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (browser: Browser, url: string, body: Record<string, unknown>) =>
    t.api.post<{ serverTime: string; code?: string }>(url, body, browser.token, { 'x-device-id': browser.deviceId });
  const stored = async (browser: Browser) => {
    const row = await findDevice(t.app.ctx.db, browser.user.user.id, browser.deviceId);
    return { event: row?.last_activity_event, lastActive: row?.last_active_at };
  };

  it('keeps the event that prompted the update with the time it came', async () => {
    const browser = await adminBrowser(t);
    for (const event of ['load', 'hidden', 'visible', 'unload'] as const) {
      t.clock.advanceMinutes(1);
      const res = await post(browser, '/api/devices/update-status', { deviceId: browser.deviceId, event });
      expect(res.status).toBe(200);
      expect(res.body.serverTime).toBe(t.clock.now().toISOString());
      expect(await stored(browser)).toEqual({ event, lastActive: t.clock.now().toISOString() });
    }
  });

  it('answers ping and update-status with one handler: no event means an interval update', async () => {
    const browser = await adminBrowser(t);
    expect((await post(browser, '/api/devices/update-status', { deviceId: browser.deviceId, event: 'unload' })).status).toBe(200);
    t.clock.advanceMinutes(5);
    const ping = await post(browser, '/api/devices/ping', { deviceId: browser.deviceId });
    expect(ping.status).toBe(200);
    expect(await stored(browser)).toEqual({ event: 'interval', lastActive: t.clock.now().toISOString() });
    expect((await post(browser, '/api/devices/ping', { deviceId: browser.deviceId, event: 'visible' })).status).toBe(200);
    expect((await stored(browser)).event).toBe('visible');
  });

  it('refuses an unknown event and changes nothing', async () => {
    const browser = await adminBrowser(t);
    expect((await post(browser, '/api/devices/update-status', { deviceId: browser.deviceId, event: 'load' })).status).toBe(200);
    const before = await stored(browser);
    t.clock.advanceMinutes(1);
    const res = await post(browser, '/api/devices/update-status', { deviceId: browser.deviceId, event: 'reboot' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(await stored(browser)).toEqual(before);
  });
});
