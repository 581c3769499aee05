import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';
import type { InstallationSummary } from '@shared/api/installations';
import type { Schedule, SchedulesResponse } from '@shared/api/schedules';
import { MINUTE_MS } from '@shared/time';

import { buildApp } from '../../src/server/app';
import { claimSchedule } from '../../src/server/db/repositories/schedules.repository';
import { Scheduler } from '../../src/server/jobs/scheduler';
import { ScheduleService } from '../../src/server/services/schedule.service';
import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, devicesOf, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

type InstallationsResponse = { installations: InstallationSummary[] };

/** Connects, reports hello as out of date and cowsay as current, and waits until the server stored it. */
async function reportInventory(t: TestApp, url: string, owner: Browser, machine: { deviceId: string; credential: string }) {
  const agent = await ProtocolAgent.connect(url, machine.credential);
  await agent.next('inventory.request');
  agent.send({
    type: 'inventory',
    packages: [
      { manager: 'apt', id: 'hello', installedVersion: '2.10-2', availableVersion: '2.10-3' },
      { manager: 'apt', id: 'cowsay', installedVersion: '3.03+dfsg2-8', availableVersion: null },
    ],
  });
  await eventually(
    () => installationsOf(t, owner.token).inventory(machine.deviceId),
    (res) => res.body.apps?.length === 2,
    'the inventory to be stored',
  );
  return agent;
}

