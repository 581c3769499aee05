import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Job, ReportedItemStatus } from '@shared/agent/protocol';
import type { HistoryResponse } from '@shared/api/history';

import { eventually, listeningUrl } from './helpers/agent';
import { adminBrowser, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';
import { twoAppJob } from './helpers/two-app-job';

const DEFERRED = 'Firefox is open: the person at the machine asked to update it in 1 hour';

/** The agent's report on one app of a job. */
const report = (job: Job, index: number, status: ReportedItemStatus, message: string) =>
  ({
    type: 'item.progress',
    jobId: job.jobId,
    itemId: job.items[index]!.itemId,
    status,
    manager: 'apt',
    version: status === 'succeeded' ? '1.0' : null,
    exitCode: status === 'succeeded' ? 0 : null,
    message,
    log: '',
  }) as const;

describe('an app waiting for the user (deferred)', () => {
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

  /** A list of two apt apps installed onto a new machine, whose protocol agent has taken the job. */
  async function takenJob(name: string) {
    const taken = await twoAppJob(t, admin, url, name);
    taken.agent.send({ type: 'job.ack', jobId: taken.job.jobId });
    return taken;
  }

  const statusOf = (installation: { targets: { items: { itemId: string; status: string; message: string | null }[] }[] }, itemId: string) =>
    installation.targets[0]!.items.find((item) => item.itemId === itemId);

  it('shows the app waiting with the agent’s words, keeps the installation running, and is counted', async () => {
    const { installs, created, agent, job } = await takenJob('Shown');
    agent.send(report(job, 0, 'deferred', DEFERRED));
    const seen = await eventually(
      async () => (await installs.get(created.id)).body,
      (installation) => statusOf(installation, job.items[0]!.itemId)?.status === 'deferred',
      'the deferred report',
    );
    expect(statusOf(seen, job.items[0]!.itemId)?.message).toBe(DEFERRED);
    expect(seen.status).toBe('running');
    expect(seen.counts).toMatchObject({ deferred: 1, queued: 1 });
    await agent.close();
  });

  it('goes on to installed when the person is done, with one history row', async () => {
    const { owner, installs, created, agent, job } = await takenJob('Later');
    agent.send(report(job, 0, 'deferred', DEFERRED));
    agent.send(report(job, 0, 'deferred', 'Firefox is still open: put off until 18:00'));
    agent.send(report(job, 0, 'installing', 'Installing'));
    agent.send(report(job, 0, 'succeeded', 'Installed (1.0)'));
    const done = await eventually(
      async () => (await installs.get(created.id)).body,
      (installation) => statusOf(installation, job.items[0]!.itemId)?.status === 'succeeded',
      'the final report',
    );
    expect(done.counts).toMatchObject({ succeeded: 1, deferred: 0 });
    // Only the final word is history: being put off twice left no row of its own.
    const history = await t.api.get<HistoryResponse & ApiError>('/api/history', owner.token);
    expect(history.body.entries.filter((entry) => entry.installationId === created.id)).toMatchObject([{ outcome: 'succeeded' }]);
    await agent.close();
  });

  it('is dropped by a cancel, since the machine was not changed, and the agent is told', async () => {
    const { installs, created, agent, job } = await takenJob('Cancel');
    agent.send(report(job, 0, 'deferred', DEFERRED));
    await eventually(
      async () => (await installs.get(created.id)).body,
      (installation) => statusOf(installation, job.items[0]!.itemId)?.status === 'deferred',
      'the deferred report',
    );
    const cancelled = (await installs.cancel(created.id)).body;
    expect(statusOf(cancelled, job.items[0]!.itemId)).toMatchObject({ status: 'cancelled', message: 'Cancelled before it started' });
    expect(cancelled.status).toBe('cancelled');
    await agent.next('job.cancel');
    await agent.close();
  });
});
