import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';

import { screenshot } from './browser';
import { field } from './ui';

/** What dpkg says of a package on this machine: its version when installed, held or not ("hold ok installed"), else null. */
export function installedVersion(name: string): string | null {
  try {
    const out = execFileSync('dpkg-query', ['-W', '-f=${Status}\t${Version}', name], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const [status, version] = out.split('\t');
    return status?.split(' ')[2] === 'installed' ? (version ?? '') : null;
  } catch {
    return null;
  }
}

/** Removes packages a test installed (never ones the machine had before it). */
export function removePackages(names: readonly string[]): void {
  if (names.length === 0) return;
  execFileSync('apt-get', ['remove', '-y', '-q', ...names], {
    stdio: 'ignore',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** Puts back packages the machine had before a test removed them. */
export function installPackages(names: readonly string[]): void {
  if (names.length === 0) return;
  execFileSync('apt-get', ['install', '-y', '-q', ...names], {
    stdio: 'ignore',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/**
 * This machine as a person sets it up from the Devices screen's commands: the agent file
 * fetched from the server (as curl would), enrolled with the registration link, then run.
 */
export class HeadlessAgent {
  readonly dir = mkdtempSync(join(tmpdir(), 'loadout-agent-e2e-'));
  private readonly file = join(this.dir, 'loadout-agent.mjs');
  private process: ChildProcess | null = null;
  output = '';

  /** `node`: the Node.js that runs the agent file (this test's own by default). */
  constructor(private readonly node = process.execPath) {}

  async download(serverUrl: string): Promise<void> {
    const response = await fetch(`${serverUrl}/api/client/agent`);
    if (!response.ok) throw new Error(`GET /api/client/agent answered ${response.status}`);
    writeFileSync(this.file, Buffer.from(await response.arrayBuffer()));
  }

  /** Asynchronous: the server runs in this very process and must keep answering meanwhile. */
  async enroll(link: string): Promise<string> {
    const { stdout } = await promisify(execFile)(
      this.node,
      [this.file, 'enroll', link, '--name', 'e2e-machine', '--config-dir', join(this.dir, 'config')],
      {
        encoding: 'utf8',
      },
    );
    return stdout;
  }

  /** `extra`: more `run` options, e.g. `--installer simulated` to leave this machine untouched. */
  run(extra: readonly string[] = []): void {
    const child = spawn(this.node, [this.file, 'run', '--config-dir', join(this.dir, 'config'), ...extra], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.process = child;
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Another machine of this host, with the native agent (no Node.js), in its own folder: the Linux
 * program fetched from the server, enrolled with a registration link and run. `seed` makes its
 * hardware fingerprint its own, so that the account sees a second machine, not this one again.
 */
export class NativeAgent {
  readonly dir = mkdtempSync(join(tmpdir(), 'loadout-native-agent-e2e-'));
  private readonly file = join(this.dir, 'loadout-agent');
  private process: ChildProcess | null = null;
  output = '';

  constructor(
    readonly name: string,
    private readonly seed: string,
  ) {}

  private get env(): NodeJS.ProcessEnv {
    return { ...process.env, LOADOUT_AGENT_MACHINE_SEED: this.seed };
  }

  async download(serverUrl: string): Promise<void> {
    const response = await fetch(`${serverUrl}/api/client/agent/linux/x64`);
    if (!response.ok) throw new Error(`GET /api/client/agent/linux/x64 answered ${response.status}`);
    writeFileSync(this.file, Buffer.from(await response.arrayBuffer()), { mode: 0o755 });
  }

  async enroll(link: string): Promise<string> {
    const { stdout } = await promisify(execFile)(
      this.file,
      ['enroll', link, '--name', this.name, '--config-dir', join(this.dir, 'config')],
      {
        encoding: 'utf8',
        env: this.env,
      },
    );
    return stdout;
  }

  run(extra: readonly string[] = []): void {
    const child = spawn(this.file, ['run', '--config-dir', join(this.dir, 'config'), ...extra], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: this.env,
    });
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.process = child;
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * The Devices screen's way of adding a machine, as a person does it: generate a one-use token,
 * copy the command, then on the machine download the agent, enrol with the link and run it.
 * Waits until the card says Online and answers the device's id.
 */
export async function enrolThisMachine(
  page: Page,
  baseUrl: string,
  agent: HeadlessAgent,
  screenshotName?: string,
  runArgs: readonly string[] = [],
): Promise<string> {
  await page.goto(`${baseUrl}/devices`);
  await page.getByRole('button', { name: 'Generate Token' }).click();
  const generate = page.getByRole('dialog', { name: 'Generate Registration Token' });
  await field(generate, 'Max Uses').fill('1');
  await generate.getByRole('button', { name: 'Generate' }).click();
  // The one-file agent for machines that have Node.js is under "Other ways": a person opens it,
  // then copies the commands, with the registration link in them.
  const generated = page.getByRole('dialog', { name: 'Registration Token Generated' });
  await generated.getByRole('button', { name: 'Other ways' }).click();
  const command = generated.getByText(/node loadout-agent\.mjs enroll "/).first();
  await command.waitFor();
  if (screenshotName) await screenshot(page, screenshotName);
  const link = /enroll "([^"]+)"/.exec((await command.textContent()) ?? '')?.[1] ?? '';
  if (!link.includes('/devices/enroll?code=')) throw new Error(`No registration link in the command: ${link}`);

  await agent.download(baseUrl);
  const enrolled = await agent.enroll(link);
  if (!enrolled.includes('e2e-machine')) throw new Error(`The agent did not enrol: ${enrolled}`);
  agent.run(runArgs);
  await page.keyboard.press('Escape');
  const machine = page.getByRole('article', { name: 'e2e-machine' });
  await machine.waitFor({ timeout: 45_000 });
  await machine.getByText('Online').first().waitFor({ timeout: 30_000 });
  const devices = await page.evaluate(async () => {
    const res = await fetch('/api/devices', { headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
    return (await res.json()) as { devices: Array<{ device_id: string; device_name: string }> };
  });
  return devices.devices.find((device) => device.device_name === 'e2e-machine')?.device_id ?? '';
}
