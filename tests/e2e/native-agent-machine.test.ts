import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { verifyReleaseSignature } from '@shared/agent/release-signature';
import type { AgentReleasesResponse } from '@shared/api/client';

import { buildAgentNativeIfStale, NATIVE_DIR } from '../../scripts/agent-native-build.mjs';
import { launchBrowser, screenshot } from './helpers/browser';
import { addAppsToCatalogue } from './helpers/catalogue-admin';
import { LocalAptRepo } from './helpers/local-apt-repo';
import { installedVersion, removePackages } from './helpers/machine';
import { startServer, type RunningServer } from './helpers/server';
import { createListWithApps, newPerson, see, signUp, storedToken } from './helpers/ui';

const PACKAGE = 'loadout-native-demo';
const APP = { name: 'Loadout Native Demo', apt: PACKAGE };
const VERSION = '1.0-1';
/** What the .deb and `install` put on the machine; `uninstall` and `dpkg --purge` must leave none of it. */
const DEB_PROGRAM = '/usr/lib/loadout-agent/loadout-agent';
const DEB_LINK = '/usr/bin/loadout-agent';
const UNIT = '/etc/systemd/system/loadout-agent.service';
const CONFIG_DIR = '/etc/loadout-agent';
const HOME_PROGRAM = '/usr/local/lib/loadout-agent/loadout-agent';
const HOME_LINK = '/usr/local/bin/loadout-agent';
const INSTALL_TIMEOUT_MS = 120_000;

const isRoot = process.getuid?.() === 0;
const LINUX_X64 = process.platform === 'linux' && process.arch === 'x64';

/**
 * Runs a program as a machine without Node.js would: in a mount namespace where /usr/bin/node
 * (this machine's Node, which PATH cannot leave out: it sits in /usr/bin) is /dev/null. Anything
 * that tried to start `node` fails. Asynchronous: the server runs in this process.
 */
