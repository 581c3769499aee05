import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminBrowser, anotherBrowser, devicesOf, enroll, signInAgain } from './helpers/devices';
import { setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('renaming, audit trail, force-delete and uninstall', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('renames a device (1..255 characters) and records it', async () => {
    const admin = await adminBrowser(t);
    const d = devicesOf(t, admin);
    const renamed = await d.rename(admin.deviceId, '  Desk PC  ');
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      success: true,
      device: { device_id: admin.deviceId, device_name: 'Desk PC', deviceName: 'Desk PC' },
    });
    expect((await d.list()).body.devices[0]?.device_name).toBe('Desk PC');
    const empty = await d.rename(admin.deviceId, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Device name is required');
    expect((await d.rename(admin.deviceId, 'x'.repeat(256))).body.message).toBe('Device name must be at most 255 characters');
    expect((await d.rename(admin.deviceId, 'x'.repeat(255))).status).toBe(200);
    const events = (await d.audit()).body.events;
    expect(
      events
        .filter((event) => event.type === 'renamed')
        .map((event) => event.detail)
        .sort(),
    ).toEqual([`Admin desktop → Desk PC`, `Desk PC → ${'x'.repeat(255)}`]);
  });

  it('keeps an owner-scoped audit trail, newest first', async () => {
    let admin = await adminBrowser(t);
    await setPlan(t, admin.user.user.id, 'premium');
    t.clock.advanceMinutes(1);
    admin = await signInAgain(t, admin);
    let laptop = await anotherBrowser(t, admin, 'Laptop');
    t.clock.advanceMinutes(1);
    [admin, laptop] = [await signInAgain(t, admin), await signInAgain(t, laptop)];
    await devicesOf(t, admin).setAdmin(laptop.deviceId, true);
    t.clock.advanceMinutes(1);
    admin = await signInAgain(t, admin);
    await devicesOf(t, admin).setAdmin(laptop.deviceId, false);
    const events = (await devicesOf(t, admin).audit()).body.events;
    expect(events.map((event) => [event.type, event.deviceName, event.actorDeviceId])).toEqual([
      ['admin_revoked', 'Laptop', admin.deviceId],
      ['admin_granted', 'Laptop', admin.deviceId],
      ['registered', 'Laptop', laptop.deviceId],
      ['registered', 'Admin desktop', admin.deviceId],
    ]);
    const stranger = await adminBrowser(t);
    expect((await devicesOf(t, stranger).audit()).body.events.map((event) => event.deviceId)).toEqual([stranger.deviceId]);
  });

  it('force-deletes only deactivated devices, and records uninstall requests for enrolled machines', async () => {
    let admin = await adminBrowser(t);
    await setPlan(t, admin.user.user.id, 'premium');
    const laptop = await anotherBrowser(t, admin, 'Laptop');
    const code = (await devicesOf(t, admin).createToken(1)).body.token.code;
    const agent = (await enroll(t, code)).body.device;

    const still = await devicesOf(t, admin).forceDelete(laptop.deviceId);
    expect(still.status).toBe(409);
    expect(still.body).toEqual({ code: 'DEVICE_STILL_ACTIVE', message: 'Deactivate the device before deleting it' });
    expect((await devicesOf(t, laptop).forceDelete(laptop.deviceId)).body.code).toBe('NOT_ADMIN_DEVICE');

    expect((await devicesOf(t, admin).uninstall(agent.device_id)).status).toBe(200);
    expect((await devicesOf(t, admin).uninstall(laptop.deviceId)).status).toBe(400);

    t.clock.advanceHours(25);
    admin = await signInAgain(t, admin);
    expect((await devicesOf(t, admin).deactivate(laptop.deviceId)).status).toBe(200);
    const deleted = await devicesOf(t, admin).forceDelete(laptop.deviceId);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect((await devicesOf(t, admin).forceDelete(laptop.deviceId)).body.code).toBe('DEVICE_NOT_FOUND');
    const row = await t.app.ctx.db.selectFrom('devices').select('id').where('device_id', '=', laptop.deviceId).executeTakeFirst();
    expect(row).toBeUndefined();
    const types = (await devicesOf(t, admin).audit()).body.events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['force_deleted', 'deactivated', 'uninstall_requested', 'enrolled']));
  });
});
