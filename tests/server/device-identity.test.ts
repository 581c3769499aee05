import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CreateApiKeyResponse } from '@shared/api/api-keys';

import { listeningUrl, ProtocolAgent } from './helpers/agent';
import {
  adminBrowser,
  agentMe,
  anotherBrowser,
  devicesOf,
  enrollMachine,
  newDeviceId,
  signInAgain,
  unregisteredBrowser,
  type Browser,
} from './helpers/devices';
import { loginUser, type ApiError } from './helpers/factories';
import { setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Who "the calling device" is: the session's own device (registered in it, or proved with its
 * secret at sign-in), never whatever id a request carries in X-Device-ID.
 */
describe('the calling device is the session’s', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The same browser's calls, but claiming to be `deviceId` in the header (and sending no secret). */
  const claiming = (browser: Browser, deviceId: string) => devicesOf(t, { token: browser.token, deviceId });
  const deviceRow = (deviceId: string) =>
    t.app.ctx.db.selectFrom('devices').select(['is_active', 'is_admin']).where('device_id', '=', deviceId).executeTakeFirstOrThrow();
  const unenroll = (credential: string) =>
    t.api.post<ApiError & { success: boolean; deviceId: string }>('/api/agent/unenroll', undefined, credential);

  it('does not let a non-admin browser make itself admin by naming the admin device in the header', async () => {
    const admin = await adminBrowser(t);
    const member = await anotherBrowser(t, admin, 'Member');
    const forged = await claiming(member, admin.deviceId).setAdmin(member.deviceId, true);
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({ code: 'NOT_ADMIN_DEVICE', message: 'Only admin devices can deactivate other devices' });
    expect(await deviceRow(member.deviceId)).toMatchObject({ is_admin: 0 });
    // Its current-device marker stays on its own device.
    const listed = (await claiming(member, admin.deviceId).list()).body.devices;
    expect(listed.filter((device) => device.is_current).map((device) => device.device_id)).toEqual([member.deviceId]);
  });

  it('does not let any session deactivate a freshly enrolled machine as if it were that machine', async () => {
    const admin = await adminBrowser(t);
    await setPlan(t, admin.user.user.id, 'premium');
    const member = await anotherBrowser(t, admin, 'Member');
    const stranger = await unregisteredBrowser(t, admin);
    const machine = await enrollMachine(t, admin);
    const agent = await ProtocolAgent.connect(url, machine.credential);

    for (const browser of [member, stranger]) {
      const viaOther = await claiming(browser, machine.deviceId).deactivate(machine.deviceId);
      expect(viaOther.status).toBe(403);
      expect(viaOther.body.code).toBe('NOT_ADMIN_DEVICE');
    }
    // "Deactivate this device" is the session's device: none for the stranger, its own for the member.
    const current = await claiming(stranger, machine.deviceId).deactivateCurrent();
    expect(current.status).toBe(400);
    expect(current.body.code).toBe('DEVICE_ID_REQUIRED');
    // Past its first hour (removable at once), the admin device is held to the machine's
    // new-device protection, header or not.
    t.clock.advanceMinutes(61);
    const adminAgain = await signInAgain(t, admin);
    const protectedOne = await claiming(adminAgain, machine.deviceId).deactivate(machine.deviceId);
    expect(protectedOne.status).toBe(403);
    expect(protectedOne.body.code).toBe('DEVICE_DEACTIVATION_COOLDOWN');

    expect(await deviceRow(machine.deviceId)).toMatchObject({ is_active: 1 });
    expect((await agentMe(t, machine.credential)).status).toBe(200);
    expect(agent.closeCode).toBeNull();
    await agent.close();
  });

  it('does not let a header skip the account cooldown after a deactivation', async () => {
    let admin = await adminBrowser(t);
    await setPlan(t, admin.user.user.id, 'premium');
    let one = await anotherBrowser(t, admin, 'One');
    let two = await anotherBrowser(t, admin, 'Two');
    t.clock.advanceHours(25);
    [admin, one, two] = [await signInAgain(t, admin), await signInAgain(t, one), await signInAgain(t, two)];
    expect((await devicesOf(t, admin).deactivate(one.deviceId)).status).toBe(200);

    // Before, naming the target in the header made it "this device", which may always leave.
    const forged = await claiming(admin, two.deviceId).deactivate(two.deviceId);
    expect(forged.status).toBe(429);
    expect(forged.body.code).toBe('DEACTIVATION_COOLDOWN');
    const stranger = await unregisteredBrowser(t, admin);
    expect((await claiming(stranger, two.deviceId).deactivate(two.deviceId)).body.code).toBe('NOT_ADMIN_DEVICE');
    expect(await deviceRow(two.deviceId)).toMatchObject({ is_active: 1 });
  });

  it('binds a sign-in to a device only with that device’s secret; the same browser stays that device', async () => {
    const admin = await adminBrowser(t);
    await setPlan(t, admin.user.user.id, 'premium');
    expect(admin.deviceSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The same browser signing out and in again is the same device, admin included.
    const back = await signInAgain(t, admin);
    expect((await devicesOf(t, back).check()).body).toMatchObject({ registered: true, reason: 'REGISTERED' });
    const listed = (await devicesOf(t, back).list()).body.devices;
    expect(listed.find((device) => device.device_id === admin.deviceId)).toMatchObject({ is_current: true, is_admin: true });

    // Another browser (or a script with the password) naming the id, without or with a wrong secret.
    for (const secret of [undefined, 'not-the-secret']) {
      const thief = await signInAgain(t, { ...admin, deviceSecret: secret });
      expect((await devicesOf(t, thief).check()).body).toMatchObject({ registered: false, reason: 'NOT_REGISTERED' });
      expect((await devicesOf(t, thief).list()).body.devices.some((device) => device.is_current)).toBe(false);
      const taken = await devicesOf(t, thief).register('Thief');
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('DEVICE_ALREADY_REGISTERED');
      const bound = await t.api.post<ApiError>('/api/devices/set-current', { deviceId: admin.deviceId }, thief.token, {
        'x-device-id': admin.deviceId,
      });
      expect(bound.status).toBe(403);
      expect((await devicesOf(t, thief).createToken(1)).body.code).toBe('NOT_ADMIN_DEVICE');
      // It registers a device of its own instead: a new id, not an admin.
      const own = await devicesOf(t, { ...thief, deviceId: newDeviceId() }).register('Other browser');
      expect(own.body).toMatchObject({ isAdmin: false });
    }

    // The registering session asking again (a browser that lost its secret) gets a new one; the old stops binding.
    const renewed = await devicesOf(t, back).register('Admin desktop');
    expect(renewed.status).toBe(200);
    expect(renewed.body.deviceSecret).toEqual(expect.any(String));
    expect(renewed.body.deviceSecret).not.toBe(admin.deviceSecret);
    const stale = await signInAgain(t, admin);
    expect((await devicesOf(t, stale).check()).body.registered).toBe(false);
    const fresh = await signInAgain(t, { ...admin, deviceSecret: renewed.body.deviceSecret });
    expect((await devicesOf(t, fresh).check()).body.registered).toBe(true);
  });

  it('refuses a personal API key every call that acts as a device, with 403 SESSION_REQUIRED', async () => {
    const admin = await adminBrowser(t);
    await setPlan(t, admin.user.user.id, 'premium');
    const member = await anotherBrowser(t, admin, 'Member');
    const { key } = (await t.api.post<CreateApiKeyResponse>('/api/api-keys', { name: 'script' }, admin.token)).body;
    const asKey = devicesOf(t, { token: key, deviceId: admin.deviceId, deviceSecret: admin.deviceSecret });
    const calls = {
      'admin-status': () => asKey.setAdmin(member.deviceId, true),
      deactivate: () => asKey.deactivate(member.deviceId),
      'deactivate-current': () => asKey.deactivateCurrent(),
      register: () => asKey.register('Script'),
      'set-current': () => t.api.post<ApiError>('/api/devices/set-current', { deviceId: admin.deviceId }, key),
      uninstall: () => asKey.uninstall(member.deviceId),
      'force-delete': () => asKey.forceDelete(member.deviceId),
      'device-tokens': () => asKey.createToken(1),
    };
    for (const [name, call] of Object.entries(calls)) {
      const res = await call();
      expect(res.status, name).toBe(403);
      expect(res.body.code, name).toBe('SESSION_REQUIRED');
    }
    // Reads still work with a key, and it is no device.
    const listed = await asKey.list();
    expect(listed.status).toBe(200);
    expect(listed.body.devices.some((device) => device.is_current)).toBe(false);
    expect(await deviceRow(member.deviceId)).toMatchObject({ is_active: 1, is_admin: 0 });
  });

  describe('every deactivation closes the agent and retires its credential', () => {
    /** An owner with a connected machine that is past its new-device protection. */
    async function connectedMachine() {
      let owner = await adminBrowser(t);
      await setPlan(t, owner.user.user.id, 'premium');
      const machine = await enrollMachine(t, owner);
      t.clock.advanceHours(25);
      owner = await signInAgain(t, owner);
      const agent = await ProtocolAgent.connect(url, machine.credential);
      return { owner, machine, agent };
    }
    async function expectRetired(agent: ProtocolAgent, credential: string) {
      expect(await agent.next('device.deactivated')).toEqual({ type: 'device.deactivated', removeClient: false });
      expect(await agent.closed()).toBe(4401);
      await expect(ProtocolAgent.connect(url, credential)).rejects.toThrow('upgrade refused: 401');
      expect((await agentMe(t, credential)).status).toBe(401);
    }

    it('from the Devices screen', async () => {
      const { owner, machine, agent } = await connectedMachine();
      expect((await devicesOf(t, owner).deactivate(machine.deviceId)).status).toBe(200);
      await expectRetired(agent, machine.credential);
    });

    it('when the account is deleted', async () => {
      const { owner, machine, agent } = await connectedMachine();
      const deleted = await t.api.post<ApiError>('/api/account/delete', { password: owner.user.password }, owner.token, {
        'x-account-action': 'delete',
      });
      expect(deleted.status).toBe(200);
      await expectRetired(agent, machine.credential);
    });

    it('when the agent unenrols itself: deactivated like any other, recorded, and the credential forgotten', async () => {
      const { owner, machine, agent } = await connectedMachine();
      const res = await unenroll(machine.credential);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, deviceId: machine.deviceId });
      await expectRetired(agent, machine.credential);
      expect((await agentMe(t, machine.credential)).body.code).toBe('TOKEN_INVALID');
      expect((await unenroll(machine.credential)).status).toBe(401);

      const list = (await devicesOf(t, owner).list()).body;
      expect(list.devices.map((device) => device.device_id)).not.toContain(machine.deviceId);
      // The machine left by itself: no account cooldown starts.
      expect(list.deactivationAvailableAt).toBeNull();
      expect((await devicesOf(t, owner).audit()).body.events[0]).toMatchObject({
        type: 'deactivated',
        deviceId: machine.deviceId,
        actorDeviceId: machine.deviceId,
        detail: 'unenrolled by its agent',
      });
    });

    it('refuses an unenrol without a valid credential', async () => {
      const owner = await adminBrowser(t);
      for (const credential of ['not-a-credential', owner.token]) {
        const res = await unenroll(credential);
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('TOKEN_INVALID');
      }
      expect((await t.api.post<ApiError>('/api/agent/unenroll', undefined)).status).toBe(401);
      const session = await loginUser(t.api, owner.user.email, owner.user.password);
      expect((await devicesOf(t, { token: session.token, deviceId: owner.deviceId }).list()).status).toBe(200);
    });
  });
});
