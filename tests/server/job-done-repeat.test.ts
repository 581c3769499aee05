import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Job } from '@shared/agent/protocol';

import { eventually, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, type Browser } from './helpers/devices';
import { createTestApp, type TestApp } from './helpers/test-app';
import { twoAppJob } from './helpers/two-app-job';

const FAILED_SUBJECT = /installation failed/i;

/** The agent's final report of one app of a job. */
const report = (job: Job, index: number, status: 'succeeded' | 'failed', seq: number) =>
  ({
    type: 'item.progress',
    jobId: job.jobId,
    itemId: job.items[index]!.itemId,
    status,
    manager: 'apt',
    version: status === 'succeeded' ? '1.0' : null,
    exitCode: status === 'succeeded' ? 0 : 100,
    message: status === 'succeeded' ? 'Installed (1.0)' : 'Could not install',
    log: '',
    seq,
  }) as const;

/**
 * An agent may send job.done more than once: the same message again when its acknowledgement
 * was lost, under a new number, or again after a reconnect. The installation the first one
 * finished stays as it was: the owner sees the same finish time and status, and no second row
 * of history or second failure mail.
 */
describe('a repeated job.done changes nothing', () => {
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

  it('replayed, renumbered, unnumbered and after a reconnect: the finish time, status, history and mails stay', async () => {
    const { owner, machine, installs, created, agent, job } = await twoAppJob(t, admin, url, 'Repeat');
    agent.send({ type: 'job.ack', jobId: job.jobId });
    agent.send(report(job, 0, 'succeeded', 1));
    agent.send(report(job, 1, 'failed', 2));
    agent.send({ type: 'job.done', jobId: job.jobId, seq: 3 });
    expect(await agent.next('report.ack', (ack) => ack.seq === 3)).toEqual({ type: 'report.ack', jobId: job.jobId, seq: 3 });

    const finished = (await installs.get(created.id)).body;
    expect(finished.status).not.toMatch(/waiting|running/);
    expect(finished.finishedAt).not.toBeNull();
    const historyOf = () =>
      t.app.ctx.db.selectFrom('update_history').select(['app_name', 'outcome']).where('installation_id', '=', created.id).execute();
    const history = await historyOf();
    expect(history).toHaveLength(2);
    await t.app.ctx.tasks.flush();
    const failureMails = () => t.mail.to(owner.user.email).filter((mail) => FAILED_SUBJECT.test(mail.subject));
    await eventually(
      async () => failureMails().length,
      (count) => count === 1,
      'one failure mail',
    );

    // Later, the same job.done again: replayed with its number, renumbered, and without one.
    t.clock.advanceMinutes(2);
    agent.send({ type: 'job.done', jobId: job.jobId, seq: 3 });
    await agent.next('report.ack', (ack) => ack.seq === 3);
    t.clock.advanceMinutes(2);
    agent.send({ type: 'job.done', jobId: job.jobId, seq: 4 });
    await agent.next('report.ack', (ack) => ack.seq === 4);
    agent.send({ type: 'job.done', jobId: job.jobId });
    await agent.close();

    // And once more after a reconnect, numbered anew.
    t.clock.advanceMinutes(2);
    const back = await ProtocolAgent.connect(url, machine.credential);
    back.send({ type: 'job.done', jobId: job.jobId, seq: 1 });
    await back.next('report.ack', (ack) => ack.seq === 1);
    await back.close();

    const after = (await installs.get(created.id)).body;
    expect(after.finishedAt).toBe(finished.finishedAt);
    expect(after.status).toBe(finished.status);
    // The job on the machine as it was (the machine's own presence moved on, as it should).
    const jobOf = (target: (typeof finished.targets)[number]) => ({ ...target, deviceOnline: null, deviceSeenAt: null });
    expect(after.targets.map(jobOf)).toEqual(finished.targets.map(jobOf));
    expect(await historyOf()).toEqual(history);
    await t.app.ctx.tasks.flush();
    expect(failureMails()).toHaveLength(1);
  });
});
