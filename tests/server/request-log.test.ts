import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildServerIfStale, SERVER_BUNDLE } from '../../scripts/server-build.mjs';
import { createTestDatabase, type TestDatabase } from '../fixtures/test-database';
import { adminBrowser } from './helpers/devices';
import { createTestApp, type TestApp } from './helpers/test-app';

type LogLine = Record<string, unknown>;
const linesOf = (text: string): LogLine[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/** A free loopback port for the server process. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('the request log', () => {
  let t: TestApp;
  let log = '';

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    t = await createTestApp({ logStream: stream });
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes one line a request: method, address without query values, status and time', async () => {
    const browser = await adminBrowser(t);
    log = '';
    expect((await t.api.get('/api/devices?search=secret-looking-value', browser.token)).status).toBe(200);
    expect((await t.api.get('/api/no-such-route')).status).toBe(404);

    const lines = linesOf(log).filter((line) => line.msg === 'request');
    expect(lines.map(({ method, url, status }) => ({ method, url, status }))).toEqual([
      { method: 'GET', url: '/api/devices?search=[removed]', status: 200 },
      { method: 'GET', url: '/api/no-such-route', status: 404 },
    ]);
    expect(typeof lines[0]?.ms).toBe('number');
    expect(typeof lines[0]?.reqId).toBe('string');
    expect(log).not.toContain('incoming request');
    expect(log).not.toContain('request completed');
    expect(log).not.toContain('secret-looking-value');
  });
});

describe("npm start's log", () => {
  let database: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    await buildServerIfStale();
    database = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'loadout-request-log-'));
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses no line when the server shuts down, though it writes them in batches', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [SERVER_BUNDLE], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
        WEB_DIR: '/nonexistent-web-dir',
        MAIL_DIR: join(dir, 'mail'),
        DATA_DIR: dir,
        CATALOGUE_SEED_FILE: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const url = `http://127.0.0.1:${port}`;
    let up = false;
    for (let attempt = 0; attempt < 200 && !up && child.exitCode === null; attempt += 1) {
      up = await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (!up) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(up).toBe(true);
    for (const n of [1, 2, 3]) expect((await fetch(`${url}/api/no-such-route-${n}`)).status).toBe(404);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const lines = linesOf(output);
    expect(
      lines.filter((line) => typeof line.url === 'string' && line.url.startsWith('/api/no-such-route-')).map((line) => line.url),
    ).toEqual(['/api/no-such-route-1', '/api/no-such-route-2', '/api/no-such-route-3']);
    expect(lines.some((line) => line.msg === 'shutting down')).toBe(true);
  });
});