function withoutNode(program: string, args: readonly string[]): Promise<{ code: number; output: string }> {
  const hide = 'mount --bind /dev/null /usr/bin/node && exec "$@"';
  return new Promise((resolve) => {
    execFile('unshare', ['--mount', 'sh', '-c', hide, 'sh', program, ...args], { encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** The words of the unit's ExecStart line, unquoted as systemd reads them (double quotes, backslash escapes). */
function execStartOf(unit: string): string[] {
  const line = unit.split('\n').find((each) => each.startsWith('ExecStart='));
  if (!line) throw new Error(`no ExecStart in the unit:\n${unit}`);
  return [...line.slice('ExecStart='.length).matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map(([, quoted, bare]) =>
    quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : bare!,
  );
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Connecting a Linux machine as its owner would, with nothing of Node.js on it: the .deb fetched
 * from the server and checked against the releases list, one `install` command with the
 * registration link, the agent running as its service would run it, a list installed through
 * real apt (a local repository the test builds), and `uninstall` plus `dpkg --purge` leaving
 * nothing behind. Then the bare program, installed into its own home and removed again.
 * Needs root and x64 Linux (CI is both). This machine is a container with no systemd as PID 1,
 * which `install` says: the test then starts the unit's ExecStart itself, as systemd would.
 */
describe.skipIf(!LINUX_X64 || (!isRoot && process.env.CI !== 'true'))('a Linux machine connected with the native agent, no Node.js', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let releases: AgentReleasesResponse;
  let service: ChildProcess | null = null;
  let serviceOutput = '';
  const repo = new LocalAptRepo(PACKAGE);
  const downloads = mkdtempSync(join(tmpdir(), 'loadout-native-e2e-'));
  let deviceId = '';

  const api = async (path: string, init: RequestInit = {}) => {
    const token = await storedToken(page, 'token');
    const response = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token ?? ''}`, 'content-type': 'application/json', ...init.headers },
    });
    return (await response.json()) as Record<string, unknown>;
  };
  /** A one-use registration link, as the Devices screen's token dialog gives one. */
  const registrationLink = async () => {
    const { token } = (await api('/api/device-tokens', { method: 'POST', body: JSON.stringify({ maxUses: 1 }) })) as {
      token: { code: string };
    };
    return `${server.url}/devices/enroll?code=${encodeURIComponent(token.code)}`;
  };
  const download = async (build: AgentReleasesResponse['builds'][number], file: string) => {
    const response = await fetch(build.url);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    // What a careful owner checks before running it as root: the hash the server lists, and its signature.
    expect(sha256(bytes)).toBe(build.sha256);
    expect(response.headers.get('x-checksum-sha256')).toBe(build.sha256);
    expect(
      verifyReleaseSignature({
        publicKey: releases.publicKey,
        signature: build.signature,
        platform: build.platform,
        arch: build.arch,
        format: build.format,
        version: releases.version,
        sha256: build.sha256,
      }),
    ).toBe(true);
    const path = join(downloads, file);
    writeFileSync(path, bytes);
    return path;
  };
  const stopService = async () => {
    const child = service;
    service = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };

  beforeAll(async () => {
    if (!isRoot) throw new Error('This test installs the agent and a package with dpkg and apt and must run as root (CI does).');
    for (const leftover of [DEB_LINK, UNIT, CONFIG_DIR, HOME_PROGRAM, HOME_LINK]) {
      if (existsSync(leftover)) throw new Error(`${leftover} exists: a run before this one did not clean up`);
    }
    if (installedVersion(PACKAGE) !== null) throw new Error(`${PACKAGE} is installed already: a run before this one did not clean up`);
    await buildAgentNativeIfStale({ targets: ['linux-x64'] });
    repo.publish(repo.build(VERSION));
    server = await startServer({ CATALOGUE_SEED_FILE: '', AGENT_NATIVE_DIR: NATIVE_DIR });
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
  }, 300_000);
  afterAll(async () => {
    await stopService();
    // Whatever a failed step left: the machine is put back as it was.
    if (existsSync(DEB_LINK) || existsSync(HOME_LINK))
      await withoutNode(existsSync(DEB_LINK) ? DEB_LINK : HOME_LINK, ['uninstall', '--force']);
    await promisify(execFile)('dpkg', ['--purge', 'loadout-agent']).catch(() => undefined);
    rmSync(UNIT, { force: true });
    rmSync(CONFIG_DIR, { recursive: true, force: true });
    rmSync(HOME_PROGRAM, { force: true });
    rmSync(HOME_LINK, { force: true });
    if (installedVersion(PACKAGE) !== null) removePackages([PACKAGE]);
    repo.remove();
    rmSync(downloads, { recursive: true, force: true });
    await browser?.close();
    await server?.stop();
  });

  it('downloads the .deb, checks its hash and signature against the releases list, and installs it with dpkg', async () => {
    // The first account is the admin: it adds the app to the catalogue, then uses it like anyone.
    await signUp(page, server.url, newPerson('native-user'));
    await addAppsToCatalogue(page, server.url, 'Utilities', [APP]);
    await createListWithApps(page, server.url, 'Native machine', [APP.name]);

    releases = (await (await fetch(`${server.url}/api/client/agent/releases`)).json()) as AgentReleasesResponse;
    const deb = releases.builds.find((build) => build.platform === 'linux' && build.arch === 'x64' && build.format === 'deb');
    expect(deb, JSON.stringify(releases.builds)).toBeDefined();
    const file = await download(deb!, 'loadout-agent-linux-x64.deb');
    chmodSync(downloads, 0o755);
    const installed = await promisify(execFile)('dpkg', ['-i', file], { encoding: 'utf8' });
    expect(installed.stdout + installed.stderr).toContain('loadout-agent install');
    expect(existsSync(DEB_PROGRAM)).toBe(true);
    expect((await withoutNode(DEB_LINK, ['--version'])).output.trim()).toBe(releases.version);
  });

  it(
    'connects the machine with one command as root; run as its service runs it, with no Node.js, it comes online',
    async () => {
      const link = await registrationLink();
      const install = await withoutNode(DEB_LINK, ['install', link, '--name', 'native-machine']);
      expect(install.code, install.output).toBe(0);
      // The .deb's program is used where it is: apt upgrades it, nothing copies it elsewhere.
      expect(existsSync(HOME_PROGRAM)).toBe(false);
      expect(install.output).not.toContain(link.split('code=')[1]);
      const config = JSON.parse(readFileSync(join(CONFIG_DIR, 'agent.json'), 'utf8')) as { releasePublicKey?: string };
      expect(config.releasePublicKey).toBe(releases.publicKey);

      // The owner watches the Devices screen while the machine starts its agent: it turns online live.
      await page.goto(`${server.url}/devices`);
      const machine = page.getByRole('article', { name: 'native-machine' });
      await machine.getByText('Offline').first().waitFor();
      const command = execStartOf(readFileSync(UNIT, 'utf8'));
      expect(command[0]).toBe(DEB_PROGRAM);
      const hide = 'mount --bind /dev/null /usr/bin/node && exec "$@"';
      service = spawn('unshare', ['--mount', 'sh', '-c', hide, 'sh', ...command], { stdio: ['ignore', 'pipe', 'pipe'] });
      service.stdout?.on('data', (chunk: Buffer) => (serviceOutput += chunk.toString()));
      service.stderr?.on('data', (chunk: Buffer) => (serviceOutput += chunk.toString()));

      const online = async () => {
        const { devices } = (await api('/api/devices')) as { devices: { device_name: string; connection_status: string }[] };
        return devices.find((device) => device.device_name === 'native-machine')?.connection_status;
      };
      await expect.poll(online, { timeout: 60_000, message: serviceOutput }).toBe('online');
      await machine.getByText('Agent online').waitFor({ timeout: 10_000 });
      await screenshot(page, '90-native-agent-online');
      const devices = (await api('/api/devices')) as { devices: { device_id: string; device_name: string }[] };
      deviceId = devices.devices.find((device) => device.device_name === 'native-machine')?.device_id ?? '';
      expect(deviceId, serviceOutput).not.toBe('');
    },
    INSTALL_TIMEOUT_MS,
  );

  it(
    'installs a list through apt, and dpkg confirms it',
    async () => {
      await page.goto(`${server.url}/app-list`);
      await page.getByRole('region', { name: 'Native machine' }).getByRole('button', { name: 'Install', exact: true }).click();
      const select = page.getByRole('dialog', { name: 'Select Installation Device' });
      // The only machine comes chosen already: check() leaves a chosen one chosen.
      await select
        .getByRole('checkbox', { name: 'native-machine' })
        .or(select.getByRole('radio', { name: 'native-machine' }))
        .first()
        .check();
      await select.getByRole('button', { name: 'Install to native-machine' }).click();
      const review = page.getByRole('dialog', { name: 'Review Installation' });
      await review.getByRole('button', { name: 'Install to native-machine' }).click();
      await page.waitForURL('**/installations/*');
      const grid = page.getByRole('table', { name: 'Apps on each device' });
      await grid.getByRole('row').filter({ hasText: APP.name }).getByText('Installed').first().waitFor({ timeout: INSTALL_TIMEOUT_MS });
      await see(page, 'Succeeded');
      expect(installedVersion(PACKAGE), serviceOutput).toBe(VERSION);
    },
    INSTALL_TIMEOUT_MS + 30_000,
  );

  it('uninstall, then dpkg --purge, leave nothing behind; the server no longer lists the machine as active', async () => {
    await stopService();
    const uninstall = await withoutNode(DEB_LINK, ['uninstall']);
    expect(uninstall.code, uninstall.output).toBe(0);
    for (const path of [UNIT, CONFIG_DIR, HOME_PROGRAM, HOME_LINK]) expect(existsSync(path), path).toBe(false);
    await promisify(execFile)('dpkg', ['--purge', 'loadout-agent']);
    for (const path of [DEB_PROGRAM, DEB_LINK, '/usr/lib/loadout-agent']) expect(existsSync(path), path).toBe(false);
    const devices = (await api('/api/devices')) as { devices: { device_id: string; is_active?: boolean }[] };
    expect(devices.devices.filter((device) => device.device_id === deviceId && device.is_active !== false)).toEqual([]);
  });

  it('the bare program installs itself into its home with a link on PATH, and uninstalls to nothing', async () => {
    const exe = releases.builds.find((build) => build.platform === 'linux' && build.arch === 'x64' && build.format === 'exe');
    const file = await download(exe!, 'loadout-agent-linux-x64');
    chmodSync(file, 0o755);
    const install = await withoutNode(file, ['install', await registrationLink(), '--name', 'native-machine-2']);
    expect(install.code, install.output).toBe(0);
    expect(readFileSync(HOME_PROGRAM).equals(readFileSync(file))).toBe(true);
    expect((await withoutNode(HOME_LINK, ['--version'])).output.trim()).toBe(releases.version);
    // The service runs the program from its home, not from the download folder (which a clean-up may empty).
    expect(execStartOf(readFileSync(UNIT, 'utf8'))[0]).toBe(HOME_PROGRAM);

    const uninstall = await withoutNode(HOME_LINK, ['uninstall']);
    expect(uninstall.code, uninstall.output).toBe(0);
    for (const path of [UNIT, CONFIG_DIR, HOME_PROGRAM, HOME_LINK, '/usr/local/lib/loadout-agent'])
      expect(existsSync(path), path).toBe(false);
  });
});
