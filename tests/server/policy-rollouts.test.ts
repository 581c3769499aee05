import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';
import type { NotificationsResponse } from '@shared/api/notifications';
import type { RolloutsResponse, UpdatePolicy } from '@shared/api/update-policies';

import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { catalogueOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

type Machine = { deviceId: string; credential: string };

/**
 * Rings: a policy that rolls each new version out to a canary group first, then to everyone,
 * with a soak time between; a canary that fails past the threshold stops the rollout and tells
 * the owner; the owner resumes (the next ring opens) or cancels.
 */
describe('update policy rollouts', () => {
  let t: TestApp;
  let url: string;
  let owner: Browser;
  let hello: App;

  const rolloutsOf = (browser: Browser) => t.api.get<RolloutsResponse & ApiError>('/api/rollouts', browser.token);
  const resume = (browser: Browser, id: string) => t.api.post<ApiError>(`/api/rollouts/${id}/resume`, undefined, browser.token);
  const cancel = (browser: Browser, id: string) => t.api.post<ApiError>(`/api/rollouts/${id}/cancel`, undefined, browser.token);
  const openWindows = () => t.app.services.policyRunner.openWindows();

  async function fresh(browser: Browser): Promise<Browser> {
    browser.token = (await signInAgain(t, browser)).token;
    return browser;
  }

  /** Connects in UTC with hello 2.10-2 installed and 2.10-3 available, and waits until it is stored. */
  async function connect(machine: Machine): Promise<ProtocolAgent> {
    const agent = await ProtocolAgent.connect(url, machine.credential, ['apt'], undefined, 'UTC');
    await agent.next('inventory.request');
    agent.send({ type: 'inventory', packages: [{ manager: 'apt', id: 'hello', installedVersion: '2.10-2', availableVersion: '2.10-3' }] });
    await eventually(
      () => installationsOf(t, owner.token).inventory(machine.deviceId),
      (res) => res.body.apps?.length === 1,
      'the inventory to be stored',
    );
    return agent;
  }

  /** The agent takes its upgrade job, reports hello's outcome and, as agents do after a job, its inventory. */
  async function finish(agent: ProtocolAgent, outcome: 'succeeded' | 'failed', machine: Machine): Promise<void> {
    const { job } = await agent.next('job.assign', (message) => message.job.kind === 'upgrade');
    expect(job.items.map((item) => item.appId)).toEqual([hello.app_id]);
    agent.send({ type: 'job.ack', jobId: job.jobId });
    agent.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId: job.items[0]!.itemId,
      status: outcome,
      manager: 'apt',
      version: outcome === 'succeeded' ? '2.10-3' : '2.10-2',
      exitCode: outcome === 'succeeded' ? 0 : 100,
      message:
        outcome === 'succeeded'
          ? 'Upgraded to 2.10-3'
          : 'hello 2.10-3 failed to install: its post-installation script exited with status 1',
      log: '',
    });
    agent.send({ type: 'job.done', jobId: job.jobId });
    await eventually(
      async () => (await t.api.get<{ installations: { id: string; status: string }[] }>('/api/installations', owner.token)).body,
      (body) => body.installations.some((installation) => installation.id === job.installationId && installation.status === outcome),
      'the job to end',
    );
    const installedVersion = outcome === 'succeeded' ? '2.10-3' : '2.10-2';
    agent.send({ type: 'inventory', packages: [{ manager: 'apt', id: 'hello', installedVersion, availableVersion: '2.10-3' }] });
    await eventually(
      () => installationsOf(t, owner.token).inventory(machine.deviceId),
      (res) => res.body.apps?.[0]?.installedVersion === installedVersion,
      'the inventory after the job',
    );
  }

  /** Whether an agent got an upgrade job (none may come within a short wait). */
  async function gotUpgrade(agent: ProtocolAgent): Promise<boolean> {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return agent.received.some((message) => message.type === 'job.assign' && message.job.kind === 'upgrade');
  }

  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
    const admin = await adminBrowser(t);
    owner = await adminBrowser(t);
    await setPlan(t, owner.user.user.id, 'annual-premium');
    const apps = await catalogueOf(t, (await signInAgain(t, admin)).token, 1, 'Ringed', () => ({ apt_package: 'hello' }));
    hello = apps[0]!;
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await t.app.ctx.db.deleteFrom('update_policies').execute();
    await t.app.ctx.db.deleteFrom('device_groups').execute();
    await t.app.ctx.db.deleteFrom('scheduler_leases').execute();
    await t.app.ctx.db
      .updateTable('devices')
      .set({ is_active: 0 })
      .where('user_id', '=', owner.user.user.id)
      .where('registration_method', '=', 'token')
      .execute();
  });

  /** A canary group with one machine, two more machines, and an account policy with the canary ring. */
  async function world(soakHours: number) {
    const canary = await enrollMachine(t, owner, 'Canary box');
    const others = [await enrollMachine(t, owner, 'Office 1'), await enrollMachine(t, owner, 'Office 2')];
    const group = await t.api.post<{ id: string } & ApiError>('/api/groups', { name: 'Canary' }, owner.token);
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    expect((await t.api.put(`/api/groups/${group.body.id}/members/${canary.deviceId}`, undefined, owner.token)).status).toBe(200);
    const policy = await t.api.post<UpdatePolicy & ApiError>(
      '/api/update-policies',
      { cadence: 'daily', time: '01:00', timeZone: 'UTC', rings: [{ groupId: group.body.id }], soakHours, failureThresholdPercent: 20 },
      owner.token,
    );
    expect(policy.status, JSON.stringify(policy.body)).toBe(201);
    expect(policy.body).toMatchObject({
      rings: [{ groupId: group.body.id, percent: null, name: 'Canary' }],
      soakHours,
      failureThresholdPercent: 20,
    });
    return { canary, others, groupId: group.body.id, policy: policy.body };
  }

  it('stops when the canary fails, tells the owner which machine failed and why, holds everyone back, and goes on when resumed', async () => {
    t.clock.set(new Date('2026-08-01T00:00:00.000Z'));
    await fresh(owner);
    const { canary, others } = await world(24);
    const agents = [await connect(canary), ...(await Promise.all(others.map(connect)))];
    const [canaryAgent, ...otherAgents] = agents;
    try {
      // The window opens: only the canary's ring is open.
      t.clock.set(new Date('2026-08-01T01:00:00.000Z'));
      await fresh(owner);
      expect(await openWindows()).toBe(1);
      await finish(canaryAgent!, 'failed', canary);
      for (const agent of otherAgents) expect(await gotUpgrade(agent)).toBe(false);
      const started = (await rolloutsOf(owner)).body.rollouts;
      expect(started).toHaveLength(1);
      expect(started[0]).toMatchObject({
        appId: hello.app_id,
        version: '2.10-3',
        policyName: 'Your account',
        state: 'running',
        ring: 0,
        rings: [
          { name: 'Canary', openedAt: '2026-08-01T01:00:00.000Z', sent: 1 },
          { name: 'Everyone', openedAt: null, sent: 0 },
        ],
      });

      // The next look reads the failure: past 20 %, the rollout stops and the owner is told.
      t.clock.set(new Date('2026-08-01T01:05:00.000Z'));
      await fresh(owner);
      await openWindows();
      const [stopped] = (await rolloutsOf(owner)).body.rollouts;
      expect(stopped).toMatchObject({
        state: 'stopped',
        ring: 0,
        stoppedReason: '1 of 1 updates in Canary failed (100 %, more than 20 %)',
        rings: [{ name: 'Canary', sent: 1, succeeded: 0, failed: 1 }, { name: 'Everyone' }],
        failures: [
          {
            deviceId: canary.deviceId,
            deviceName: 'Canary box',
            ring: 0,
            message: 'hello 2.10-3 failed to install: its post-installation script exited with status 1',
          },
        ],
      });
      const mail = await t.mail.waitFor(owner.user.email, /The rollout of Ringed 1 2\.10-3 stopped/);
      expect(mail.text).toContain('1 of 1 updates in Canary failed (100 %, more than 20 %)');
      expect(mail.text).toContain('Policy: Your account');
      const centre = await eventually(
        () => t.api.get<NotificationsResponse>('/api/notifications', owner.token),
        (res) => res.body.notifications.some((entry) => entry.kind === 'rollout_stopped'),
        'the bell entry',
      );
      expect(centre.body.notifications.find((entry) => entry.kind === 'rollout_stopped')).toMatchObject({
        title: 'The rollout of Ringed 1 2.10-3 stopped',
        link: '/updates',
      });

      // A stopped rollout holds everyone back, day after day.
      t.clock.set(new Date('2026-08-02T01:00:00.000Z'));
      await fresh(owner);
      expect(await openWindows()).toBe(0);
      for (const agent of otherAgents) expect(await gotUpgrade(agent)).toBe(false);

      // Only a stopped rollout resumes; another user's is not found.
      const stranger = await adminBrowser(t);
      expect((await resume(stranger, stopped!.id)).body.code).toBe('ROLLOUT_NOT_FOUND');
      expect((await cancel(stranger, stopped!.id)).body.code).toBe('ROLLOUT_NOT_FOUND');
      expect((await rolloutsOf(stranger)).body.rollouts).toEqual([]);
      expect((await resume(owner, stopped!.id)).status).toBe(200);
      const resumed = await resume(owner, stopped!.id);
      expect(resumed.status).toBe(409);
      expect(resumed.body.code).toBe('ROLLOUT_NOT_STOPPED');
      expect((await rolloutsOf(owner)).body.rollouts[0]).toMatchObject({
        state: 'done',
        ring: 1,
        stoppedReason: null,
        rings: [{ name: 'Canary' }, { name: 'Everyone', openedAt: '2026-08-02T01:00:00.000Z' }],
      });
      expect((await cancel(owner, stopped!.id)).body.code).toBe('ROLLOUT_ENDED');

      // Everyone's next window sends it; not to the canary, where it did not take (held until the owner tries again).
      t.clock.set(new Date('2026-08-03T01:00:00.000Z'));
      await fresh(owner);
      expect(await openWindows()).toBe(2);
      for (const [index, agent] of otherAgents.entries()) await finish(agent, 'succeeded', others[index]!);
      expect(await gotUpgrade(canaryAgent!)).toBe(false);
    } finally {
      for (const agent of agents) await agent.close();
    }
  });

  it('opens the next ring only after the canary soaked without failing; a cancelled rollout sends no more', async () => {
    t.clock.set(new Date('2026-09-01T00:00:00.000Z'));
    await fresh(owner);
    const { canary, others } = await world(36);
    const agents = [await connect(canary), ...(await Promise.all(others.map(connect)))];
    const [canaryAgent, ...otherAgents] = agents;
    try {
      t.clock.set(new Date('2026-09-01T01:00:00.000Z'));
      await fresh(owner);
      expect(await openWindows()).toBe(1);
      await finish(canaryAgent!, 'succeeded', canary);

      // A day later the canary has soaked 24 of 36 hours: everyone waits.
      t.clock.set(new Date('2026-09-02T01:00:00.000Z'));
      await fresh(owner);
      expect(await openWindows()).toBe(0);
      expect((await rolloutsOf(owner)).body.rollouts[0]).toMatchObject({
        state: 'running',
        ring: 0,
        rings: [{ succeeded: 1, failed: 0 }, {}],
      });

      // Two days later it has: the last ring opens and everyone's window sends it.
      t.clock.set(new Date('2026-09-03T01:00:00.000Z'));
      await fresh(owner);
      expect(await openWindows()).toBe(2);
      expect((await rolloutsOf(owner)).body.rollouts[0]).toMatchObject({
        state: 'done',
        ring: 1,
        rings: [{ openedAt: '2026-09-01T01:00:00.000Z' }, { openedAt: '2026-09-03T01:00:00.000Z', sent: 0 }],
      });
      for (const agent of otherAgents) {
        const { job } = await agent.next('job.assign', (message) => message.job.kind === 'upgrade');
        expect(job.items.map((item) => item.appId)).toEqual([hello.app_id]);
      }

      // A newer version starts a new rollout at the canary; cancelled, it sends no more.
      canaryAgent!.send({
        type: 'inventory',
        packages: [{ manager: 'apt', id: 'hello', installedVersion: '2.10-3', availableVersion: '2.11-1' }],
      });
      await eventually(
        () => installationsOf(t, owner.token).inventory(canary.deviceId),
        (res) => res.body.apps?.[0]?.availableVersion === '2.11-1',
        'the newer version',
      );
      t.clock.set(new Date('2026-09-04T01:00:00.000Z'));
      await fresh(owner);
      // The two others still show 2.10-3 available (their jobs were not reported) and get it: it is done.
      expect(await openWindows()).toBe(3);
      const newer = (await rolloutsOf(owner)).body.rollouts.find((rollout) => rollout.version === '2.11-1');
      expect(newer).toMatchObject({ state: 'running', ring: 0, rings: [{ sent: 1 }, { sent: 0 }] });
      expect((await cancel(owner, newer!.id)).status).toBe(200);
      expect((await resume(owner, newer!.id)).body.code).toBe('ROLLOUT_NOT_STOPPED');
      expect((await rolloutsOf(owner)).body.rollouts.find((rollout) => rollout.id === newer!.id)).toMatchObject({ state: 'cancelled' });
    } finally {
      for (const agent of agents) await agent.close();
    }
  });

  it('keeps rings to Annual Premium, to the caller’s own groups, and under 100 % before everyone', async () => {
    t.clock.set(new Date('2026-10-01T00:00:00.000Z'));
    await fresh(owner);
    const base = { cadence: 'daily', time: '01:00', timeZone: 'UTC' };
    const stranger = await adminBrowser(t);
    await setPlan(t, stranger.user.user.id, 'annual-premium');
    const theirs = await t.api.post<{ id: string }>('/api/groups', { name: 'Theirs' }, stranger.token);
    expect(
      (await t.api.post<ApiError>('/api/update-policies', { ...base, rings: [{ groupId: theirs.body.id }] }, owner.token)).body.code,
    ).toBe('GROUP_NOT_FOUND');
    const full = await t.api.post<ApiError>('/api/update-policies', { ...base, rings: [{ percent: 60 }, { percent: 40 }] }, owner.token);
    expect(full.status).toBe(400);
    expect(full.body.details?.rings).toBe('Shares add up to 100 % or more');
    const both = await t.api.post<ApiError>(
      '/api/update-policies',
      { ...base, rings: [{ percent: 10, groupId: theirs.body.id }] },
      owner.token,
    );
    expect(both.status).toBe(400);
    const five = await t.api.post<ApiError>(
      '/api/update-policies',
      { ...base, rings: [1, 2, 3, 4, 5].map((percent) => ({ percent })) },
      owner.token,
    );
    expect(five.status).toBe(400);
    expect(five.body.details?.rings).toBe('At most 4 rings before everyone');
    const shares = await t.api.post<UpdatePolicy & ApiError>(
      '/api/update-policies',
      { ...base, rings: [{ percent: 5 }, { percent: 20 }] },
      owner.token,
    );
    expect(shares.status).toBe(201);
    expect(shares.body.rings.map((ring) => ring.name)).toEqual(['5 %', '20 %']);

    await setPlan(t, owner.user.user.id, 'premium');
    try {
      await fresh(owner);
      const refused = await t.api.put<ApiError>(
        `/api/update-policies/${shares.body.id}`,
        { ...base, rings: [{ percent: 5 }] },
        owner.token,
      );
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'PLAN_FEATURE_REQUIRED',
        message: expect.stringMatching(/rings are part of Annual Premium/),
      });
      // Without rings the same policy may be changed on Premium.
      expect((await t.api.put(`/api/update-policies/${shares.body.id}`, base, owner.token)).status).toBe(200);
    } finally {
      await setPlan(t, owner.user.user.id, 'annual-premium');
    }
  });
});
