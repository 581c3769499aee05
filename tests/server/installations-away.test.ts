import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AgentMessage, Job } from '@shared/agent/protocol';
import { AWAY_ENDED_REASON, RUNNING_JOB_AWAY_LIMIT_MS } from '@shared/api/installations';
import { MINUTE_MS } from '@shared/time';

import { buildApp } from '../../src/server/app';
import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

function succeeded(job: Job, index: number, version: string): AgentMessage {
  return {
    type: 'item.progress',
    jobId: job.jobId,
    itemId: job.items[index]!.itemId,
    status: 'succeeded',
    manager: 'apt',
    version,
    exitCode: 0,
    message: `Installed ${version}`,
    log: '',
  };
}

describe('a running job whose agent went away', () => {
  let t: TestApp;
  let url: string;
  let admin: Browser;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
    admin = await adminBrowser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** An owner with a list of two apt apps and `machines` enrolled Linux machines. */
  async function world(machines = 1) {
    const owner = await adminBrowser(t);
    await setPlan(t, owner.user.user.id, 'premium');
    const apps = await catalogueOf(t, (await signInAgain(t, admin)).token, 2, `Away ${Math.random().toString(36).slice(2, 7)}`, (i) => ({
      apt_package: i === 1 ? 'hello' : 'cowsay',
    }));
    const list = (await listsOf(t, owner.token).create('Workstation')).body;
    for (const app of apps) await listsOf(t, owner.token).add(list.id, app.app_id);
    const enrolled = [];
    for (let i = 0; i < machines; i++) enrolled.push(await enrollMachine(t, owner, `Machine ${i}`));
    // The clock moves past the access token's 15 minutes: a fresh sign-in for each read.
    const installs = async () => installationsOf(t, (await signInAgain(t, owner)).token);
    return { owner, list, machines: enrolled, installs };
  }

  /** Creates the installation, lets the agent take it and start the first app, then the agent goes. */
  async function startedThenGone(w: Awaited<ReturnType<typeof world>>, machine = w.machines[0]!) {
    const agent = await ProtocolAgent.connect(url, machine.credential);
    const created = (await (await w.installs()).create({ listId: w.list.id, deviceIds: [machine.deviceId] })).body;
    const { job } = await agent.next('job.assign');
    agent.send({ type: 'job.ack', jobId: job.jobId });
    agent.send({ ...succeeded(job, 0, ''), status: 'installing', version: null, exitCode: null, message: 'Installing' } as AgentMessage);
    const installs = await w.installs();
    await eventually(
      () => installs.get(created.id),
      (res) => res.body.status === 'running' && res.body.counts.installing === 1,
      'the first app to be installing',
    );
    await agent.close();
    return { created, job };
  }

  const historyRows = (installationId: string) =>
    t.app.ctx.db.selectFrom('update_history').select(['app_name', 'outcome']).where('installation_id', '=', installationId).execute();

  it('ends it with the reason once the agent has been away past the limit, and the returning agent’s late reports land once', async () => {
    const w = await world();
    const { created, job } = await startedThenGone(w);

    t.clock.advance(RUNNING_JOB_AWAY_LIMIT_MS - MINUTE_MS);
    expect(await t.app.services.installations.endRunningAway()).toBe(0);
    const before = (await (await w.installs()).get(created.id)).body;
    expect(before.status).toBe('running');
    expect(before.targets[0]).toMatchObject({ status: 'running', deviceOnline: false, deviceSeenAt: expect.any(String) });

    t.clock.advance(2 * MINUTE_MS);
    expect(await t.app.services.installations.endRunningAway()).toBe(1);
    expect(await t.app.services.installations.endRunningAway()).toBe(0);
    const ended = (await (await w.installs()).get(created.id)).body;
    expect(ended).toMatchObject({ status: 'failed', finishedAt: expect.any(String), counts: { failed: 2, installing: 0, queued: 0 } });
    expect(ended.targets[0]).toMatchObject({ status: 'expired', reason: AWAY_ENDED_REASON });
    expect(ended.targets[0]!.items.map((item) => item.message)).toEqual([AWAY_ENDED_REASON, AWAY_ENDED_REASON]);
    // Nobody knows yet what happened on the machine: no history.
    expect(await historyRows(created.id)).toEqual([]);

    // The agent comes back: it is sent the job again, which is how it reports what it did.
    const back = await ProtocolAgent.connect(url, w.machines[0]!.credential);
    const again = (await back.next('job.assign')).job;
    expect(again.jobId).toBe(job.jobId);
    expect(again.items.map((item) => item.itemId)).toEqual(job.items.map((item) => item.itemId));
    back.send({ type: 'job.ack', jobId: job.jobId });
    back.send(succeeded(job, 0, '2.10-3'));
    back.send(succeeded(job, 0, '2.10-3'));
    const installs = await w.installs();
    const first = await eventually(
      () => installs.get(created.id),
      (res) => res.body.counts.succeeded === 1,
      'the late report to land',
    );
    expect(first.body.targets[0]!.items[0]).toMatchObject({ status: 'succeeded', message: 'Installed 2.10-3' });
    expect(first.body.status).toBe('failed');

    back.send(succeeded(job, 1, '3.03'));
    const done = await eventually(
      () => installs.get(created.id),
      (res) => res.body.status === 'succeeded',
      'the installation to succeed',
    );
    expect(done.body.counts).toMatchObject({ succeeded: 2, failed: 0 });
    expect(done.body.targets[0]).toMatchObject({ status: 'done', reason: null });
    back.send({ type: 'job.done', jobId: job.jobId });
    back.send(succeeded(job, 1, '3.03'));
    await back.close();
    expect((await historyRows(created.id)).map((row) => `${row.app_name}: ${row.outcome}`).sort()).toEqual(
      done.body.targets[0]!.items.map((item) => `${item.name}: succeeded`).sort(),
    );

    // Done now: a later connection is sent nothing.
    const later = await ProtocolAgent.connect(url, w.machines[0]!.credential);
    await later.next('inventory.request');
    expect(later.received.filter((message) => message.type === 'job.assign')).toEqual([]);
    await later.close();
    expect((await (await w.installs()).get(created.id)).body.status).toBe('succeeded');
  });

  it('fails what the returning agent went through without reporting', async () => {
    const w = await world();
    const { created, job } = await startedThenGone(w);
    t.clock.advance(RUNNING_JOB_AWAY_LIMIT_MS + MINUTE_MS);
    expect(await t.app.services.installations.endRunningAway()).toBe(1);

    const back = await ProtocolAgent.connect(url, w.machines[0]!.credential);
    await back.next('job.assign');
    back.send(succeeded(job, 0, '2.10-3'));
    back.send({ type: 'job.done', jobId: job.jobId });
    // Asked again for the app it did not report, a few times, it still reports nothing.
    for (let ask = 0; ask < 3; ask += 1) {
      await back.next('job.assign');
      back.send({ type: 'job.done', jobId: job.jobId });
    }
    const installs = await w.installs();
    const done = await eventually(
      () => installs.get(created.id),
      (res) => res.body.targets[0]?.status === 'done',
      'the job to be done',
    );
    expect(done.body).toMatchObject({ status: 'failed', counts: { succeeded: 1, failed: 1 } });
    expect(done.body.targets[0]!.items[1]!.message).toBe('The agent finished the job without reporting this app');
    expect(await historyRows(created.id)).toHaveLength(1);
    await back.close();
  });

  it('does not end a running job while its agent is connected', async () => {
    const w = await world();
    const agent = await ProtocolAgent.connect(url, w.machines[0]!.credential);
    const created = (await (await w.installs()).create({ listId: w.list.id, deviceIds: [w.machines[0]!.deviceId] })).body;
    const { job } = await agent.next('job.assign');
    agent.send({ type: 'job.ack', jobId: job.jobId });
    t.clock.advance(RUNNING_JOB_AWAY_LIMIT_MS + MINUTE_MS);
    // A slow install: the agent's heartbeats go on.
    agent.send({ type: 'heartbeat' });
    const installs = await w.installs();
    await eventually(
      () => installs.get(created.id),
      (res) => res.body.status === 'running' && res.body.targets[0]?.deviceOnline === true,
      'the heartbeat to be recorded',
    );
    expect(await t.app.services.installations.endRunningAway()).toBe(0);
    expect((await installs.get(created.id)).body.targets[0]).toMatchObject({ status: 'running', reason: null });
    // Not left running for the tests after this one.
    await installs.cancel(created.id);
    await agent.close();
  });

  it('ends each such job once with two schedulers on one database', async () => {
    const w = await world(2);
    const jobs = [];
    for (const machine of w.machines) jobs.push(await startedThenGone(w, machine));
    t.clock.advance(RUNNING_JOB_AWAY_LIMIT_MS + MINUTE_MS);
    // Two server processes on one PostgreSQL database; on SQLite, two runs in one process.
    const second = process.env.TEST_DB === 'postgres' ? await buildApp(t.config, { clock: t.clock, logger: false }) : null;
    let runs: number[];
    try {
      runs = await Promise.all([t.app.services.installations.endRunningAway(), (second ?? t.app).services.installations.endRunningAway()]);
    } finally {
      await second?.close();
    }
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    const installs = await w.installs();
    for (const { created } of jobs) {
      expect((await installs.get(created.id)).body.targets[0]).toMatchObject({ status: 'expired', reason: AWAY_ENDED_REASON });
    }
  });
});
