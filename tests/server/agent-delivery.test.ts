import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AGENT_BUNDLE, buildAgentIfStale } from '../../scripts/agent-build.mjs';
import { installationsOf, listeningUrl } from './helpers/agent';
import { adminBrowser, devicesOf, signInAgain, type Browser } from './helpers/devices';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The real agent — the built single file, as a child process — against the real server:
 * enrolment with a registration link, delivery, a kill mid-job, and deactivation (docs/delivery.md).
 */

interface Exited {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

class AgentProcess {
  stdout = '';
  stderr = '';
  readonly exited: Promise<Exited>;
  constructor(readonly child: ChildProcess) {
    child.stdout?.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal, stdout: this.stdout, stderr: this.stderr })),
    );
  }
}

const running = new Set<AgentProcess>();

function agent(args: string[]): AgentProcess {
  const process_ = new AgentProcess(spawn(process.execPath, [AGENT_BUNDLE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] }));
  running.add(process_);
  void process_.exited.then(() => running.delete(process_));
  return process_;
}

const cli = (args: string[]) => agent(args).exited;

/** The server has welcomed the agent (it logs the line on stderr). */
const welcomed = (process_: AgentProcess) =>
  waitFor(
    async () => process_.stderr,
    (text) => text.includes('Welcome'),
    'the agent to connect',
  );

