import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';
import type { InstallationSummary } from '@shared/api/installations';
import type { DevicePolicyResponse, UpdatePoliciesResponse, UpdatePolicy } from '@shared/api/update-policies';

import { buildApp } from '../../src/server/app';
import { claimPolicyRun } from '../../src/server/db/repositories/update-policies.repository';
import { Scheduler } from '../../src/server/jobs/scheduler';
import { PolicyRunner } from '../../src/server/services/update-policies/policy-runner';
import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, devicesOf, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

type InstallationsResponse = { installations: InstallationSummary[] };
type Machine = { deviceId: string; credential: string };

describe('update policies', () => {
  let t: TestApp;
  let url: string;
  let owner: Browser;
  let hello: App;
  let cowsay: App;
  let sl: App;

  const api = (browser: Browser) => ({
    list: () => t.api.get<UpdatePoliciesResponse & ApiError>('/api/update-policies', browser.token),
    create: (body: Record<string, unknown>) => t.api.post<UpdatePolicy & ApiError>('/api/update-policies', body, browser.token),
    update: (id: string, body: Record<string, unknown>) =>
      t.api.put<UpdatePolicy & ApiError>(`/api/update-policies/${id}`, body, browser.token),
    remove: (id: string) => t.api.delete<ApiError>(`/api/update-policies/${id}`, browser.token),
    ofDevice: (deviceId: string) => t.api.get<DevicePolicyResponse & ApiError>(`/api/devices/${deviceId}/update-policy`, browser.token),
  });

  /**
   * Connects (telling the machine's zone), reports hello and sl out of date (sl's newer version a
   * security update) and cowsay current, and waits until the server stored it.
   */
  async function reportInventory(machine: Machine, timeZone?: string) {
    const agent = await ProtocolAgent.connect(url, machine.credential, ['apt'], undefined, timeZone);
    await agent.next('inventory.request');
    agent.send({
      type: 'inventory',
      packages: [
        { manager: 'apt', id: 'hello', installedVersion: '2.10-2', availableVersion: '2.10-3' },
        { manager: 'apt', id: 'cowsay', installedVersion: '3.03+dfsg2-8', availableVersion: null },
        { manager: 'apt', id: 'sl', installedVersion: '5.02-1', availableVersion: '5.02-1+deb12u1', security: true },
      ],
    });
    await eventually(
      () => installationsOf(t, owner.token).inventory(machine.deviceId),
      (res) => res.body.apps?.length === 3,
      'the inventory to be stored',
    );
    return agent;
  }

  /** The owner's upgrade installations that target this device. */
  async function upgradesOn(deviceId: string) {
    const res = await t.api.get<InstallationsResponse>('/api/installations', owner.token);
    return res.body.installations.filter((i) => i.kind === 'upgrade' && i.devices.some((d) => d.deviceId === deviceId));
  }

  /** The apps of the upgrade jobs an agent was sent, by job. */
  async function upgradeApps(agent: ProtocolAgent): Promise<number[]> {
    const { job } = await agent.next('job.assign', (message) => message.job.kind === 'upgrade');
    return job.items.map((item) => item.appId).sort((a, b) => a - b);
  }

  /** After the clock moved past the access token's life. */
  async function fresh(browser: Browser): Promise<Browser> {
    const again = await signInAgain(t, browser);
    browser.token = again.token;
    return browser;
  }

  const openWindows = () => t.app.services.policyRunner.openWindows();

  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
    const admin = await adminBrowser(t);
    owner = await adminBrowser(t);
    await setPlan(t, owner.user.user.id, 'annual-premium');
    const apps = await catalogueOf(t, (await signInAgain(t, admin)).token, 3, 'Policy', (i) => ({
      apt_package: ['cowsay', 'hello', 'sl'][i] ?? 'cowsay',
    }));
    const byPackage = (name: string) => apps.find((app) => app.apt_package === name);
    if (!byPackage('hello') || !byPackage('cowsay') || !byPackage('sl')) throw new Error('no apps');
    [hello, cowsay, sl] = [byPackage('hello')!, byPackage('cowsay')!, byPackage('sl')!];
  });
  afterAll(async () => {
    await t?.close();
  });
  // Each test counts what runs: a policy another test left must not run in it.
  afterEach(async () => {
    await t.app.ctx.db.deleteFrom('update_policies').execute();
    await t.app.ctx.db.deleteFrom('scheduler_leases').execute();
    await t.app.ctx.db
      .updateTable('devices')
      .set({ is_active: 0 })
      .where('user_id', '=', owner.user.user.id)
      .where('registration_method', '=', 'token')
      .execute();
  });

  it('refuses the free plan, bad zones and times, a second policy of a target, impossible settings and other users’ policies', async () => {
    t.clock.set(new Date('2026-03-01T09:00:00.000Z'));
    await fresh(owner);
    const free = await adminBrowser(t);
    const machine = await enrollMachine(t, owner, 'Validation box');
    const base = { deviceId: machine.deviceId, cadence: 'daily', time: '03:00', timeZone: 'Europe/Berlin' };

    const freeMachine = await enrollMachine(t, free, 'Free box');
    const refused = await api(free).create({ ...base, deviceId: freeMachine.deviceId });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PLAN_FEATURE_REQUIRED', message: expect.stringMatching(/Premium/) });
    expect((await api(free).create({ cadence: 'daily', time: '03:00', timeZone: 'UTC' })).body.code).toBe('PLAN_FEATURE_REQUIRED');
    expect((await api(free).list()).body.policies).toEqual([]);

    const badZone = await api(owner).create({ ...base, timeZone: 'Mars/Olympus_Mons' });
    expect(badZone.status).toBe(400);
    expect(badZone.body).toMatchObject({ code: 'INVALID_TIME_ZONE', details: { timeZone: 'Unknown time zone' } });
    for (const time of ['24:00', '7:30', '12:60', '12:00:00', '']) {
      const badTime = await api(owner).create({ ...base, time });
      expect(badTime.status, time).toBe(400);
      expect(badTime.body.code).toBe('VALIDATION_ERROR');
      expect(badTime.body.details?.time).toBeTruthy();
    }
    const noWeekday = await api(owner).create({ ...base, cadence: 'weekly' });
    expect(noWeekday.status).toBe(400);
    expect(noWeekday.body.details?.weekday).toBe('Choose a weekday for a weekly window');
    expect((await api(owner).create({ ...base, listId: 'whatever' })).status).toBe(400);
    expect((await api(owner).create({ ...base, windowMinutes: 5 })).body.details?.windowMinutes).toBeTruthy();
    expect((await api(owner).create({ ...base, windowMinutes: 13 * 60 })).body.details?.windowMinutes).toBeTruthy();
    expect((await api(owner).create({ ...base, mode: 'sometimes' })).body.details?.mode).toBeTruthy();
    expect((await api(owner).create({ ...base, offline: 'never' })).body.details?.offline).toBeTruthy();
    expect((await api(owner).create({ ...base, deviceId: 'dev_unknown000' })).body.code).toBe('DEVICE_NOT_FOUND');
    // Another user's device, group or own app is simply not found.
    expect((await api(owner).create({ ...base, deviceId: freeMachine.deviceId })).body.code).toBe('DEVICE_NOT_FOUND');
    expect((await api(owner).create({ ...base, deviceId: undefined, groupId: 'grp_nobody' })).body.code).toBe('GROUP_NOT_FOUND');
    const unknownApp = await api(owner).create({ ...base, exceptAppIds: [hello.app_id, 999_999] });
    expect(unknownApp.status).toBe(400);
    expect(unknownApp.body).toMatchObject({ code: 'APP_NOT_FOUND', details: { exceptAppIds: 'Unknown app' } });

    // Security only needs apt: a machine whose agent reported only winget cannot have it.
    const windows = await enrollMachine(t, owner, 'Windows box');
    // Its agent reports a zone this server does not know: it is not kept, windows use the policy's zone.
    await (await ProtocolAgent.connect(url, windows.credential, ['winget'], undefined, 'Mars/Olympus_Mons')).close();
    expect((await api(owner).ofDevice(windows.deviceId)).body).toMatchObject({ machineTimeZone: null, policy: null });
    const noApt = await api(owner).create({ ...base, deviceId: windows.deviceId, mode: 'security' });
    expect(noApt.status).toBe(400);
    expect(noApt.body).toMatchObject({ code: 'SECURITY_ONLY_UNAVAILABLE', details: { mode: 'Security updates only needs apt' } });

    // Daily at 03:00 in Berlin (CET, UTC+1) from 09:00 UTC on 1 March: 02:00 UTC the next day, for two hours.
    const created = await api(owner).create({ ...base, timeZone: 'europe/berlin', exceptAppIds: [cowsay.app_id, cowsay.app_id] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      target: 'device',
      deviceId: machine.deviceId,
      groupId: null,
      listId: null,
      targetName: 'Validation box',
      mode: 'all',
      cadence: 'daily',
      weekday: null,
      time: '03:00',
      timeZone: 'Europe/Berlin',
      windowMinutes: 120,
      offline: 'next-connection',
      exceptions: [{ appId: cowsay.app_id, name: cowsay.name }],
      nextWindow: { opensAt: '2026-03-02T02:00:00.000Z', closesAt: '2026-03-02T04:00:00.000Z', timeZone: 'Europe/Berlin' },
      lastRunAt: null,
    });
    const again = await api(owner).create(base);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'POLICY_EXISTS', message: 'This machine has an update policy already; change that one.' });
    const account = await api(owner).create({ cadence: 'daily', time: '04:00', timeZone: 'UTC' });
    expect(account.body).toMatchObject({ target: 'account', targetName: 'Your account', deviceId: null });
    expect((await api(owner).create({ cadence: 'daily', time: '05:00', timeZone: 'UTC' })).body.code).toBe('POLICY_EXISTS');

    const changed = await api(owner).update(created.body.id, {
      mode: 'off',
      cadence: 'weekly',
      weekday: 3,
      time: '23:15',
      timeZone: 'Asia/Kolkata',
      windowMinutes: 90,
      offline: 'next-window',
    });
    expect(changed.status).toBe(200);
    // Off: no window; its exceptions became none (what was sent is what it is).
    expect(changed.body).toMatchObject({
      mode: 'off',
      cadence: 'weekly',
      weekday: 3,
      windowMinutes: 90,
      offline: 'next-window',
      nextWindow: null,
      exceptions: [],
    });
    const on = await api(owner).update(created.body.id, { cadence: 'weekly', weekday: 3, time: '23:15', timeZone: 'Asia/Kolkata' });
    // Wednesday 4 March 23:15 in Kolkata (UTC+5:30) is 17:45 UTC.
    expect(on.body.nextWindow).toMatchObject({ opensAt: '2026-03-04T17:45:00.000Z' });
    expect((await api(owner).update(created.body.id, { ...base, timeZone: 'Nowhere/Land' })).body.code).toBe('INVALID_TIME_ZONE');

    // Owner isolation: another user neither sees, changes nor deletes it, nor reads a machine's policy.
    expect((await api(free).list()).body.policies).toEqual([]);
    const foreignPut = await api(free).update(created.body.id, base);
    expect(foreignPut.status).toBe(404);
    expect(foreignPut.body.code).toBe('POLICY_NOT_FOUND');
    expect((await api(free).remove(created.body.id)).status).toBe(404);
    expect((await api(free).ofDevice(machine.deviceId)).body.code).toBe('DEVICE_NOT_FOUND');
    expect((await t.api.get('/api/update-policies')).status).toBe(401);
    expect((await api(owner).list()).body.policies.map((p) => p.id).sort()).toEqual([created.body.id, account.body.id].sort());

    expect((await api(owner).remove(created.body.id)).status).toBe(200);
    expect((await api(owner).list()).body.policies.map((p) => p.id)).toEqual([account.body.id]);
    expect((await api(owner).remove(created.body.id)).body.code).toBe('POLICY_NOT_FOUND');
  });

  it("opens a weekly window on the machine's own clock across the DST change, once, with two schedulers on one database", async () => {
    // Saturday 28 March 2026; clocks in Berlin go forward at 02:00 on Sunday the 29th.
    t.clock.set(new Date('2026-03-28T12:00:00.000Z'));
    await fresh(owner);
    const machine = await enrollMachine(t, owner, 'Build server');
    // The machine is in Berlin; the policy was made by someone whose browser says New York.
    const agent = await reportInventory(machine, 'Europe/Berlin');
    try {
      const created = await api(owner).create({ cadence: 'weekly', weekday: 0, time: '04:30', timeZone: 'America/New_York' });
      expect(created.status).toBe(201);
      const view = await api(owner).ofDevice(machine.deviceId);
      // 04:30 CEST (UTC+2) on the machine, not CET and not New York: 02:30 UTC.
      expect(view.body).toMatchObject({
        policy: { id: created.body.id, target: 'account' },
        reason: "Your account's policy decides.",
        machineTimeZone: 'Europe/Berlin',
        nextWindow: { opensAt: '2026-03-29T02:30:00.000Z', closesAt: '2026-03-29T04:30:00.000Z', timeZone: 'Europe/Berlin' },
        listPolicies: [],
      });

      // Two scheduler instances on the same database: another server process on PostgreSQL
      // (its events reach this process's agent through LISTEN/NOTIFY); on SQLite, a second
      // runner in this process.
      const second: FastifyInstance | null =
        process.env.TEST_DB === 'postgres' ? await buildApp(t.config, { clock: t.clock, logger: false }) : null;
      const runners = [
        t.app.services.policyRunner,
        second
          ? second.services.policyRunner
          : new PolicyRunner(
              t.app.ctx,
              t.app.services.subscription,
              t.app.services.installations,
              t.app.services.inventory,
              t.app.services.rollouts,
            ),
      ];
      const counts: number[] = [];
      const schedulers = runners.map(
        (runner) => new Scheduler([{ name: 'windows', run: async () => counts[counts.push(await runner.openWindows()) - 1]! }], t.app.log),
      );
      const tickBoth = async () => {
        counts.length = 0;
        await Promise.all(schedulers.map((scheduler) => scheduler.tick()));
        return counts.reduce((a, b) => a + b, 0);
      };
      try {
        t.clock.set(new Date('2026-03-29T02:29:59.000Z'));
        await fresh(owner);
        expect(await tickBoth()).toBe(0);
        expect(await upgradesOn(machine.deviceId)).toEqual([]);

        t.clock.set(new Date('2026-03-29T02:30:00.000Z'));
        expect(await tickBoth()).toBe(1);
        expect(counts).toContain(0);
        // And again later in the same window: it was sent.
        t.clock.set(new Date('2026-03-29T03:10:00.000Z'));
        expect(await tickBoth()).toBe(0);

        expect(await upgradeApps(agent)).toEqual([hello.app_id, sl.app_id].sort((a, b) => a - b));
        await fresh(owner);
        expect(await upgradesOn(machine.deviceId)).toHaveLength(1);
        expect((await api(owner).list()).body.policies[0]).toMatchObject({
          lastRunAt: '2026-03-29T02:30:00.000Z',
          // The account's policy reads its next window in its own zone; each machine opens it on its own clock.
          nextWindow: { opensAt: '2026-03-29T08:30:00.000Z', timeZone: 'America/New_York' },
        });

        // The activity says who asked: a scheduled run, not a person's browser.
        const audit = await devicesOf(t, owner).audit();
        const requested = audit.body.events.filter(
          (event) => event.type === 'installation_requested' && event.deviceId === machine.deviceId,
        );
        expect(requested).toHaveLength(1);
        expect(requested[0]!.detail).toMatch(/^scheduled upgrade /);
        expect(requested[0]!.actorDeviceId).toBeNull();

        // A week later the window opens again at 04:30 Berlin time, still 02:30 UTC (summer time).
        t.clock.set(new Date('2026-04-05T02:29:00.000Z'));
        await fresh(owner);
        expect(await tickBoth()).toBe(0);
        t.clock.set(new Date('2026-04-05T02:31:00.000Z'));
        expect(await tickBoth()).toBe(1);
      } finally {
        await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
        await second?.close();
      }
    } finally {
      await agent.close();
    }
  });

  it('a machine that was off: its updates wait for it until the next window, or lapse with its window', async () => {
    t.clock.set(new Date('2026-04-01T00:00:00.000Z'));
    await fresh(owner);
    const waits = await enrollMachine(t, owner, 'Travel laptop');
    const lapses = await enrollMachine(t, owner, 'Kiosk');
    await (await reportInventory(waits, 'Asia/Kolkata')).close();
    await (await reportInventory(lapses, 'Asia/Kolkata')).close();

    // Daily at 06:00 in Kolkata (UTC+5:30, no DST) is 00:30 UTC; an hour's window.
    const settings = { cadence: 'daily', time: '06:00', timeZone: 'UTC', windowMinutes: 60 };
    expect((await api(owner).create({ ...settings, deviceId: waits.deviceId, offline: 'next-connection' })).status).toBe(201);
    expect((await api(owner).create({ ...settings, deviceId: lapses.deviceId, offline: 'next-window' })).status).toBe(201);

    t.clock.set(new Date('2026-04-01T00:30:00.000Z'));
    expect(await openWindows()).toBe(2);
    await fresh(owner);
    const [waiting] = await upgradesOn(waits.deviceId);
    const [lapsing] = await upgradesOn(lapses.deviceId);
    expect((await installationsOf(t, owner.token).get(waiting!.id)).body.targets[0]).toMatchObject({ status: 'waiting' });

    // Both connect after their window closed (01:30 UTC), before the next opens.
    t.clock.set(new Date('2026-04-01T05:00:00.000Z'));
    const late = await ProtocolAgent.connect(url, waits.credential, ['apt'], undefined, 'Asia/Kolkata');
    const { job } = await late.next('job.assign');
    expect(job).toMatchObject({ installationId: waiting!.id, kind: 'upgrade' });
    await late.close();
    const tooLate = await ProtocolAgent.connect(url, lapses.credential, ['apt'], undefined, 'Asia/Kolkata');
    await tooLate.next('inventory.request');
    // Jobs go before the inventory request: nothing came.
    expect(tooLate.received.filter((m) => m.type === 'job.assign')).toEqual([]);
    await tooLate.close();
    await fresh(owner);
    expect((await installationsOf(t, owner.token).get(lapsing!.id)).body.targets[0]).toMatchObject({
      status: 'expired',
      reason: 'The machine did not connect in time for this window; its update policy tries again at the next one',
    });

    // After a downgrade the policies stay, visible, but do not run, and cannot be changed.
    await setPlan(t, owner.user.user.id, 'free');
    t.clock.set(new Date('2026-04-02T00:30:00.000Z'));
    expect(await openWindows()).toBe(0);
    await fresh(owner);
    const kept = (await api(owner).list()).body.policies;
    expect(kept).toHaveLength(2);
    const refused = await api(owner).update(kept[0]!.id, settings);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAN_FEATURE_REQUIRED');
    await setPlan(t, owner.user.user.id, 'annual-premium');
  });

  it('the most specific policy decides: a machine’s own (even off), its group’s, a list’s for its apps, then the account’s; exceptions and security only', async () => {
    t.clock.set(new Date('2026-05-01T00:00:00.000Z'));
    await fresh(owner);
    const plain = await enrollMachine(t, owner, 'Plain desktop');
    const quiet = await enrollMachine(t, owner, 'Quiet server');
    const grouped = await enrollMachine(t, owner, 'Office PC');
    const agents = {
      plain: await reportInventory(plain, 'UTC'),
      quiet: await reportInventory(quiet, 'UTC'),
      grouped: await reportInventory(grouped, 'UTC'),
    };
    try {
      const group = await t.api.post<{ id: string } & ApiError>('/api/groups', { name: 'Office' }, owner.token);
      expect(group.status, JSON.stringify(group.body)).toBe(201);
      expect((await t.api.put(`/api/groups/${group.body.id}/members/${grouped.deviceId}`, undefined, owner.token)).status).toBe(200);
      const list = (await listsOf(t, owner.token).create('Games')).body;
      await listsOf(t, owner.token).add(list.id, sl.app_id);

      const window = { cadence: 'daily', time: '01:00', timeZone: 'UTC' };
      // The account: everything but hello. sl's list: its own window at 03:00, security only.
      const account = await api(owner).create({ ...window, exceptAppIds: [hello.app_id] });
      const games = await api(owner).create({ ...window, time: '03:00', listId: list.id, mode: 'security' });
      const own = await api(owner).create({ ...window, deviceId: quiet.deviceId, mode: 'off' });
      const office = await api(owner).create({ ...window, time: '02:00', groupId: group.body.id });
      for (const made of [account, games, own, office]) expect(made.status, JSON.stringify(made.body)).toBe(201);

      expect((await api(owner).ofDevice(quiet.deviceId)).body).toMatchObject({
        policy: { id: own.body.id, mode: 'off' },
        reason: "This machine's own policy decides.",
        nextWindow: null,
        listPolicies: [],
      });
      expect((await api(owner).ofDevice(grouped.deviceId)).body).toMatchObject({
        policy: { id: office.body.id, targetName: 'Office' },
        reason: 'The policy of the group Office decides.',
        listPolicies: [],
      });
      expect((await api(owner).ofDevice(plain.deviceId)).body).toMatchObject({
        policy: { id: account.body.id },
        listPolicies: [{ id: games.body.id, targetName: 'Games' }],
      });

      // 01:00: the account's window. The plain desktop gets nothing: hello is excepted, sl is the list's.
      t.clock.set(new Date('2026-05-01T01:00:00.000Z'));
      expect(await openWindows()).toBe(0);
      // 02:00: the group's window: the office PC gets both.
      t.clock.set(new Date('2026-05-01T02:00:00.000Z'));
      expect(await openWindows()).toBe(1);
      expect(await upgradeApps(agents.grouped)).toEqual([hello.app_id, sl.app_id].sort((a, b) => a - b));
      // 03:00: the list's window, security only: sl (a security update) on the plain desktop.
      t.clock.set(new Date('2026-05-01T03:00:00.000Z'));
      expect(await openWindows()).toBe(1);
      expect(await upgradeApps(agents.plain)).toEqual([sl.app_id]);
      await fresh(owner);
      expect(await upgradesOn(quiet.deviceId)).toEqual([]);

      // Security only on the group: hello (not a security update) is left for a person.
      await api(owner).update(office.body.id, { ...window, time: '02:00', mode: 'security' });
      t.clock.set(new Date('2026-05-02T02:00:00.000Z'));
      await fresh(owner);
      expect(await openWindows()).toBe(1);
      expect(await upgradeApps(agents.grouped)).toEqual([sl.app_id]);

      // A group policy needs Annual Premium to run: on Premium the office PC falls to the account's
      // policy (hello excepted) and sl's list's (sl, in its window at 03:00), like the plain desktop.
      await setPlan(t, owner.user.user.id, 'premium');
      t.clock.set(new Date('2026-05-03T01:00:00.000Z'));
      await fresh(owner);
      expect(await openWindows()).toBe(0);
      t.clock.set(new Date('2026-05-03T02:00:00.000Z'));
      expect(await openWindows()).toBe(0);
      t.clock.set(new Date('2026-05-03T03:00:00.000Z'));
      expect(await openWindows()).toBe(2);
      expect(await upgradeApps(agents.grouped)).toEqual([sl.app_id]);
      expect(await upgradeApps(agents.plain)).toEqual([sl.app_id]);
    } finally {
      await setPlan(t, owner.user.user.id, 'annual-premium');
      for (const agent of Object.values(agents)) await agent.close();
    }
  });

  it('claims each window once per machine: a lease held by another process waits, and a lost claim sends nothing', async () => {
    t.clock.set(new Date('2026-06-01T00:00:00.000Z'));
    await fresh(owner);
    const machine = await enrollMachine(t, owner, 'Lease box');
    await (await reportInventory(machine, 'UTC')).close();
    const created = await api(owner).create({ deviceId: machine.deviceId, cadence: 'daily', time: '01:00', timeZone: 'UTC' });
    t.clock.set(new Date('2026-06-01T01:00:00.000Z'));
    await fresh(owner);

    // Another process holds the lease for two more minutes: this one does nothing yet.
    const { db } = t.app.ctx;
    await db
      .insertInto('scheduler_leases')
      .values({ name: 'update-policies', holder: 'another-process', expires_at: '2026-06-01T01:02:00.000Z' })
      .execute();
    expect(await openWindows()).toBe(0);
    expect(await upgradesOn(machine.deviceId)).toEqual([]);

    // Two claims of one window for one machine (two processes that both think they hold the lease): one wins.
    const rowId = (await db.selectFrom('devices').select('id').where('device_id', '=', machine.deviceId).executeTakeFirstOrThrow()).id;
    const opensAt = '2026-06-01T01:00:00.000Z';
    const claims = await Promise.all([
      claimPolicyRun(db, created.body.id, rowId, opensAt, opensAt),
      claimPolicyRun(db, created.body.id, rowId, opensAt, opensAt),
    ]);
    expect(claims.sort()).toEqual([false, true]);
    // The winner was "the other process": once the lease is free, this one sends nothing for that window.
    t.clock.set(new Date('2026-06-01T01:03:00.000Z'));
    await fresh(owner);
    expect(await openWindows()).toBe(0);
    expect(await upgradesOn(machine.deviceId)).toEqual([]);

    // The next window sends here, once.
    t.clock.set(new Date('2026-06-02T01:00:00.000Z'));
    await fresh(owner);
    expect(await openWindows()).toBe(1);
    expect(await openWindows()).toBe(0);
    expect(await upgradesOn(machine.deviceId)).toHaveLength(1);

    // A machine that is no longer active gets nothing.
    await db.updateTable('devices').set({ is_active: 0 }).where('device_id', '=', machine.deviceId).execute();
    t.clock.set(new Date('2026-06-03T01:00:00.000Z'));
    await fresh(owner);
    expect(await openWindows()).toBe(0);
  });

  it('a list’s policy updates its out-of-date apps on each machine that has them, and goes with the list', async () => {
    t.clock.set(new Date('2026-07-01T00:00:00.000Z'));
    await fresh(owner);
    const machine = await enrollMachine(t, owner, 'Office desktop');
    const agent = await reportInventory(machine);
    try {
      const list = (await listsOf(t, owner.token).create('Nightly')).body;
      for (const app of [hello, cowsay]) await listsOf(t, owner.token).add(list.id, app.app_id);
      const created = await api(owner).create({ listId: list.id, cadence: 'daily', time: '02:00', timeZone: 'UTC' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ target: 'list', listId: list.id, deviceId: null, targetName: 'Nightly' });

      t.clock.set(new Date('2026-07-01T02:00:00.000Z'));
      expect(await openWindows()).toBe(1);
      const { job } = await agent.next('job.assign');
      expect(job.kind).toBe('upgrade');
      expect(job.items.map((item) => item.appId)).toEqual([hello.app_id]);
      await fresh(owner);
      const installation = (await installationsOf(t, owner.token).get(job.installationId)).body;
      expect(installation).toMatchObject({ kind: 'upgrade', listId: list.id, listName: 'Nightly' });

      // Deleting the list deletes its policy.
      expect((await listsOf(t, owner.token).remove(list.id)).status).toBe(200);
      expect((await api(owner).list()).body.policies).toEqual([]);
      t.clock.set(new Date('2026-07-02T02:00:00.000Z'));
      expect(await openWindows()).toBe(0);
    } finally {
      await agent.close();
    }
  });
});
