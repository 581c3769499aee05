import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminBrowser, agentMe, anotherBrowser, devicesOf, enroll, newDeviceId, signInAgain } from './helpers/devices';
import { setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('remote enrolment with a registration code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a remote token-registered device with a credential that works until the device is deactivated', async () => {
    let admin = await adminBrowser(t);
    const code = (await devicesOf(t, admin).createToken(1)).body.token.code;
    const deviceId = newDeviceId();
    const res = await enroll(t, code, { deviceId, deviceName: 'Build server', platform: 'linux', arch: 'arm64', agentVersion: '1.2.3' });
    expect(res.status).toBe(201);
    expect(res.body.credential.length).toBeGreaterThanOrEqual(43);
    expect(res.body.device).toMatchObject({
      device_id: deviceId,
      device_name: 'Build server',
      platform: 'linux',
      device_type: 'remote',
      registration_method: 'token',
      capabilities: ['receive_installations'],
      is_admin: false,
      arch: 'arm64',
      agent_version: '1.2.3',
    });
    const row = await t.app.ctx.db.selectFrom('devices').selectAll().where('device_id', '=', deviceId).executeTakeFirstOrThrow();
    expect(row.credential_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(res.body.credential);

    const me = await agentMe(t, res.body.credential);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ device_id: deviceId, device_type: 'remote', is_current: true });
    const bad = await agentMe(t, 'not-a-credential');
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('TOKEN_INVALID');

    const list = (await devicesOf(t, admin).list()).body;
    expect(list).toMatchObject({ seatsUsed: 2, seatLimit: 3 });
    expect(list.devices.find((device) => device.device_id === deviceId)).toMatchObject({
      registration_method: 'token',
      isInCooldown: false,
      removable_minutes_left: 60,
    });
    expect((await t.api.get<{ currentPlan: { seats: unknown } }>('/api/subscription/status', admin.token)).body.currentPlan.seats).toEqual({
      limit: 3,
      used: 2,
    });

    t.clock.advanceHours(72);
    admin = await signInAgain(t, admin);
    expect((await devicesOf(t, admin).deactivate(deviceId, true)).body).toEqual({ success: true, shouldLogout: false });
    const refused = await agentMe(t, res.body.credential);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      code: 'DEVICE_DEACTIVATED_REMOTELY',
      message: 'Your device has been deactivated from another location.',
    });
    const types = (await devicesOf(t, admin).audit()).body.events.filter((event) => event.deviceId === deviceId).map((event) => event.type);
    expect(types.sort()).toEqual(['deactivated', 'enrolled', 'uninstall_requested']);
  });

  it('refuses unknown codes, machines already enrolled, and bad input', async () => {
    const admin = await adminBrowser(t);
    await setPlan(t, admin.user.user.id, 'premium');
    const unknown = await enroll(t, 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE-FFFFF');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ code: 'REGISTRATION_CODE_INVALID', message: 'This registration code is not valid' });
    expect((await enroll(t, 'short')).body.code).toBe('REGISTRATION_CODE_INVALID');
    const code = (await devicesOf(t, admin).createToken(2)).body.token.code;
    const deviceId = newDeviceId();
    expect((await enroll(t, code, { deviceId })).status).toBe(201);
    const twice = await enroll(t, code, { deviceId });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('DEVICE_ALREADY_REGISTERED');
    const noName = await enroll(t, code, { deviceName: ' ' });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Device name is required');
  });

  it('refuses line breaks and control characters in every field the machine sends, naming the field, and spends no use', async () => {
    const admin = await adminBrowser(t);
    await setPlan(t, admin.user.user.id, 'premium');
    const code = (await devicesOf(t, admin).createToken(1)).body.token.code;
    const forged = 'x64\n{"level":50,"msg":"forged"}';
    const cases: Array<[field: string, value: string]> = [
      ['arch', forged],
      ['agentVersion', '1.0.0\r\nX-Injected: 1'],
      ['hardwareFingerprint', 'abc\u0000def'],
      ['deviceName', 'Build\u001b[31m server'],
      ['platform', 'linux\u2028x'],
      ['deviceId', 'dev_abc\ndef'],
      ['code', `${code.slice(0, 5)}\n${code.slice(5)}`],
    ];
    for (const [field, value] of cases) {
      const res = await enroll(t, code, { [field]: value });
      expect(res.status, field).toBe(400);
      expect(res.body.code, field).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.body.details ?? {}), field).toEqual([field]);
    }
    // Refused before the code was looked at: its one use is still there.
    const clean = await enroll(t, code, { arch: 'arm64', agentVersion: '1.2.3', hardwareFingerprint: 'a'.repeat(64) });
    expect(clean.status).toBe(201);
    expect(clean.body.device).toMatchObject({ arch: 'arm64', agent_version: '1.2.3' });
  });

  it("never lets parallel enrolments pass the seat limit or the code's max uses", async () => {
    // Premium: 10 seats; seven browsers leave three free for a code of 2 uses: only its uses limit.
    const admin = await adminBrowser(t);
    await setPlan(t, admin.user.user.id, 'premium');
    for (const name of ['B', 'C', 'D', 'E', 'F']) await anotherBrowser(t, admin, name);
    const seatBound = (await devicesOf(t, admin).createToken(2)).body.token.code;
    const useBound = (await devicesOf(t, admin).createToken(2)).body.token.code;
    await anotherBrowser(t, admin, 'G');
    const bySeats = await Promise.all(Array.from({ length: 6 }, () => enroll(t, seatBound)));
    expect(bySeats.filter((res) => res.status === 201)).toHaveLength(2);
    expect(bySeats.filter((res) => res.status !== 201).map((res) => res.body.code)).toEqual(Array(4).fill('REGISTRATION_CODE_USED_UP'));

    // Now one seat is left and useBound still has 2 uses: only one enrolment may win.
    expect((await devicesOf(t, admin).list()).body.seatsUsed).toBe(9);
    const byUses = await Promise.all(Array.from({ length: 6 }, () => enroll(t, useBound)));
    expect(byUses.filter((res) => res.status === 201)).toHaveLength(1);
    expect(new Set(byUses.filter((res) => res.status !== 201).map((res) => res.body.code))).toEqual(new Set(['DEVICE_LIMIT_REACHED']));
    const list = (await devicesOf(t, admin).list()).body;
    expect(list).toMatchObject({ seatsUsed: 10, seatLimit: 10 });
    const tokens = await t.app.ctx.db
      .selectFrom('device_tokens')
      .select(['uses', 'max_uses'])
      .where('user_id', '=', admin.user.user.id)
      .execute();
    expect(tokens.map((token) => token.uses).sort()).toEqual([1, 2]);
  });
});