/** Polls until `check` passes; agents are separate processes, so this waits for real time. */
async function waitFor<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the device agent, built and run as a person runs it', () => {
  let t: TestApp;
  let url: string;
  let admin: Browser;
  const dirs: string[] = [];

  beforeAll(async () => {
    await buildAgentIfStale();
    t = await createTestApp();
    url = await listeningUrl(t);
    admin = await adminBrowser(t);
  });
  afterAll(async () => {
    for (const process_ of running) process_.child.kill('SIGKILL');
    await t.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  /** An owner with a list of `count` apps that have apt packages, and a fresh config folder. */
  async function world(count: number) {
    const owner = await adminBrowser(t);
    await setPlan(t, owner.user.user.id, 'premium');
    const prefix = `Set ${Math.random().toString(36).slice(2, 7)}`;
    const adminToken = (await signInAgain(t, admin)).token;
    const apps = await catalogueOf(t, adminToken, count, prefix, (i) => ({ apt_package: `pkg-${prefix.slice(4)}-${i}` }));
    const list = (await listsOf(t, owner.token).create('Workstation')).body;
    for (const app of apps) await listsOf(t, owner.token).add(list.id, app.app_id);
    const configDir = await mkdtemp(join(tmpdir(), 'loadout-agent-test-'));
    dirs.push(configDir);
    const code = (await devicesOf(t, owner).createToken(1)).body.token.code;
    return { owner, apps, list, configDir, code, installs: installationsOf(t, owner.token) };
  }

  async function enrolled(count: number) {
    const w = await world(count);
    const result = await cli(['enroll', '--server', url, '--code', w.code, '--name', 'Build server', '--config-dir', w.configDir]);
    expect(result.code, result.stderr).toBe(0);
    const config = JSON.parse(await readFile(join(w.configDir, 'agent.json'), 'utf8')) as { deviceId: string; credential: string };
    return { ...w, deviceId: config.deviceId, credential: config.credential };
  }

  const run = (configDir: string, ...extra: string[]) => agent(['run', '--installer', 'simulated', '--config-dir', configDir, ...extra]);

  it('enrols with the copied registration link, keeps the credential to itself, and installs a list', async () => {
    const w = await world(2);
    const enrolment = await cli(['enroll', `${url}/devices/enroll?code=${encodeURIComponent(w.code)}`, '--config-dir', w.configDir]);
    expect(enrolment.code, enrolment.stderr).toBe(0);
    expect(enrolment.stdout).toContain(`with ${url}`);
    const file = join(w.configDir, 'agent.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(w.configDir)).mode & 0o777).toBe(0o700);
    const config = JSON.parse(await readFile(file, 'utf8')) as {
      server: string;
      deviceId: string;
      credential: string;
      releasePublicKey?: string;
    };
    expect(config.server).toBe(url);
    expect(enrolment.stdout + enrolment.stderr).not.toContain(config.credential);
    // The server's release key, pinned with the credential: the builds it will be offered are checked against it.
    const releases = (await (await fetch(`${url}/api/client/agent/releases`)).json()) as { publicKey: string };
    expect(config.releasePublicKey).toBe(releases.publicKey);

    // The same code again: used up, said in one line, exit code 1.
    const again = await cli(['enroll', '--server', url, '--code', w.code, '--config-dir', join(w.configDir, 'second')]);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe('loadout-agent: This registration code has been used up');

    const status = await cli(['status', '--config-dir', w.configDir]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/enrolled and active/);

    const process_ = run(w.configDir);
    await welcomed(process_);
    const created = await w.installs.create({ listId: w.list.id, deviceIds: [config.deviceId] });
    expect(created.status).toBe(201);
    const done = await waitFor(
      () => w.installs.get(created.body.id),
      (res) => res.body.status === 'succeeded',
      'the installation to succeed',
    );
    expect(done.body.targets[0]!.items.map((item) => [item.name, item.status, item.message])).toEqual(
      w.apps.map((app) => [app.name, 'succeeded', 'Installed (1.0.0)']),
    );
    // After the job, the agent reports its inventory: both apps are now installed.
    await waitFor(
      () => w.installs.inventory(config.deviceId),
      (res) => res.body.apps.length === 2,
      'the inventory to list both apps',
    );
    expect(process_.stderr).not.toContain(config.credential);

    process_.child.kill('SIGTERM');
    expect((await process_.exited).code).toBe(0);
    expect(process_.stderr).toContain('Stopped');
  });

  it('runs a job created while the agent was offline as soon as it starts', async () => {
    const w = await enrolled(2);
    const created = await w.installs.create({ listId: w.list.id, deviceIds: [w.deviceId] });
    expect(created.body).toMatchObject({ status: 'waiting' });
    const process_ = run(w.configDir);
    await waitFor(
      () => w.installs.get(created.body.id),
      (res) => res.body.status === 'succeeded',
      'the waiting installation to run',
    );
    process_.child.kill('SIGTERM');
    expect((await process_.exited).code).toBe(0);
  });

  it('finishes a job after being killed mid-job and restarted, recording each app once', async () => {
    const w = await enrolled(3);
    const first = run(w.configDir, '--simulate-delay-ms', '700');
    const created = await w.installs.create({ listId: w.list.id, deviceIds: [w.deviceId] });
    await waitFor(
      () => w.installs.get(created.body.id),
      (res) => res.body.counts.succeeded === 1 && res.body.counts.installing === 1,
      'the first app done and the second under way',
    );
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const second = run(w.configDir, '--simulate-delay-ms', '50');
    const done = await waitFor(
      () => w.installs.get(created.body.id),
      (res) => res.body.status === 'succeeded',
      'the installation to finish after the restart',
    );
    const items = done.body.targets[0]!.items;
    expect(items).toHaveLength(3);
    expect(items.map((item) => item.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(done.body.counts).toMatchObject({ succeeded: 3, failed: 0, skipped: 0, queued: 0, installing: 0 });
    // The simulated package manager installed each app once (its state survives the kill).
    const state = JSON.parse(await readFile(join(w.configDir, 'simulated-installs.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(state).sort()).toEqual(w.apps.map((app) => app.apt_package).sort());
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  });

  it('runs one agent per enrolment: a second on the folder exits, and one on a copied folder does not make them take turns', async () => {
    const w = await enrolled(1);
    const first = run(w.configDir);
    await welcomed(first);
    const second = await cli(['run', '--installer', 'simulated', '--config-dir', w.configDir]);
    expect(second.code, second.stderr).toBe(75);
    expect(second.stderr.trim()).toBe(
      `loadout-agent: Another Loadout agent (process ${first.child.pid}) is already running with this enrolment in ${w.configDir}; stop it first`,
    );

    // A copied folder has no lock of its own: the server lets the newer connection in and closes the older with 4409.
    const copy = await mkdtemp(join(tmpdir(), 'loadout-agent-copy-'));
    dirs.push(copy);
    await cp(join(w.configDir, 'agent.json'), join(copy, 'agent.json'));
    const other = run(copy);
    await welcomed(other);
    await waitFor(
      async () => first.stderr,
      (text) => text.includes('Another agent with this enrolment connected; this one waits'),
      'the replaced agent to say it waits',
    );
    const status = await cli(['status', '--config-dir', w.configDir]);
    expect(status.stdout).toMatch(/process \d+ is waiting: another agent with this enrolment connected; it tries again in 1\d minutes/);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(first.stderr.match(/Welcome/g)).toHaveLength(1);
    expect(other.stderr).not.toContain('Disconnected');

    for (const process_ of [first, other]) process_.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    expect((await other.exited).code).toBe(0);
    await expect(stat(join(w.configDir, 'agent.lock'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('serves the built agent at GET /api/client/agent', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client/agent' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="loadout-agent.mjs"');
    expect(res.rawPayload.equals(await readFile(AGENT_BUNDLE))).toBe(true);

    const without = await createTestApp({ env: { AGENT_FILE: join(tmpdir(), 'no-such-agent.mjs') } });
    try {
      const missing = await without.api.get<{ code: string; message: string }>('/api/client/agent');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ code: 'CLIENT_BUILD_NOT_FOUND', message: 'The headless agent has not been built on this server' });
    } finally {
      await without.close();
    }
  });

  // Last: it moves the clock a day on (new-device protection), which ends other tests' sessions.
  it('stops and forgets its credential when the device is deactivated, and is refused with a copy of it', async () => {
    const w = await enrolled(1);
    const copy = await mkdtemp(join(tmpdir(), 'loadout-agent-copy-'));
    dirs.push(copy);
    await cp(w.configDir, copy, { recursive: true });

    const process_ = run(w.configDir);
    await welcomed(process_);
    t.clock.advanceHours(25);
    const fresh = await signInAgain(t, w.owner);
    expect((await devicesOf(t, fresh).deactivate(w.deviceId, false)).body).toMatchObject({ success: true });
    const exited = await process_.exited;
    expect(exited.code, exited.stderr).toBe(78);
    expect(exited.stderr).toContain('deactivated');
    await expect(stat(join(w.configDir, 'agent.json'))).rejects.toMatchObject({ code: 'ENOENT' });

    // The credential kept elsewhere: the server refuses the upgrade (401), and the agent forgets it too.
    const refused = await cli(['run', '--installer', 'simulated', '--config-dir', copy]);
    expect(refused.code, refused.stderr).toBe(78);
    await expect(stat(join(copy, 'agent.json'))).rejects.toMatchObject({ code: 'ENOENT' });

    const notEnrolled = await cli(['run', '--config-dir', w.configDir]);
    expect(notEnrolled.code).toBe(3);
    expect(notEnrolled.stderr).toContain('not enrolled yet');
  });
});
