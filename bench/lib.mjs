// What the benchmarks share: the built server in a child process on a fresh database, an
// account made through the API as the web app makes one, and autocannon runs. Loopback only.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

import { buildServerIfStale, SERVER_BUNDLE } from '../scripts/server-build.mjs';

/** A port the system says is free now (a random guess could land on one in use and stop a CI run). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

export async function waitForHealth(url, deadline = Date.now() + 30_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not become healthy within 30 s`);
}

/**
 * What a benchmark's server runs with: loopback, a SQLite file and mail folder in `dir`, no seed
 * and no index (bench/catalogue-search.mjs has the whole catalogue, and startup.mjs `npm start`'s);
 * `env` on top. The log level is `npm start`'s (info, a line a request) unless LOG_LEVEL is set:
 * a budget measured with the log turned down would not hold as shipped.
 */
export function serverEnv(dir, port, env = {}) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(dir, 'loadout.db')}`,
    MAIL_DIR: join(dir, 'mail'),
    CATALOGUE_SEED_FILE: '',
    CATALOGUE_INDEX_DIR: '',
    CATALOGUE_SYNC_HOURS: '0',
    ...env,
  };
}

/**
 * `npm start`'s server bundle on a fresh SQLite database (or DATABASE_URL given), stopped and
 * removed by `stop()`. `nodeArgs`: e.g. ['--cpu-prof'] to see where a benchmark's time goes.
 */
export async function startLoadout(env = {}, nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)) {
  // BENCH_SERVER_BUNDLE: another build of the server (an older commit's, to measure a change before and after).
  const bundle = process.env.BENCH_SERVER_BUNDLE ?? SERVER_BUNDLE;
  if (bundle === SERVER_BUNDLE) await buildServerIfStale();
  const dir = mkdtempSync(join(tmpdir(), 'loadout-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, bundle], {
    env: serverEnv(dir, port, env),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url);
  return {
    url,
    pid: child.pid,
    /** The SQLite file it runs on (a DATABASE_URL given in `env` is not ours to name). */
    databasePath: env.DATABASE_URL ? null : join(dir, 'loadout.db'),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // SIGINT: a --cpu-prof run writes its profile on the way out.
        child.kill('SIGINT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One JSON call as the web app makes it; `from` is the client's address (X-Forwarded-For, for a
 * server behind TRUST_PROXY). A refusal (a 429 too) throws: a benchmark stops rather than retry.
 */
/** `form`: a FormData sent as multipart/form-data (fetch sets its content type and boundary). */
export async function call(url, path, { method = 'GET', body, form, token, deviceId, from, headers = {} } = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(deviceId ? { 'x-device-id': deviceId } : {}),
      ...(from ? { 'x-forwarded-for': from } : {}),
      ...headers,
    },
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Signs up, signs in and registers this "browser" as a device, as the web app does; answers what a request needs. */
export async function signedInBrowser(url) {
  const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
  const password = 'correct horse battery staple';
  await call(url, '/api/auth/register', {
    method: 'POST',
    body: {
      firstName: 'Bench',
      lastName: 'Mark',
      email,
      password,
      careerField: 'Engineering',
      dateOfBirth: '1990-05-17',
      agreeToTerms: true,
      receiveEmails: false,
    },
  });
  const { token } = await call(url, '/api/auth/login', { method: 'POST', body: { email, password } });
  const deviceId = `dev_${randomBytes(6).toString('hex')}`;
  await call(url, '/api/devices/register', {
    method: 'POST',
    token,
    deviceId,
    body: { deviceId, deviceName: 'Bench browser', platform: 'Linux x86_64' },
  });
  const as = (path, options = {}) => call(url, path, { token, deviceId, ...options });
  return { token, deviceId, email, password, call: as, headers: { authorization: `Bearer ${token}`, 'x-device-id': deviceId } };
}

/** CPU time (user + system) a process has used so far, in microseconds (Linux /proc). */
export function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * One autocannon run; answers requests per second (mean), the count of non-2xx answers and,
 * given the server's pid, its CPU time per request: steadier than requests per second on a
 * shared machine, since it does not count the time the server waited for a core.
 */
export async function load(url, { headers = {}, seconds = 8, connections = 50, pid } = {}) {
  const cpuBefore = pid ? cpuMicros(pid) : 0;
  const result = await autocannon({ url, headers, duration: seconds, connections, pipelining: 1 });
  const cpuUsPerRequest = pid ? (cpuMicros(pid) - cpuBefore) / Math.max(1, result.requests.total) : null;
  return {
    rps: result.requests.average,
    non2xx: result.non2xx + result.errors + result.timeouts,
    p99: result.latency.p99,
    cpuUsPerRequest,
  };
}

/** A table of rows (objects with the same keys), aligned, for the figures a benchmark prints last. */
export function printTable(rows) {
  const keys = Object.keys(rows[0] ?? {});
  const width = (key) => Math.max(key.length, ...rows.map((row) => String(row[key]).length));
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(width(keys[i]))).join('  ');
  console.log(line(keys));
  for (const row of rows) console.log(line(keys.map((key) => row[key])));
}

/** Run the server with this to have the seed catalogue (applied after `listen`: see `benchList`). */
export const SEED_CATALOGUE = { CATALOGUE_SEED_FILE: './resources/catalogue/seed.json' };

/** A new list of the browser's holding the first `apps` apps of the seed catalogue, once it has arrived. */
export async function benchList(browser, url, apps) {
  let catalogue = [];
  for (const deadline = Date.now() + 30_000; catalogue.length < apps; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (Date.now() > deadline) throw new Error('the seed catalogue did not arrive within 30 s');
    catalogue = await call(url, '/catalogue/apps');
  }
  const list = await browser.call('/api/lists', { method: 'POST', body: { name: 'Bench list' } });
  for (const app of catalogue.slice(0, apps))
    await browser.call(`/api/lists/${list.id}/items`, { method: 'POST', body: { appId: app.app_id } });
  return list;
}
