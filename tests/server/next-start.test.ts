import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';
import type { NotificationsResponse } from '@shared/api/notifications';
import { DAY_MS, HOUR_MS } from '@shared/time';

import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import { catalogueOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * "When the machine next starts or connects": an installation that is not sent to the machine's
 * connection of now, only to its next one, and that is cancelled at its deadline (the owner told)
 * when the machine never comes back.
 */
describe('installing at the next start', () => {
  let t: TestApp;
  let url: string;
  let owner: Browser;
  let app: App;

  const inHours = (hours: number) => new Date(t.clock.now().getTime() + hours * HOUR_MS).toISOString();

  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
    const admin = await adminBrowser(t);
    owner = await adminBrowser(t);
    await setPlan(t, owner.user.user.id, 'premium');
    const apps = await catalogueOf(t, (await signInAgain(t, admin)).token, 1, 'Next start', () => ({ apt_package: 'cowsay' }));
    app = apps[0]!;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is not sent to the connection of now, and is sent when the agent next connects', async () => {
    t.clock.set(new Date('2026-11-01T10:00:00.000Z'));
    owner.token = (await signInAgain(t, owner)).token;
    const machine = await enrollMachine(t, owner, 'Lab PC');
    const online = await ProtocolAgent.connect(url, machine.credential);
    const made = await installationsOf(t, owner.token).create({
      appIds: [app.app_id],
      deviceIds: [machine.deviceId],
      atNextStart: { deadline: inHours(48) },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // Waiting, and saying for what: the machine's next start, until the deadline.
    expect(made.body.targets[0]).toMatchObject({ status: 'waiting', nextStartBy: '2026-11-03T10:00:00.000Z' });
    const stored = await t.app.ctx.db
      .selectFrom('installation_targets')
      .select(['expires_at', 'not_before'])
      .where('installation_id', '=', made.body.id)
      .execute();
    expect(stored).toEqual([{ expires_at: '2026-11-03T10:00:00.000Z', not_before: '2026-11-01T10:00:00.000Z' }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(online.received.filter((message) => message.type === 'job.assign')).toEqual([]);
    await online.close();

    // The machine restarts a minute later: its agent's new connection gets the job.
    t.clock.advance(60_000);
    const restarted = await ProtocolAgent.connect(url, machine.credential);
    try {
      const { job } = await restarted.next('job.assign');
      expect(job).toMatchObject({ installationId: made.body.id, kind: 'install' });
      expect(job.items.map((item) => item.appId)).toEqual([app.app_id]);
    } finally {
      await restarted.close();
    }
  });

  it('is cancelled at its deadline when the machine never came back, and the owner is told', async () => {
    t.clock.set(new Date('2026-11-05T10:00:00.000Z'));
    owner.token = (await signInAgain(t, owner)).token;
    const machine = await enrollMachine(t, owner, 'Travel laptop');
    const made = await installationsOf(t, owner.token).create({
      appIds: [app.app_id],
      deviceIds: [machine.deviceId],
      atNextStart: { deadline: inHours(2) },
    });
    expect(made.status).toBe(201);

    t.clock.set(new Date('2026-11-05T12:00:01.000Z'));
    owner.token = (await signInAgain(t, owner)).token;
    // (The first test's job, taken by no acknowledgement, ends too.)
    expect(await t.app.services.installations.expireOverdue()).toBeGreaterThanOrEqual(1);
    const reason = 'The machine did not start or connect again before the deadline; nothing was changed';
    expect((await installationsOf(t, owner.token).get(made.body.id)).body.targets[0]).toMatchObject({ status: 'expired', reason });
    const mail = await t.mail.waitFor(owner.user.email, /Not run on Travel laptop: it did not start before the deadline/);
    expect(mail.text).toContain('- Next start 1');
    expect(mail.links).toContain(`http://loadout.test/installations/${made.body.id}`);
    const centre = await eventually(
      () => t.api.get<NotificationsResponse>('/api/notifications', owner.token),
      (res) => res.body.notifications.some((entry) => entry.title.startsWith('Not run on Travel laptop')),
      'the bell entry',
    );
    expect(centre.body.notifications.find((entry) => entry.link === `/installations/${made.body.id}`)).toMatchObject({
      title: 'Not run on Travel laptop: it did not start before the deadline',
      body: 'Next start 1',
    });

    // It comes back later: nothing is sent.
    const late = await ProtocolAgent.connect(url, machine.credential);
    try {
      await late.next('inventory.request');
      expect(late.received.filter((message) => message.type === 'job.assign')).toEqual([]);
    } finally {
      await late.close();
    }
  });

  it('refuses a deadline that has passed, one too far away, and one that is not a time', async () => {
    t.clock.set(new Date('2026-11-10T10:00:00.000Z'));
    owner.token = (await signInAgain(t, owner)).token;
    const machine = await enrollMachine(t, owner, 'Refusals');
    const before = await t.app.ctx.db.selectFrom('installations').select('id').execute();
    const create = (deadline: string) =>
      installationsOf(t, owner.token).create({ appIds: [app.app_id], deviceIds: [machine.deviceId], atNextStart: { deadline } });
    const past = await create(inHours(-1));
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { deadline: 'In the past' } });
    const far = await create(new Date(t.clock.now().getTime() + 31 * DAY_MS).toISOString());
    expect(far.status).toBe(400);
    expect(far.body.details).toMatchObject({ deadline: 'More than 30 days away' });
    const garbled = await create('next tuesday');
    expect(garbled.status).toBe(400);
    expect(garbled.body.code).toBe('VALIDATION_ERROR');
    // Nothing was made.
    expect(await t.app.ctx.db.selectFrom('installations').select('id').execute()).toHaveLength(before.length);
  });
});
