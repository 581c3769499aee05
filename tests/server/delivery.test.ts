import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { AGENT_PROTOCOL_VERSION, type Job } from '@shared/agent/protocol';

import { installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, devicesOf, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import { catalogueOf } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';
import { twoAppJob as twoAppJobOf } from './helpers/two-app-job';

const FAILED_SUBJECT = /installation failed/i;

/** The agent's final report of one app of a job: installed. */
const installed = (job: Job, index: number) =>
  ({
    type: 'item.progress',
    jobId: job.jobId,
    itemId: job.items[index]!.itemId,
    status: 'succeeded',
    manager: 'apt',
    version: '1.0',
    exitCode: 0,
    message: 'Installed (1.0)',
    log: '',
  }) as const;

describe('a final report lost with the connection does not turn an installed app into a failure', () => {
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

  const twoAppJob = (name: string) => twoAppJobOf(t, admin, url, name);

  it('job.done that overtakes the last report: the job is asked for again, the app ends installed, one history row each, no failure mail', async () => {
    const { owner, machine, installs, created, agent, job } = await twoAppJob('Lost');
    agent.send({ type: 'job.ack', jobId: job.jobId });
    agent.send(installed(job, 0));
    // The second app's final report was on the wire when the connection dropped: gone. The
    // agent's job.done, kept while it was offline, is the first thing the server hears again.
    await agent.close();
    const back = await ProtocolAgent.connect(url, machine.credential);
    back.send({ type: 'job.done', jobId: job.jobId });
    // The server sends the job again (on the welcome, and for the job.done that came without the
    // report); the agent answers each from memory, as its JobRunner does: every app's outcome, then job.done.
    const deadline = Date.now() + 5_000;
    let finished = await installs.get(created.id);
    while (['waiting', 'running'].includes(finished.body.status) && Date.now() < deadline) {
      const index = back.received.findIndex((message) => message.type === 'job.assign');
      const [message] = index >= 0 ? back.received.splice(index, 1) : [];
      if (message?.type === 'job.assign') {
        for (const item of message.job.items)
          back.send(
            installed(
              job,
              job.items.findIndex((each) => each.itemId === item.itemId),
            ),
          );
        back.send({ type: 'job.done', jobId: job.jobId });
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished = await installs.get(created.id);
    }
    expect(finished.body).toMatchObject({ status: 'succeeded', counts: { succeeded: 2, failed: 0 } });
    const history = await t.app.ctx.db
      .selectFrom('update_history')
      .select(['app_name', 'outcome'])
      .where('installation_id', '=', created.id)
      .execute();
    expect(history.map((row) => row.outcome).sort()).toEqual(['succeeded', 'succeeded']);
    await t.app.ctx.tasks.flush();
    expect(t.mail.to(owner.user.email).filter((mail) => FAILED_SUBJECT.test(mail.subject))).toEqual([]);
    await back.close();
  });

  it('numbered reports are acknowledged once applied; one sent again after a reconnect is acknowledged and recorded once; job.done after them ends the job', async () => {
    const { machine, installs, created, agent, job } = await twoAppJob('Acked');
    agent.send({ type: 'job.ack', jobId: job.jobId });
    agent.send({ ...installed(job, 0), seq: 1 });
    expect(await agent.next('report.ack')).toEqual({ type: 'report.ack', jobId: job.jobId, seq: 1 });
    // The second report went out, and the connection dropped before its acknowledgement came back.
    agent.send({ ...installed(job, 1), seq: 2 });
    await agent.next('report.ack');
    await agent.close();

    // The agent cannot know it landed: it sends it again, then job.done once that is acknowledged.
    const back = await ProtocolAgent.connect(url, machine.credential);
    back.send({ ...installed(job, 1), seq: 2 });
    expect(await back.next('report.ack')).toEqual({ type: 'report.ack', jobId: job.jobId, seq: 2 });
    back.send({ type: 'job.done', jobId: job.jobId, seq: 3 });
    expect(await back.next('report.ack')).toEqual({ type: 'report.ack', jobId: job.jobId, seq: 3 });

    expect((await installs.get(created.id)).body).toMatchObject({ status: 'succeeded', counts: { succeeded: 2, failed: 0 } });
    const history = await t.app.ctx.db.selectFrom('update_history').select('outcome').where('installation_id', '=', created.id).execute();
    expect(history.map((row) => row.outcome)).toEqual(['succeeded', 'succeeded']);
    // A report about a job that is not this device's is acknowledged too (nothing to apply, nothing to keep).
    back.send({ ...installed(job, 0), jobId: 'not-a-job-of-this-device', seq: 1 });
    expect(await back.next('report.ack')).toEqual({ type: 'report.ack', jobId: 'not-a-job-of-this-device', seq: 1 });
    await back.close();
  });

  it('a second agent with the same enrolment takes over: the first is closed with 4409, the job goes to one, and the page says so for a week', async () => {
    const owner = await adminBrowser(t);
    const machine = await enrollMachine(t, owner);
    const first = await ProtocolAgent.connect(url, machine.credential);
    const second = await ProtocolAgent.connect(url, machine.credential);
    expect(await first.closed()).toBe(4409);
    const [app] = await catalogueOf(t, (await signInAgain(t, admin)).token, 1, `Twice ${Math.random().toString(36).slice(2, 7)}`, () => ({
      apt_package: 'twice',
    }));
    const created = (await installationsOf(t, owner.token).create({ appIds: [app!.app_id], deviceIds: [machine.deviceId] })).body;
    expect((await second.next('job.assign')).job.installationId).toBe(created.id);
    expect(first.received.some((message) => message.type === 'job.assign')).toBe(false);

    const seen = async (browser: Browser) =>
      (await devicesOf(t, browser).list()).body.devices.find((device) => device.device_id === machine.deviceId)?.duplicate_agent;
    expect(await seen(owner)).toMatchObject({ from: '127.0.0.1' });
    t.clock.advanceHours(8 * 24);
    expect(await seen(await signInAgain(t, owner))).toBeNull();
    await second.close();
  });

  it('the same agent back after its connection died unseen (sleep, a dropped network) is no second agent', async () => {
    const owner = await adminBrowser(t);
    const machine = await enrollMachine(t, owner);
    const gone = new WebSocket(`${url.replace(/^http/, 'ws')}/api/agent/ws`, {
      headers: { authorization: `Bearer ${machine.credential}` },
    });
    await new Promise((resolve) => gone.once('open', resolve));
    gone.send(
      JSON.stringify({
        type: 'hello',
        protocol: AGENT_PROTOCOL_VERSION,
        agentVersion: '0.1.0',
        platform: 'linux',
        arch: 'x64',
        managers: ['apt'],
      }),
    );
    await new Promise((resolve) => gone.once('message', resolve));
    // The machine went to sleep: its end of the connection reads and answers nothing any more.
    (gone as unknown as { _socket: Socket })._socket.pause();
    const back = await ProtocolAgent.connect(url, machine.credential);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const device = (await devicesOf(t, owner).list()).body.devices.find((entry) => entry.device_id === machine.deviceId);
    expect(device?.duplicate_agent).toBeNull();
    gone.terminate();
    await back.close();
  }, 20_000);
});
