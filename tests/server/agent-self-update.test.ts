import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Device } from '@shared/api/devices';

import { listeningUrl } from './helpers/agent';
import { testAgentBuild } from './helpers/agent-test-builds.mjs';
import { adminBrowser, devicesOf, type Browser } from './helpers/devices';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The end-to-end update: the real native agent (a Node single executable application,
 * built here at four versions) installed in a temporary home, updating itself from the real
 * server, reconnecting as the new version, a broken build rolled back by the watchdog, and a
 * build whose signature is not the pinned key's refused.
 */

const LINUX_X64 = process.platform === 'linux' && process.arch === 'x64';
const [V1, V2, BROKEN, V4] = ['1.0.0', '1.0.1', '1.0.2', '1.0.3'];
/** Seconds the new program has to be welcomed before the watchdog rolls back (5 minutes in real life). */
const CONFIRM_SECONDS = 4;

/**
 * Stands in for systemd's Restart=always: this machine and CI are containers without systemd as
 * PID 1, so nothing would start the agent again when it exits for its update. It runs the file
 * in the home each time, as the service does; nothing of ours is mocked.
 */
class Supervisor {
  exits: (number | null)[] = [];
  log = '';
  private child: ChildProcess | null = null;
  private running = false;

  constructor(
    private readonly program: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  start(): void {
    this.running = true;
    this.spawn();
  }

  private spawn(): void {
    const child = spawn(this.program, this.args, { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    child.on('exit', (code) => {
      this.exits.push(code);
      if (this.child === child) this.child = null;
      // systemd's RestartSec, shortened.
      if (this.running) setTimeout(() => this.running && !this.child && this.spawn(), 200);
    });
  }

  /** SIGTERM, as `systemctl stop`; resolves once the agent has exited. */
  async stop(): Promise<void> {
    this.running = false;
    const child = this.child;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  /** The running agent exits and the supervisor starts it again (the program as it is in the home now). */
  restart(): void {
    this.child?.kill('SIGTERM');
  }
}

/** Programs are compared by hash: a failed toEqual on two 100 MB buffers would print them. */
const hashOf = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

async function waitFor<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, log: () => string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}\n--- agent log ---\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!LINUX_X64)('a native agent updating itself', () => {
  let t: TestApp;
  let url: string;
  let owner: Browser;
  let root: string;
  const builds: Record<string, string> = {};
  let supervisor: Supervisor | null = null;

  beforeAll(async () => {
    // Built once and kept in a cache folder: later runs (and the other database's) reuse them.
    for (const version of [V1, V2]) builds[version] = await testAgentBuild(version);
    builds[BROKEN] = await testAgentBuild(BROKEN, { broken: true });
    root = await mkdtemp(join(tmpdir(), 'loadout-self-update-'));
    await mkdir(join(root, 'served'));
    t = await createTestApp({ env: { AGENT_NATIVE_DIR: join(root, 'served') } });
    url = await listeningUrl(t);
    owner = await adminBrowser(t);
  }, 600_000);
  afterAll(async () => {
    await supervisor?.stop();
    await t?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** What the server carries: `file` as its Linux x64 native build, announced as `version`. */
  async function serve(file: string, version: string): Promise<void> {
    const served = join(root, 'served');
    await copyFile(file, join(served, 'loadout-agent-linux-x64.tmp'));
    await rm(join(served, 'loadout-agent-linux-x64'), { force: true });
    await copyFile(join(served, 'loadout-agent-linux-x64.tmp'), join(served, 'loadout-agent-linux-x64'));
    const builds = [{ platform: 'linux', arch: 'x64', format: 'exe', file: 'loadout-agent-linux-x64' }];
    await writeFile(join(served, 'manifest.json'), JSON.stringify({ version, node: '24.21.0', builds }));
  }

  it('updates, reconnects as the new version, rolls a broken build back and refuses a bad signature', async () => {
    const home = join(root, 'home');
    const configDir = join(root, 'config');
    await mkdir(home, { mode: 0o755 });
    const program = join(home, 'loadout-agent');
    await copyFile(builds[V1]!, program);
    await stat(program);
    const code = (await devicesOf(t, owner).createToken(1)).body.token.code;
    const enrol = spawn(program, ['enroll', '--server', url, '--code', code, '--name', 'Updating box', '--config-dir', configDir]);
    let enrolOutput = '';
    enrol.stderr.on('data', (chunk: Buffer) => (enrolOutput += chunk.toString()));
    expect(await new Promise((resolve) => enrol.on('exit', resolve)), enrolOutput).toBe(0);
    const config = JSON.parse(await readFile(join(configDir, 'agent.json'), 'utf8')) as { deviceId: string; releasePublicKey?: string };
    expect(config.releasePublicKey).toBeTruthy();

    const env = { ...process.env, LOADOUT_AGENT_HOME: home, LOADOUT_AGENT_UPDATE_CONFIRM_SECONDS: String(CONFIRM_SECONDS) };
    supervisor = new Supervisor(program, ['run', '--installer', 'simulated', '--config-dir', configDir], env);
    const log = () => supervisor?.log ?? '';
    const device = () =>
      devicesOf(t, owner)
        .list()
        .then((res) => res.body.devices.find((each) => each.device_id === config.deviceId) as Device);

    // 1. A newer build: downloaded, checked, swapped in; the agent exits 10 and comes back as 1.0.1.
    await serve(builds[V2]!, V2);
    supervisor.start();
    await waitFor(device, (d) => d.agent_version === V2 && d.connection_status === 'online', 'the agent to come back as 1.0.1', log);
    expect(supervisor.exits).toContain(10);
    expect(await hashOf(program)).toBe(await hashOf(builds[V2]!));
    expect(await hashOf(join(home, 'loadout-agent.previous'))).toBe(await hashOf(builds[V1]!));
    await waitFor(
      () =>
        stat(join(configDir, 'update-pending.json')).then(
          () => 'pending',
          () => 'confirmed',
        ),
      (state) => state === 'confirmed',
      'the new program to confirm',
      log,
    );
    expect((await device()).agent_update).toBeNull();

    // 2. A build that cannot start: the watchdog, run from 1.0.1, puts 1.0.1 back.
    await serve(builds[BROKEN]!, BROKEN);
    supervisor.restart();
    const rolledBack = await waitFor(device, (d) => d.agent_update?.state === 'rolled-back', 'the broken build to be rolled back', log);
    expect(rolledBack.agent_update).toMatchObject({
      version: BROKEN,
      message: `${BROKEN} did not connect to the server in time; rolled back to ${V2}`,
    });
    expect(rolledBack.agent_version).toBe(V2);
    expect(await hashOf(program)).toBe(await hashOf(builds[V2]!));
    expect(supervisor.exits).toContain(1);
    expect(await readFile(join(configDir, 'update-watchdog.log'), 'utf8')).toMatch(/rolling back to 1\.0\.1/);

    // 3. A build signed by a key this machine did not pin (a server that is not the one it enrolled with).
    await supervisor.stop();
    const otherKey = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!;
    const stored = JSON.parse(await readFile(join(configDir, 'agent.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(
      join(configDir, 'agent.json'),
      JSON.stringify({ ...stored, releasePublicKey: Buffer.from(otherKey, 'base64url').toString('base64') }),
      {
        mode: 0o600,
      },
    );
    await serve(builds[V2]!, V4);
    supervisor.start();
    const refused = await waitFor(device, (d) => d.agent_update?.state === 'failed', 'the bad signature to be refused', log);
    expect(refused.agent_update).toMatchObject({ version: V4 });
    expect(refused.agent_update?.message).toMatch(/signature is not the pinned release key's/);
    expect(await hashOf(program)).toBe(await hashOf(builds[V2]!));
    expect((await device()).agent_version).toBe(V2);
    await expect(stat(join(home, 'loadout-agent.new'))).rejects.toThrow();
  }, 240_000);
});
