import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/server/app';
import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, devicesOf, enroll } from './helpers/devices';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * DESIGN §3: several server processes on one PostgreSQL. An installation created through one
 * process reaches an agent connected to another, and what the agent reports is seen through
 * the first: LISTEN/NOTIFY between them, rows as the truth. (On SQLite there is one process.)
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('two server processes on one PostgreSQL', () => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let secondUrl: string;
  beforeAll(async () => {
    first = await createTestApp();
    second = await buildApp(first.config, { clock: first.clock, logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = await listeningUrl({ ...first, app: second });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('delivers a job created through one process to an agent connected to the other', async () => {
    const owner = await adminBrowser(first);
    await setPlan(first, owner.user.user.id, 'premium');
    const [app] = await catalogueOf(first, owner.token, 1, 'Cross', () => ({ apt_package: 'hello' }));
    const list = (await listsOf(first, owner.token).create('Across')).body;
    await listsOf(first, owner.token).add(list.id, app!.app_id);
    const code = (await devicesOf(first, owner).createToken(1)).body.token.code;
    const machine = (await enroll(first, code, { platform: 'linux' })).body;

    const agent = await ProtocolAgent.connect(secondUrl, machine.credential);
    await agent.next('inventory.request');
    const installs = installationsOf(first, owner.token);
    const created = (await installs.create({ listId: list.id, deviceIds: [machine.device.device_id] })).body;
    const { job } = await agent.next('job.assign');
    expect(job.installationId).toBe(created.id);

    agent.send({ type: 'job.ack', jobId: job.jobId });
    agent.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId: job.items[0]!.itemId,
      status: 'succeeded',
      manager: 'apt',
      version: '2.10-3',
      exitCode: 0,
      message: 'Installed 2.10-3',
      log: '',
    });
    agent.send({ type: 'job.done', jobId: job.jobId });
    const done = await eventually(
      () => installs.get(created.id),
      (res) => res.body.status === 'succeeded',
      'the installation to succeed, read through the first process',
    );
    expect(done.body.targets[0]).toMatchObject({ deviceOnline: true, status: 'done' });

    // Cancelling through the first process reaches the agent on the second too.
    const next = (await installs.create({ listId: list.id, deviceIds: [machine.device.device_id] })).body;
    const again = (await agent.next('job.assign')).job;
    expect(again.installationId).toBe(next.id);
    await installs.cancel(next.id);
    expect((await agent.next('job.cancel')).jobId).toBe(again.jobId);
    await agent.close();
  });
});
