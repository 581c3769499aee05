// `npm start` as a newcomer runs it: with the machine's own Node (Debian's 20), on a fresh data
// folder. It must move onto the pinned Node by itself, serve the web app and the API, stop
// cleanly, and say in one line why when the server process dies.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { PINNED_NODE_LINE, PINNED_NODE_VERSION } from '../../scripts/pinned-node.mjs';

const SYSTEM_NODE = '/usr/bin/node';
const systemNodeVersion = existsSync(SYSTEM_NODE)
  ? execFileSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()
  : null;
const skipReason =
  systemNodeVersion === null
    ? `no ${SYSTEM_NODE} on this machine`
    : systemNodeVersion.split('.')[0] === PINNED_NODE_LINE
      ? `${SYSTEM_NODE} is already Node.js ${systemNodeVersion}, the pinned line`
      : null;
const LINUX_X64 = process.platform === 'linux' && process.arch === 'x64';
/** Waiting for the builds npm start may make first (web app, server bundle) and the start itself. */
const START_LIMIT_MS = 90_000;

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  errors: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function start(dataDir: string, port: number): Started {
  let out = '';
  let err = '';
  const child = spawn(SYSTEM_NODE, ['scripts/start.mjs'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dataDir, 'loadout.db')}`,
      DATA_DIR: dataDir,
      // The native agent's background build is tested by itself (agent-native-build-status.test.ts).
      LOADOUT_AGENT_NATIVE_BUILD: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: the wrapper, the pinned Node it runs again on and the server
    // are ended together after each test, even when a test failed before stopping them.
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, output: () => out, errors: () => err, exited };
}

/** Polls until the server answers /api/health, or the start ends or runs out of time (then says what it printed). */
async function untilServing(started: Started): Promise<void> {
  const deadline = Date.now() + START_LIMIT_MS;
  let ended = false;
  void started.exited.then(() => (ended = true));
  while (Date.now() < deadline && !ended) {
    const ok = await fetch(`http://127.0.0.1:${started.port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`npm start did not serve on ${started.port}:\n${started.errors()}\n${started.output().slice(-2000)}`);
}

/**
 * The server process's id, from its JSON log lines (stdout is not a terminal here). The log is
 * written asynchronously: its first line may reach this pipe after /api/health has answered, so
 * it is waited for (a busy machine took longer than the health check).
 */
async function serverPid(started: Started): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const match = /"pid":(\d+)/.exec(started.output());
    if (match) return Number(match[1]);
    if (Date.now() > deadline) throw new Error(`no pid in the server's log:\n${started.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(skipReason !== null || !LINUX_X64)(`npm start with the machine's own Node (${systemNodeVersion ?? 'none'})`, () => {
  let dataDir: string;
  let running: Started | null = null;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'loadout-start-'));
  });
  afterEach(async () => {
    const pid = running?.child.pid;
    if (running && pid !== undefined) {
      // The whole group: killing only the wrapper left the server running, holding its port.
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Every process of the group has ended already.
      }
      await running.exited;
    }
    running = null;
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('moves onto the pinned Node in one line, serves the web app and the API, and stops cleanly', async () => {
    running = start(dataDir, await freePort());
    await untilServing(running);
    const lines = running.errors().split('\n');
    expect(lines.filter((line) => line.includes('using the pinned'))).toEqual([
      expect.stringMatching(new RegExp(`^This machine has Node\\.js v${systemNodeVersion}; using the pinned ${PINNED_NODE_VERSION} from `)),
    ]);

    const health = (await (await fetch(`http://127.0.0.1:${running.port}/api/health`)).json()) as { status: string; database: string };
    expect(health).toMatchObject({ status: 'ok', database: 'sqlite' });
    const page = await fetch(`http://127.0.0.1:${running.port}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toMatch(/<div id="root">/);

    // Ctrl-C in a terminal, or a service manager's stop: passed on, a clean exit, nothing to report.
    running.child.kill('SIGINT');
    expect(await running.exited).toEqual({ code: 0, signal: null });
    expect(running.errors()).not.toMatch(/The server (stopped|could not|exited)/);
  });

  it('says in one line that the server crashed, and with what, when it dies of a segmentation fault', async () => {
    running = start(dataDir, await freePort());
    await untilServing(running);
    process.kill(await serverPid(running), 'SIGSEGV');
    const { code } = await running.exited;
    expect(code).toBe(128 + 11);
    expect(running.errors()).toContain(
      `The server stopped: SIGSEGV, a segmentation fault: Node.js or a native module (better-sqlite3, sharp, argon2) crashed (Node.js v${PINNED_NODE_VERSION}).`,
    );
  });

  it('says why when the server cannot start: the port is taken', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      running = start(dataDir, port);
      expect((await running.exited).code).toBe(1);
      expect(running.errors()).toContain(
        `Loadout could not listen on 127.0.0.1:${port} (EADDRINUSE): another program uses that port; set PORT to a free one`,
      );
      expect(running.errors()).toContain('The server could not start (exit code 1): the message above says why.');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe.skipIf(skipReason !== null || LINUX_X64)(`npm start with the machine's own Node where the pinned one cannot be fetched`, () => {
  it('stops with one line naming the version to install', () => {
    let stderr = '';
    try {
      execFileSync(SYSTEM_NODE, ['scripts/start.mjs'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      stderr = String((error as { stderr?: string }).stderr);
    }
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^Loadout runs on Node\\.js ${PINNED_NODE_LINE}; this is v`)),
    ]);
  });
});

describe.runIf(skipReason !== null)("npm start with the machine's own Node", () => {
  it.skip(`is not tried: ${skipReason}`, () => undefined);
});
