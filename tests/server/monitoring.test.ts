import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';
import type { DeviceCheckInsResponse } from '@shared/api/monitoring';
import type { NotificationsResponse } from '@shared/api/notifications';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@shared/time';

import { eventually, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { catalogueOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

const SILENT_SUBJECT = /has not reported for a day/i;

interface Machine {
  owner: Browser;
  deviceId: string;
  credential: string;
}

describe('advanced monitoring: check-ins over time and an alert for a silent machine', () => {
  let t: TestApp;
  let url: string;
  let hello: App;
  let cowsay: App;

  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
    const admin = await adminBrowser(t);
    const apps = await catalogueOf(t, (await signInAgain(t, admin)).token, 2, 'Monitoring', (i) => ({
      apt_package: i === 1 ? 'hello' : 'cowsay',
    }));
    [hello, cowsay] = [apps[0]!, apps[1]!];
  });
  afterAll(async () => {
    await t.close();
  });

  async function machine(plan: 'free' | 'premium', name: string): Promise<Machine> {
    const owner = await adminBrowser(t);
    await setPlan(t, owner.user.user.id, plan);
    return { owner, ...(await enrollMachine(t, owner, name)) };
  }

  /** Read with a fresh access token: the tests move the clock by hours and days. */
  const checkIns = async (m: Machine, as: Browser = m.owner) =>
    t.api.get<DeviceCheckInsResponse & ApiError>(`/api/devices/${m.deviceId}/check-ins`, (await signInAgain(t, as)).token);

  /** The agent connects, is asked for its inventory and reports these versions. */
  async function report(agent: ProtocolAgent, versions: { hello?: [string, string | null]; cowsay?: [string, string | null] }) {
    agent.send({
      type: 'inventory',
      packages: Object.entries(versions).map(([id, [installedVersion, availableVersion]]) => ({
        manager: 'apt' as const,
        id,
        installedVersion,
        availableVersion,
      })),
    });
  }

  it('records each connection and inventory with the versions that changed, newest first, for Premium', async () => {
    const m = await machine('premium', 'Render node');
    const agent = await ProtocolAgent.connect(url, m.credential);
    await agent.next('inventory.request');
    // The frozen clock would give the connection and the report one instant, and no order.
    t.clock.advance(MINUTE_MS);
    await report(agent, { hello: ['2.10-2', '2.10-3'] });
    await eventually(
      () => checkIns(m),
      (res) => res.body.checkIns?.length === 2,
      'the first inventory',
    );
    t.clock.advance(HOUR_MS);
    // hello updated, cowsay installed by hand (its manager names the installed version as the candidate: not out of date).
    await report(agent, { hello: ['2.10-3', null], cowsay: ['3.03+dfsg2-8', '3.03+dfsg2-8'] });
    // Each report recorded before the clock moves: the server reads the clock when it records.
    await eventually(
      () => checkIns(m),
      (res) => res.body.checkIns?.length === 3,
      'the second inventory',
    );
    t.clock.advance(HOUR_MS);
    // cowsay removed.
    await report(agent, { hello: ['2.10-3', null] });

    const res = await eventually(
      () => checkIns(m),
      (r) => r.body.checkIns?.length === 4,
      'three inventories and a connection',
    );
    expect(res.status).toBe(200);
    expect(res.body.keptDays).toBe(30);
    const [removed, changed, first, connected] = res.body.checkIns;
    expect(connected).toMatchObject({ kind: 'connected', agentVersion: '0.1.0', changes: [] });
    // The first inventory is the starting point: counts, no changes.
    expect(first).toMatchObject({ kind: 'inventory', apps: 1, outdated: 1, changes: [], moreChanges: 0 });
    expect(changed).toMatchObject({ kind: 'inventory', apps: 2, outdated: 0 });
    expect(changed!.changes).toEqual(
      expect.arrayContaining([
        { name: hello.name, manager: 'apt', packageId: 'hello', from: '2.10-2', to: '2.10-3' },
        { name: cowsay.name, manager: 'apt', packageId: 'cowsay', from: null, to: '3.03+dfsg2-8' },
      ]),
    );
    expect(removed!.changes).toEqual([{ name: cowsay.name, manager: 'apt', packageId: 'cowsay', from: '3.03+dfsg2-8', to: null }]);
    expect(new Date(removed!.at).getTime()).toBeGreaterThan(new Date(changed!.at).getTime());
    await agent.close();
  });

  it('keeps the check-ins from Free (records them, answers PLAN_FEATURE_REQUIRED) and from other people (404)', async () => {
    const free = await machine('free', 'Old laptop');
    const agent = await ProtocolAgent.connect(url, free.credential);
    await agent.next('inventory.request');
    const refused = await checkIns(free);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAN_FEATURE_REQUIRED');
    // Recorded all the same: the days before an upgrade show once it is made.
    await setPlan(t, free.owner.user.user.id, 'premium');
    expect(
      (
        await eventually(
          () => checkIns(free),
          (r) => r.body.checkIns?.length === 1,
          'the connection',
        )
      ).body.checkIns[0],
    ).toMatchObject({
      kind: 'connected',
    });

    const stranger = await machine('premium', 'Stranger box');
    const other = await checkIns(free, stranger.owner);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('DEVICE_NOT_FOUND');
    await agent.close();
  });

  it('prunes check-ins with the history: 7 days on Free, 30 on Premium', async () => {
    const premium = await machine('premium', 'Kept box');
    const free = await machine('free', 'Short box');
    for (const m of [premium, free]) {
      const agent = await ProtocolAgent.connect(url, m.credential);
      await agent.next('inventory.request');
      await agent.close();
    }
    const count = async (m: Machine) =>
      (
        await t.app.ctx.db
          .selectFrom('device_check_ins')
          .innerJoin('devices', 'devices.id', 'device_check_ins.device_row_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('devices.device_id', '=', m.deviceId)
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await count(free))).toBe(1);
    t.clock.advance(8 * DAY_MS);
    await t.app.services.history.prune();
    expect(Number(await count(free))).toBe(0);
    expect(Number(await count(premium))).toBe(1);
    t.clock.advance(23 * DAY_MS);
    await t.app.services.history.prune();
    expect(Number(await count(premium))).toBe(0);
  });

  it('tells a Premium owner once when a machine has not reported for a day, and again after it reported and went silent again', async () => {
    const m = await machine('premium', 'Basement server');
    const quiet = await machine('free', 'Free basement server');
    for (const each of [m, quiet]) {
      const agent = await ProtocolAgent.connect(url, each.credential);
      await agent.next('inventory.request');
      await agent.close();
    }
    const alerts = () => t.mail.to(m.owner.user.email).filter((mail) => SILENT_SUBJECT.test(mail.subject));
    const settle = async () => {
      await t.app.ctx.tasks.flush();
      await t.app.ctx.mailer.flush();
    };

    t.clock.advance(23 * HOUR_MS);
    await t.app.services.monitoring.alertSilentMachines();
    await settle();
    expect(alerts()).toHaveLength(0);

    // A day and a little: told once, even with two runs (the lease, then the claim).
    t.clock.advance(HOUR_MS + MINUTE_MS);
    await Promise.all([t.app.services.monitoring.alertSilentMachines(), t.app.services.monitoring.alertSilentMachines()]);
    t.clock.advance(10 * MINUTE_MS);
    await t.app.services.monitoring.alertSilentMachines();
    await settle();
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]!.text).toContain('Device: Basement server');
    expect(alerts()[0]!.links).toContain(`http://loadout.test/devices/${m.deviceId}`);
    expect(alerts()[0]!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const centre = await t.api.get<NotificationsResponse>('/api/notifications', (await signInAgain(t, m.owner)).token);
    expect(centre.body.notifications[0]).toMatchObject({ kind: 'device_silent', title: 'Basement server has not reported for a day' });
    // Free has basic monitoring: no alert.
    expect(t.mail.to(quiet.owner.user.email).filter((mail) => SILENT_SUBJECT.test(mail.subject))).toHaveLength(0);

    // It comes back, then goes silent again: a new silence, a new alert.
    const agent = await ProtocolAgent.connect(url, m.credential);
    await agent.next('inventory.request');
    await agent.close();
    t.clock.advance(DAY_MS + 10 * MINUTE_MS);
    await t.app.services.monitoring.alertSilentMachines();
    await settle();
    expect(alerts()).toHaveLength(2);
  });
});
