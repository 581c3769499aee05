import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, agentMe, devicesOf, enroll, newDeviceId, signInAgain, type Browser } from './helpers/devices';
import { createTestApp, type TestApp } from './helpers/test-app';

const fingerprint = () => randomBytes(32).toString('hex');

/**
 * Plan limits that leave room for mistakes: the browser's seat still leaves Free two machines,
 * a device enrolled by mistake goes at once, and the same machine enrolling again takes its own
 * device over instead of a second seat — only ever within the enrolling account.
 */
describe('plan limits that do not trap mistakes', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const code = async (owner: Browser, uses = 1) => (await devicesOf(t, owner).createToken(uses)).body.token.code;
  const deviceRow = (userId: string, deviceId: string) =>
    t.app.ctx.db
      .selectFrom('devices')
      .selectAll()
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .executeTakeFirstOrThrow();

  it('fits a browser and two machines on Free (3 devices), and no seat is left for a fourth', async () => {
    const admin = await adminBrowser(t);
    const two = await code(admin, 2);
    expect((await enroll(t, two, { deviceName: 'Desk' })).status).toBe(201);
    expect((await enroll(t, two, { deviceName: 'Laptop' })).status).toBe(201);
    expect((await devicesOf(t, admin).list()).body).toMatchObject({ seatsUsed: 3, seatLimit: 3 });
    expect((await devicesOf(t, admin).createToken(1)).body.code).toBe('NO_SEATS_AVAILABLE');
  });

  it('removes a device in its first hour at once, without protection or cooldown, and starts no cooldown', async () => {
    let admin = await adminBrowser(t);
    const old = await enroll(t, await code(admin), { deviceName: 'Old box' });
    t.clock.advanceHours(73);
    admin = await signInAgain(t, admin);

    const mistake = await enroll(t, await code(admin), { deviceName: 'Wrong machine' });
    t.clock.advanceMinutes(18);
    admin = await signInAgain(t, admin);
    const listed = (await devicesOf(t, admin).list()).body.devices.find((device) => device.device_name === 'Wrong machine');
    expect(listed).toMatchObject({ isInCooldown: false, cooldown_remaining_minutes: 0, removable_minutes_left: 42 });
    expect((await devicesOf(t, admin).deactivate(mistake.body.device.device_id)).body).toEqual({ success: true, shouldLogout: false });
    expect((await agentMe(t, mistake.body.credential)).body.code).toBe('DEVICE_DEACTIVATED_REMOTELY');
    const removal = (await devicesOf(t, admin).audit()).body.events.find(
      (event) => event.type === 'deactivated' && event.deviceId === mistake.body.device.device_id,
    );
    expect(removal?.detail).toBe('removed within its first hour');

    // That removal was no swap: the old machine (past its protection) can still go now.
    expect((await devicesOf(t, admin).list()).body.deactivationAvailableAt).toBeNull();
    expect((await devicesOf(t, admin).deactivate(old.body.device.device_id)).status).toBe(200);

    // The account cooldown that one started does not hold back the next mistake either...
    const oops = await enroll(t, await code(admin), { deviceName: 'Oops' });
    expect((await devicesOf(t, admin).deactivate(oops.body.device.device_id)).status).toBe(200);
    // ...but a device past its first hour is protected for the rest of the plan's 72 hours.
    const kept = await enroll(t, await code(admin), { deviceName: 'Kept' });
    t.clock.advanceMinutes(61);
    admin = await signInAgain(t, admin);
    expect((await devicesOf(t, admin).list()).body.devices.find((device) => device.device_name === 'Kept')).toMatchObject({
      isInCooldown: true,
      removable_minutes_left: 0,
    });
    const refused = await devicesOf(t, admin).deactivate(kept.body.device.device_id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'DEVICE_DEACTIVATION_COOLDOWN',
      message: 'This device was added recently and is protected for 70 more hours.',
    });
  });

  it('lets the same machine enrolling again take its device over: same row and history, new credential, no new seat', async () => {
    let admin = await adminBrowser(t);
    const hardware = fingerprint();
    const first = await enroll(t, await code(admin), { deviceName: 'build-01', hardwareFingerprint: hardware });
    const machineId = first.body.device.device_id;
    await devicesOf(t, admin).rename(machineId, 'Build server (rack 2)');
    const before = await deviceRow(admin.user.user.id, machineId);
    const oldAgent = await ProtocolAgent.connect(url, first.body.credential);
    // Codes made while a seat is free; then the last seat is filled: the takeover needs none.
    const [fill, takeover, another] = [await code(admin), await code(admin), await code(admin)];
    await enroll(t, fill, { deviceName: 'Other machine' });
    t.clock.advanceHours(2);
    admin = await signInAgain(t, admin);

    // Another folder on the same machine: a new random device id, the same hardware.
    const again = await enroll(t, takeover, { deviceId: newDeviceId(), deviceName: 'build-01', hardwareFingerprint: hardware });
    expect(again.status).toBe(201);
    expect(again.body.device).toMatchObject({ device_id: machineId, device_name: 'Build server (rack 2)', is_active: true });
    const after = await deviceRow(admin.user.user.id, machineId);
    expect(after).toMatchObject({ id: before.id, created_at: before.created_at, is_active: 1 });
    expect(after.credential_hash).not.toBe(before.credential_hash);
    expect((await devicesOf(t, admin).list()).body).toMatchObject({ seatsUsed: 3, seatLimit: 3 });

    // The old credential is refused from now on, and its connected agent is told to stop.
    expect((await agentMe(t, first.body.credential)).body.code).toBe('TOKEN_INVALID');
    expect(await oldAgent.next('device.deactivated')).toMatchObject({ removeClient: false });
    expect(await oldAgent.closed()).toBe(4401);
    expect((await agentMe(t, again.body.credential)).body).toMatchObject({ device_id: machineId });
    const newAgent = await ProtocolAgent.connect(url, again.body.credential);
    await newAgent.close();

    const enrolments = (await devicesOf(t, admin).audit()).body.events.filter(
      (event) => event.deviceId === machineId && event.type === 'enrolled',
    );
    expect(enrolments.map((event) => event.detail)).toEqual([
      expect.stringContaining('took over the earlier enrolment of this machine'),
      expect.not.stringContaining('took over'),
    ]);
    // Another machine still needs a seat of its own.
    expect((await enroll(t, another, { hardwareFingerprint: fingerprint() })).body.code).toBe('DEVICE_LIMIT_REACHED');
  });

  it("never takes over another account's machine: its fingerprint and device id make a new device of this account", async () => {
    const alice = await adminBrowser(t);
    const bob = await adminBrowser(t);
    const hardware = fingerprint();
    const alices = await enroll(t, await code(alice), { deviceName: 'Shared box', hardwareFingerprint: hardware });
    const aliceRow = await deviceRow(alice.user.user.id, alices.body.device.device_id);

    // Bob's code with Alice's machine id and fingerprint: a device of Bob's, Alice's untouched.
    const bobs = await enroll(t, await code(bob), {
      deviceId: alices.body.device.device_id,
      deviceName: 'Bob box',
      hardwareFingerprint: hardware,
    });
    expect(bobs.status).toBe(201);
    expect(bobs.body.device).toMatchObject({ device_id: alices.body.device.device_id, device_name: 'Bob box' });
    const bobRow = await deviceRow(bob.user.user.id, alices.body.device.device_id);
    expect(bobRow.id).not.toBe(aliceRow.id);
    expect((await devicesOf(t, bob).list()).body.seatsUsed).toBe(2);

    expect(await deviceRow(alice.user.user.id, alices.body.device.device_id)).toMatchObject({
      id: aliceRow.id,
      credential_hash: aliceRow.credential_hash,
      device_name: 'Shared box',
      is_active: 1,
    });
    expect((await agentMe(t, alices.body.credential)).status).toBe(200);
    expect((await devicesOf(t, alice).list()).body.seatsUsed).toBe(2);
  });

  it("does not take over a browser's device that happens to carry the same fingerprint", async () => {
    const admin = await adminBrowser(t);
    const hardware = fingerprint();
    const browserId = newDeviceId();
    const registered = await t.api.post(
      '/api/devices/register',
      { deviceId: browserId, deviceName: 'Desktop window', hardwareFingerprint: hardware },
      (await signInAgain(t, { ...admin, deviceSecret: undefined })).token,
      { 'x-device-id': browserId },
    );
    expect(registered.status).toBe(200);
    const machine = await enroll(t, await code(admin), { hardwareFingerprint: hardware });
    expect(machine.status).toBe(201);
    expect(machine.body.device.device_id).not.toBe(browserId);
    expect((await devicesOf(t, admin).list()).body.seatsUsed).toBe(3);
  });
});