describe('custom update schedules', () => {
  let t: TestApp;
  let url: string;
  let admin: Browser;
  let owner: Browser;
  let hello: App;
  let cowsay: App;

  const api = (browser: Browser) => ({
    list: () => t.api.get<SchedulesResponse & ApiError>('/api/schedules', browser.token),
    create: (body: Record<string, unknown>) => t.api.post<Schedule & ApiError>('/api/schedules', body, browser.token),
    update: (id: string, body: Record<string, unknown>) => t.api.put<Schedule & ApiError>(`/api/schedules/${id}`, body, browser.token),
    remove: (id: string) => t.api.delete<ApiError>(`/api/schedules/${id}`, browser.token),
  });

  /** The owner's upgrade installations that target this device. */
  async function upgradesOn(deviceId: string) {
    const res = await t.api.get<InstallationsResponse>('/api/installations', owner.token);
    return res.body.installations.filter((i) => i.kind === 'upgrade' && i.devices.some((d) => d.deviceId === deviceId));
  }

  /** After the clock moved past the access token's life. */
  async function fresh(browser: Browser): Promise<Browser> {
    const again = await signInAgain(t, browser);
    browser.token = again.token;
    return browser;
  }

  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
    admin = await adminBrowser(t);
    owner = await adminBrowser(t);
    await setPlan(t, owner.user.user.id, 'annual-premium');
    const apps = await catalogueOf(t, (await signInAgain(t, admin)).token, 2, 'Scheduled', (i) =>
      i === 1 ? { apt_package: 'hello' } : { apt_package: 'cowsay' },
    );
    if (!apps[0] || !apps[1]) throw new Error('no apps');
    [hello, cowsay] = [apps[0], apps[1]];
  });
  afterAll(async () => {
    await t?.close();
  });
  // Each test counts what fires: a schedule another test left must not fire in it.
  afterEach(async () => {
    await t.app.ctx.db.deleteFrom('update_schedules').execute();
    await t.app.ctx.db.deleteFrom('scheduler_leases').execute();
  });

  it('refuses the free plan, bad zones and times, a second schedule of a target, and other users’ schedules', async () => {
    t.clock.set(new Date('2026-03-01T09:00:00.000Z'));
    await fresh(owner);
    const free = await adminBrowser(t);
    const machine = await enrollMachine(t, owner, 'Validation box');
    const base = { deviceId: machine.deviceId, cadence: 'daily', time: '03:00', timeZone: 'Europe/Berlin' };

    const freeMachine = await enrollMachine(t, free, 'Free box');
    const refused = await api(free).create({ ...base, deviceId: freeMachine.deviceId });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PLAN_FEATURE_REQUIRED', message: expect.stringMatching(/Premium/) });
    expect((await api(free).list()).body.schedules).toEqual([]);

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
    expect(noWeekday.body.details?.weekday).toBe('Choose a weekday for a weekly schedule');
    const both = await api(owner).create({ ...base, listId: 'whatever' });
    expect(both.status).toBe(400);
    expect((await api(owner).create({ ...base, windowMinutes: 5 })).body.details?.windowMinutes).toBeTruthy();
    expect((await api(owner).create({ ...base, deviceId: 'dev_unknown000' })).body.code).toBe('DEVICE_NOT_FOUND');
    // Another user's device is simply not found.
    expect((await api(owner).create({ ...base, deviceId: freeMachine.deviceId })).body.code).toBe('DEVICE_NOT_FOUND');

    // Daily at 03:00 in Berlin (CET, UTC+1) from 09:00 UTC on 1 March: 02:00 UTC the next day.
    const created = await api(owner).create({ ...base, timeZone: 'europe/berlin' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      target: 'device',
      deviceId: machine.deviceId,
      listId: null,
      targetName: 'Validation box',
      cadence: 'daily',
      weekday: null,
      time: '03:00',
      timeZone: 'Europe/Berlin',
      windowMinutes: null,
      enabled: true,
      nextRunAt: '2026-03-02T02:00:00.000Z',
      lastRunAt: null,
    });
    const again = await api(owner).create(base);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SCHEDULE_EXISTS');

    const changed = await api(owner).update(created.body.id, {
      cadence: 'weekly',
      weekday: 3,
      time: '23:15',
      timeZone: 'Asia/Kolkata',
      windowMinutes: 90,
    });
    expect(changed.status).toBe(200);
    // Wednesday 4 March 23:15 in Kolkata (UTC+5:30) is 17:45 UTC.
    expect(changed.body).toMatchObject({ cadence: 'weekly', weekday: 3, windowMinutes: 90, nextRunAt: '2026-03-04T17:45:00.000Z' });
    expect((await api(owner).update(created.body.id, { ...base, timeZone: 'Nowhere/Land' })).body.code).toBe('INVALID_TIME_ZONE');

    // Owner isolation: another user neither sees, changes nor deletes it.
    expect((await api(free).list()).body.schedules).toEqual([]);
    const foreignPut = await api(free).update(created.body.id, base);
    expect(foreignPut.status).toBe(404);
    expect(foreignPut.body.code).toBe('SCHEDULE_NOT_FOUND');
    expect((await api(free).remove(created.body.id)).status).toBe(404);
    expect((await t.api.get('/api/schedules')).status).toBe(401);
    expect((await api(owner).list()).body.schedules.map((s) => s.id)).toEqual([created.body.id]);

    expect((await api(owner).remove(created.body.id)).status).toBe(200);
    expect((await api(owner).list()).body.schedules).toEqual([]);
    expect((await api(owner).remove(created.body.id)).body.code).toBe('SCHEDULE_NOT_FOUND');
  });

  it('fires a weekly Berlin schedule once at its UTC instant across the DST change, with two schedulers on one database', async () => {
    // Saturday 28 March 2026; clocks in Berlin go forward at 02:00 on Sunday the 29th.
    t.clock.set(new Date('2026-03-28T12:00:00.000Z'));
    await fresh(owner);
    const machine = await enrollMachine(t, owner, 'Build server');
    const agent = await reportInventory(t, url, owner, machine);
    try {
      const created = await api(owner).create({
        deviceId: machine.deviceId,
        cadence: 'weekly',
        weekday: 0,
        time: '04:30',
        timeZone: 'Europe/Berlin',
      });
      expect(created.status).toBe(201);
      // 04:30 CEST (UTC+2), not CET: 02:30 UTC.
      expect(created.body.nextRunAt).toBe('2026-03-29T02:30:00.000Z');

      // Two scheduler instances on the same database: another server process on PostgreSQL
      // (its events reach this process's agent through LISTEN/NOTIFY); on SQLite, a second
      // service in this process.
      const second: FastifyInstance | null =
        process.env.TEST_DB === 'postgres' ? await buildApp(t.config, { clock: t.clock, logger: false }) : null;
      const services = [
        t.app.services.schedules,
        second
          ? second.services.schedules
          : new ScheduleService(
              t.app.ctx,
              t.app.services.subscription,
              t.app.services.lists,
              t.app.services.installations,
              t.app.services.inventory,
            ),
      ];
      const counts: number[] = [];
      const schedulers = services.map(
        (service) =>
          new Scheduler(
            [{ name: 'update schedules fired', run: async () => counts[counts.push(await service.fireDue()) - 1]! }],
            t.app.log,
          ),
      );
      const tickBoth = async () => {
        counts.length = 0;
        await Promise.all(schedulers.map((scheduler) => scheduler.tick()));
        return counts.reduce((a, b) => a + b, 0);
      };
      try {
        const installs = () => installationsOf(t, owner.token).list();
        t.clock.set(new Date('2026-03-29T02:29:59.000Z'));
        await fresh(owner);
        expect(await tickBoth()).toBe(0);
        expect((await installs()).body.installations).toEqual([]);

        t.clock.set(new Date('2026-03-29T02:30:00.000Z'));
        expect(await tickBoth()).toBe(1);
        expect(counts).toContain(0);
        // And again in the same minute: the occurrence is gone.
        expect(await tickBoth()).toBe(0);

        const { job } = await agent.next('job.assign');
        expect(job.kind).toBe('upgrade');
        expect(job.items.map((item) => item.appId)).toEqual([hello.app_id]);
        await fresh(owner);
        const list = (await installs()).body.installations;
        expect(list).toHaveLength(1);
        expect(list[0]).toMatchObject({ id: job.installationId, kind: 'upgrade' });

        const [schedule] = (await api(owner).list()).body.schedules;
        expect(schedule).toMatchObject({ lastRunAt: '2026-03-29T02:30:00.000Z', nextRunAt: '2026-04-05T02:30:00.000Z' });

        // The activity says who asked: the schedule.
        const audit = await devicesOf(t, owner).audit();
        const requested = audit.body.events.filter(
          (event) => event.type === 'installation_requested' && event.deviceId === machine.deviceId,
        );
        expect(requested).toHaveLength(1);
        expect(requested[0]!.detail).toMatch(/^scheduled upgrade /);
        expect(requested[0]!.actorDeviceId).toBeNull();

        // Nothing out of date next week: the schedule runs, nothing is created.
        agent.send({ type: 'job.ack', jobId: job.jobId });
        agent.send({
          type: 'item.progress',
          jobId: job.jobId,
          itemId: job.items[0]!.itemId,
          status: 'succeeded',
          manager: 'apt',
          version: '2.10-3',
          exitCode: 0,
          message: 'Upgraded to 2.10-3',
          log: '',
        });
        agent.send({ type: 'job.done', jobId: job.jobId });
        agent.send({
          type: 'inventory',
          packages: [
            { manager: 'apt', id: 'hello', installedVersion: '2.10-3', availableVersion: null },
            { manager: 'apt', id: 'cowsay', installedVersion: '3.03+dfsg2-8', availableVersion: null },
          ],
        });
        await eventually(
          () => installationsOf(t, owner.token).inventory(machine.deviceId),
          (res) => res.body.apps?.every((app) => app.availableVersion === null) ?? false,
          'the new inventory',
        );
        t.clock.set(new Date('2026-04-05T02:30:00.000Z'));
        await fresh(owner);
        expect(await tickBoth()).toBe(1);
        expect((await installs()).body.installations).toHaveLength(1);
        expect((await api(owner).list()).body.schedules[0]).toMatchObject({
          lastRunAt: '2026-04-05T02:30:00.000Z',
          nextRunAt: '2026-04-12T02:30:00.000Z',
        });
      } finally {
        await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
        await second?.close();
      }
    } finally {
      await agent.close();
    }
  });

  it('lets an offline device run at its next connection within the window, expires it after, and stops after a downgrade', async () => {
    t.clock.set(new Date('2026-04-01T00:00:00.000Z'));
    await fresh(owner);
    const machine = await enrollMachine(t, owner, 'Travel laptop');
    await (await reportInventory(t, url, owner, machine)).close();

    // Daily at 06:00 in Kolkata (UTC+5:30, no DST) is 00:30 UTC; an hour's window.
    const created = await api(owner).create({
      deviceId: machine.deviceId,
      cadence: 'daily',
      time: '06:00',
      timeZone: 'Asia/Kolkata',
      windowMinutes: 60,
    });
    expect(created.body.nextRunAt).toBe('2026-04-01T00:30:00.000Z');

    t.clock.set(new Date('2026-04-01T00:30:00.000Z'));
    expect(await t.app.services.schedules.fireDue()).toBe(1);
    await fresh(owner);
    const first = await upgradesOn(machine.deviceId);
    expect(first).toHaveLength(1);
    const firstId = first[0]!.id;
    expect((await installationsOf(t, owner.token).get(firstId)).body.targets[0]).toMatchObject({
      deviceId: machine.deviceId,
      status: 'waiting',
    });

    // It connects 45 minutes later, inside the window: the job comes.
    t.clock.advance(45 * MINUTE_MS);
    const late = await ProtocolAgent.connect(url, machine.credential);
    const { job } = await late.next('job.assign');
    expect(job).toMatchObject({ installationId: firstId, kind: 'upgrade' });
    expect(job.items.map((item) => item.appId)).toEqual([hello.app_id]);
    await late.close();

    // The next day it is offline at 00:30 and connects at 01:31 UTC, after the window: nothing is sent, the job expired.
    t.clock.set(new Date('2026-04-02T00:30:00.000Z'));
    expect(await t.app.services.schedules.fireDue()).toBe(1);
    await fresh(owner);
    const secondRun = (await upgradesOn(machine.deviceId)).find((i) => i.id !== firstId);
    expect(secondRun).toBeTruthy();
    t.clock.set(new Date('2026-04-02T01:31:00.000Z'));
    const tooLate = await ProtocolAgent.connect(url, machine.credential);
    await tooLate.next('inventory.request');
    // Jobs go before the inventory request: only the first day's unfinished job may come again.
    expect(tooLate.received.filter((m) => m.type === 'job.assign' && m.job.installationId === secondRun!.id)).toEqual([]);
    await tooLate.close();
    await fresh(owner);
    expect((await installationsOf(t, owner.token).get(secondRun!.id)).body.targets[0]).toMatchObject({
      status: 'expired',
      reason: 'The device did not connect in time for this scheduled run; the schedule runs again next time',
    });

    // After a downgrade the schedule stays, visible, but does not fire.
    await setPlan(t, owner.user.user.id, 'free');
    const before = (await upgradesOn(machine.deviceId)).length;
    t.clock.set(new Date('2026-04-03T00:30:00.000Z'));
    expect(await t.app.services.schedules.fireDue()).toBe(0);
    await fresh(owner);
    expect(await upgradesOn(machine.deviceId)).toHaveLength(before);
    const [kept] = (await api(owner).list()).body.schedules.filter((s) => s.deviceId === machine.deviceId);
    expect(kept).toMatchObject({ lastRunAt: '2026-04-02T00:30:00.000Z', nextRunAt: '2026-04-04T00:30:00.000Z' });
    const refused = await api(owner).update(kept!.id, { cadence: 'daily', time: '07:00', timeZone: 'Asia/Kolkata' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAN_FEATURE_REQUIRED');
    await setPlan(t, owner.user.user.id, 'annual-premium');
  });

  it('claims each occurrence once: a lease held by another process waits, and a lost claim fires nothing', async () => {
    t.clock.set(new Date('2026-06-01T00:00:00.000Z'));
    await fresh(owner);
    const machine = await enrollMachine(t, owner, 'Lease box');
    await (await reportInventory(t, url, owner, machine)).close();
    const created = await api(owner).create({ deviceId: machine.deviceId, cadence: 'daily', time: '01:00', timeZone: 'UTC' });
    expect(created.body.nextRunAt).toBe('2026-06-01T01:00:00.000Z');
    t.clock.set(new Date('2026-06-01T01:00:00.000Z'));
    await fresh(owner);

    // Another process holds the lease for two more minutes: this one does nothing yet.
    const { db } = t.app.ctx;
    await db
      .insertInto('scheduler_leases')
      .values({ name: 'update-schedules', holder: 'another-process', expires_at: '2026-06-01T01:02:00.000Z' })
      .execute();
    expect(await t.app.services.schedules.fireDue()).toBe(0);
    expect(await upgradesOn(machine.deviceId)).toEqual([]);

    // Two claims of one occurrence (two processes that both think they hold the lease): one wins.
    const claims = await Promise.all([
      claimSchedule(db, created.body.id, '2026-06-01T01:00:00.000Z', '2026-06-02T01:00:00.000Z'),
      claimSchedule(db, created.body.id, '2026-06-01T01:00:00.000Z', '2026-06-02T01:00:00.000Z'),
    ]);
    expect(claims.sort()).toEqual([false, true]);
    // The winner was "the other process": once the lease is free, this one finds nothing due.
    t.clock.set(new Date('2026-06-01T01:03:00.000Z'));
    await fresh(owner);
    expect(await t.app.services.schedules.fireDue()).toBe(0);
    expect(await upgradesOn(machine.deviceId)).toEqual([]);
    expect((await api(owner).list()).body.schedules[0]).toMatchObject({ nextRunAt: '2026-06-02T01:00:00.000Z', lastRunAt: null });

    // The next occurrence fires here, once.
    t.clock.set(new Date('2026-06-02T01:00:00.000Z'));
    await fresh(owner);
    expect(await t.app.services.schedules.fireDue()).toBe(1);
    expect(await t.app.services.schedules.fireDue()).toBe(0);
    expect(await upgradesOn(machine.deviceId)).toHaveLength(1);

    // A device that is no longer active stops its schedule (it stays listed, turned off).
    await db.updateTable('devices').set({ is_active: 0 }).where('device_id', '=', machine.deviceId).execute();
    t.clock.set(new Date('2026-06-03T01:00:00.000Z'));
    await fresh(owner);
    expect(await t.app.services.schedules.fireDue()).toBe(0);
    expect(await upgradesOn(machine.deviceId)).toHaveLength(1);
    expect((await api(owner).list()).body.schedules[0]).toMatchObject({ enabled: false, lastRunAt: '2026-06-02T01:00:00.000Z' });
  });

  it('upgrades a list’s out-of-date apps on each device that has them', async () => {
    t.clock.set(new Date('2026-07-01T00:00:00.000Z'));
    await fresh(owner);
    const machine = await enrollMachine(t, owner, 'Office desktop');
    const agent = await reportInventory(t, url, owner, machine);
    try {
      const list = (await listsOf(t, owner.token).create('Nightly')).body;
      for (const app of [hello, cowsay]) await listsOf(t, owner.token).add(list.id, app.app_id);
      const created = await api(owner).create({ listId: list.id, cadence: 'daily', time: '02:00', timeZone: 'UTC' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        target: 'list',
        listId: list.id,
        deviceId: null,
        targetName: 'Nightly',
        nextRunAt: '2026-07-01T02:00:00.000Z',
      });

      t.clock.set(new Date('2026-07-01T02:00:00.000Z'));
      expect(await t.app.services.schedules.fireDue()).toBe(1);
      const { job } = await agent.next('job.assign');
      expect(job.kind).toBe('upgrade');
      expect(job.items.map((item) => item.appId)).toEqual([hello.app_id]);
      await fresh(owner);
      const installation = (await installationsOf(t, owner.token).get(job.installationId)).body;
      expect(installation).toMatchObject({ kind: 'upgrade', listId: list.id, listName: 'Nightly' });
      expect(installation.targets.map((target) => target.deviceId)).toEqual([machine.deviceId]);

      // Deleting the list deletes its schedule.
      expect((await listsOf(t, owner.token).remove(list.id)).status).toBe(200);
      expect((await api(owner).list()).body.schedules.filter((s) => s.listId === list.id)).toEqual([]);
    } finally {
      await agent.close();
    }
  });
});
