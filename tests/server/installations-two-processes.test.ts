import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ListStatus } from '@shared/api/installations';
import { PLANS } from '@shared/plans';

import { buildServerIfStale, SERVER_BUNDLE } from '../../scripts/server-build.mjs';
import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, devicesOf, enroll } from './helpers/devices';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A free loopback port for the second process. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `npm start`'s server bundle as a second OS process on the same database. */
async function startSecondProcess(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  await buildServerIfStale();
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      WEB_DIR: '/nonexistent-web-dir',
      CATALOGUE_SEED_FILE: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the second server process exited with ${child.exitCode}`);
    const up = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the second server process did not answer within 10 s');
}

/**
 * Several server processes on one PostgreSQL. An installation created through one
 * process reaches an agent connected to another OS process, and what the agent reports is seen
 * through the first: LISTEN/NOTIFY between them, rows as the truth. (On SQLite there is one
 * process.)
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('two server processes on one PostgreSQL', () => {
  let first: TestApp;
  let second: ChildProcess;
  let secondUrl: string;
  beforeAll(async () => {
    first = await createTestApp();
    // The second process reads the system clock: both must agree on what "now" is.
    first.clock.set(new Date());
    ({ child: second, url: secondUrl } = await startSecondProcess(first.config.databaseUrl));
  }, 60_000);
  afterAll(async () => {
    if (second && second.exitCode === null) {
      const exited = new Promise((resolve) => second.once('exit', resolve));
      second.kill('SIGTERM');
      await exited;
    }
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

    // "Check now" through the first process asks the agent on the second; its answer shows in the list's status.
    const checked = await first.api.post(`/api/devices/${machine.device.device_id}/inventory/refresh`, undefined, owner.token);
    expect(checked.status).toBe(202);
    await agent.next('inventory.request');
    agent.send({ type: 'inventory', packages: [{ manager: 'apt', id: 'hello', installedVersion: '2.10-3', availableVersion: '2.11-1' }] });
    await eventually(
      () => first.api.get<ListStatus>(`/api/lists/${list.id}/status`, owner.token),
      (res) => res.body.devices[0]?.apps[0]?.state === 'outdated',
      'the list status to show the agent’s answer, read through the first process',
    );
    await agent.close();
  });

  it("searches a machine connected to the other process, and reads each manager's answer through the first", async () => {
    const owner = await adminBrowser(first);
    const code = (await devicesOf(first, owner).createToken(1)).body.token.code;
    const machine = (await enroll(first, code, { platform: 'linux' })).body;
    const agent = await ProtocolAgent.connect(secondUrl, machine.credential);
    const started = await first.api.post<{ searchId: string }>(
      `/api/devices/${machine.device.device_id}/searches`,
      { query: 'hello' },
      owner.token,
    );
    expect(started.status).toBe(202);
    const asked = await agent.next('search.request');
    expect(asked).toEqual({ type: 'search.request', searchId: started.body.searchId, query: 'hello' });
    agent.send({
      type: 'search.results',
      searchId: asked.searchId,
      manager: 'apt',
      results: [{ id: 'hello', name: 'hello' }],
      truncated: false,
    });
    agent.send({ type: 'search.done', searchId: asked.searchId });
    const done = await eventually(
      () =>
        first.api.get<{ status: string; managers: Array<{ manager: string; status: string; results: unknown[] }> }>(
          `/api/devices/${machine.device.device_id}/searches/${asked.searchId}`,
          owner.token,
        ),
      (res) => res.body.status === 'done',
      'the search to be done, read through the first process',
    );
    expect(done.body.managers).toEqual([
      { manager: 'apt', status: 'done', results: [{ id: 'hello', name: 'hello' }], truncated: false, error: null },
    ]);
    await agent.close();
  });

  it('tells the other process at once when a session ends or a plan changes (its sign-in cache forgets them)', async () => {
    const owner = await adminBrowser(first);
    const devicesThroughSecond = async () => {
      const res = await fetch(`${secondUrl}/api/devices`, {
        headers: { authorization: `Bearer ${owner.token}`, 'x-device-id': owner.deviceId },
      });
      return { status: res.status, body: (await res.json()) as { seatLimit?: number; code?: string } };
    };
    // The second process now keeps this session (for up to 5 s, unless told otherwise).
    expect((await devicesThroughSecond()).body.seatLimit).toBe(PLANS.free.limits.devices);
    expect((await devicesThroughSecond()).body.seatLimit).toBe(PLANS.free.limits.devices);

    await setPlan(first, owner.user.user.id, 'premium');
    let started = Date.now();
    await eventually(
      devicesThroughSecond,
      (res) => res.body.seatLimit === PLANS.premium.limits.devices,
      'the second process to see the new plan',
    );
    expect(Date.now() - started).toBeLessThan(1_000);

    expect((await first.api.post('/api/auth/logout', undefined, owner.token, { 'x-device-id': owner.deviceId })).status).toBe(200);
    started = Date.now();
    const refused = await eventually(devicesThroughSecond, (res) => res.status === 401, 'the second process to refuse the ended session');
    expect(refused.body.code).toBe('TOKEN_REVOKED');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a second agent of one machine on the other process replaces the first there too, so no job goes to two agents', async () => {
    const owner = await adminBrowser(first);
    const code = (await devicesOf(first, owner).createToken(1)).body.token.code;
    const machine = (await enroll(first, code, { platform: 'linux' })).body;
    const older = await ProtocolAgent.connect(secondUrl, machine.credential);
    const newer = await ProtocolAgent.connect(await listeningUrl(first), machine.credential);
    expect(await older.closed()).toBe(4409);
    const device = await eventually(
      async () => (await devicesOf(first, owner).list()).body.devices.find((entry) => entry.device_id === machine.device.device_id),
      (entry) => entry?.duplicate_agent !== null,
      'the device to say a second agent connected',
    );
    expect(device?.duplicate_agent).toMatchObject({ from: '127.0.0.1' });
    expect(newer.closeCode).toBeNull();
    await newer.close();
  });
});
