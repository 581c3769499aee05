// docs/delivery.md under faults: the server is killed with SIGKILL while installations run, an
// agent now and then too, the network between them cuts connections mid-frame and stalls, a
// second agent is started on a machine's folder, and afterwards every delivery invariant is counted.
//
// How: the built server in a child process on a fresh SQLite database (or, with
// FAULTS_DATABASE_URL=postgres://…, on a fresh schema of that PostgreSQL, dropped after), with the
// seeded catalogue, on a fixed loopback port below the kernel's ephemeral range so it can be
// restarted on the same address. A person signs up, buys Annual Premium in the payment sandbox
// (10 machine seats), makes a list of FAULTS_APPS apt apps and a registration token; FAULTS_MACHINES
// machines enrol with the REAL agent (`dist/agent/loadout-agent.mjs enroll`), each in its own
// folder, and run it (`run --installer simulated --simulate-delay-ms FAULTS_DELAY_MS`): the
// simulated installer installs nothing but remembers what it installed in its folder. The list
// also holds FAULTS_FAIL_APPS apps whose package the simulated installer fails (`fail-…`, added to
// the catalogue by the person, made an admin), so failures travel the same paths as successes.
// The agents reach the server through a proxy (faults-proxy.mjs) that the rounds make misbehave.
// Each of FAULTS_ROUNDS rounds: the agents are stopped, their simulated installs forgotten, and
// started again (so every app is a fresh install); the list is installed onto every machine
// (POST /api/installations, Idempotency-Key); at a random moment of the installs the server is
// killed (SIGKILL), and in some rounds one agent is killed too (SIGKILL) and started again on the
// same folder; in FAULTS_PROXY_SHARE of the rounds the proxy also cuts every connection mid-frame
// or stalls it (then delivers or cuts) at another random moment; in FAULTS_DUPLICATE_SHARE of them
// a second agent process is started on one machine's folder (it must exit 75 at once, refused by the
// folder's lock); the server is started again on the same database and port; the round waits (at
// most FAULTS_ROUND_WAIT_MS) for the installation to end, then reads the database directly.
// Counted (every one should be 0):
//   - acknowledged installations lost: answered 201, missing afterwards (API or database);
//   - installations that did not end within the wait;
//   - items final but wrong: 'succeeded' or 'skipped' for an app the agent's simulated-installs.json
//     does not have, or 'failed' for one it has; items not final at all;
//   - finished items whose update_history rows are not exactly one;
//   - apps installed twice: more than one 'succeeded' history row for one app on one machine in one
//     installation;
//   - second agents not refused: a second process on a machine's folder that did not exit 75;
//   - card payments unreconciled: each round a payment is confirmed in the sandbox as the server is
//     killed, and nobody comes back for it; after the rounds the open ones are made older than the
//     sweep's grace and the server restarted, and within FAULTS_PAYMENT_WAIT_MS a payment the
//     sandbox charged must be recorded paid and its plan given, by the server alone.
// Prints the figures last; exits 1 when a count is not 0, unless BENCH_NO_FAIL=1.
// Loopback only; bounded (FAULTS_LIMIT_MS, default 20 min), and every child is killed on the way out.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

import { AGENT_BUNDLE, buildAgentIfStale } from '../scripts/agent-build.mjs';
import { buildServerIfStale, SERVER_BUNDLE } from '../scripts/server-build.mjs';
import { startFaultyProxy } from './faults-proxy.mjs';
import { bounded, portOutsideEphemeralRange, seededApps, until } from './fleet.mjs';
import { call, printTable, serverEnv, waitForHealth } from './lib.mjs';

const ROUNDS = Number(process.env.FAULTS_ROUNDS ?? 30);
const MACHINES = Number(process.env.FAULTS_MACHINES ?? 5);
const APPS = Number(process.env.FAULTS_APPS ?? 4);
const DELAY_MS = Number(process.env.FAULTS_DELAY_MS ?? 300);
const ROUND_WAIT_MS = Number(process.env.FAULTS_ROUND_WAIT_MS ?? 60_000);
const LIMIT_MS = Number(process.env.FAULTS_LIMIT_MS ?? 20 * 60_000);
/** In this share of the rounds one agent is killed and started again too. */
const AGENT_KILL_SHARE = Number(process.env.FAULTS_AGENT_KILL_SHARE ?? 0.4);
const PROXY_SHARE = Number(process.env.FAULTS_PROXY_SHARE ?? 0.5);
const DUPLICATE_SHARE = Number(process.env.FAULTS_DUPLICATE_SHARE ?? 0.3);
const FAIL_APPS = Number(process.env.FAULTS_FAIL_APPS ?? 1);
/**
 * How far back the open payments are moved: well past the sweep's grace (two minutes, the
 * server's SETTLE_AFTER_MS) and well within the week it looks back over.
 */
const PAYMENT_BACKDATE_MS = 60 * 60_000;
/** How long the payments may take to reconcile once made older than the grace: the sweep at start, or a scheduler minute. */
const PAYMENT_SETTLE_WAIT_MS = Number(process.env.FAULTS_PAYMENT_WAIT_MS ?? 75_000);
/** The agent's exit code when another process holds its folder's lock. */
const EXIT_LOCKED = 75;
const DATABASE_URL = process.env.FAULTS_DATABASE_URL ?? '';
const SEED = { CATALOGUE_SEED_FILE: './resources/catalogue/seed.json' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const gone = (child) => child.exitCode !== null || child.signalCode !== null;
const exitOf = (child) => (gone(child) ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve)));

/** SIGTERM, then SIGKILL after `graceMs`; answers once the process is gone. */
async function stopChild(child, signal = 'SIGTERM', graceMs = 10_000) {
  if (!child || gone(child)) return;
  const exited = exitOf(child);
  child.kill(signal);
  const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(killer);
}

/** The database the server runs on, read directly: SQLite (better-sqlite3) or PostgreSQL (pg, on the schema). */
async function openDatabase(defer, dir) {
  if (!DATABASE_URL) {
    let db = null;
    defer(() => db?.close());
    return {
      env: {},
      async all(sql, params = []) {
        // Opened once the server has made the file; read-only, beside the server's WAL writes.
        db ??= new Database(join(dir, 'loadout.db'), { readonly: true, fileMustExist: true });
        return db.prepare(sql).all(...params);
      },
      /** A write, made while the server is stopped (the reads above stay read-only). */
      async run(sql, params = []) {
        const writer = new Database(join(dir, 'loadout.db'), { fileMustExist: true });
        try {
          writer.prepare(sql).run(...params);
        } finally {
          writer.close();
        }
      },
    };
  }
  const schema = `faults_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  defer(async () => {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });
  await client.query(`SET search_path TO ${schema}`);
  const url = new URL(DATABASE_URL);
  url.searchParams.set('schema', schema);
  return {
    env: { DATABASE_URL: url.toString() },
    async all(sql, params = []) {
      let n = 0;
      const text = sql.replace(/\?/g, () => `$${(n += 1)}`);
      return (await client.query(text, params)).rows;
    },
    async run(sql, params = []) {
      await this.all(sql, params);
    },
  };
}

/**
 * The proxy misbehaves once, after `afterMs` and once agents are connected through it (the
 * server's restart may have cut them just before): every connection cut mid-frame, or stalled
 * (then delivered or cut). Answers how many connections it hit.
 */
async function misbehave(proxy, afterMs) {
  await sleep(afterMs);
  await until(() => proxy.connections > 0, { timeoutMs: 15_000, everyMs: 50 });
  const hit = proxy.connections;
  const kind = Math.random();
  if (kind < 0.5) proxy.cutMidFrame();
  else proxy.stall(1_000 + Math.random() * 2_000, { thenCut: kind < 0.75 });
  return hit;
}

/**
 * Apps whose apt package the simulated installer fails (`fail-…`), added to the catalogue by the
 * person (an admin on this server), with a one-pixel SVG as the icon the form requires.
 */
async function addFailingApps(as, count) {
  if (count === 0) return [];
  const category = await as('/catalogue/categories', {
    method: 'POST',
    body: { category_name: `Faults ${randomBytes(3).toString('hex')}` },
  });
  const apps = [];
  for (let i = 1; i <= count; i += 1) {
    const form = new FormData();
    const fields = {
      name: `Failing ${i} ${randomBytes(3).toString('hex')}`,
      category: String(category.category_id),
      description: 'Fails to install, on purpose.',
      website: 'https://example.com/',
      file_size_kb: '100',
      apt_package: `fail-faults-${i}`,
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(
      'icon',
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'], { type: 'image/svg+xml' }),
      'icon.svg',
    );
    apps.push(await as('/catalogue/apps', { method: 'POST', form }));
  }
  return apps;
}

const figures = await bounded(LIMIT_MS, async (defer) => {
  await buildServerIfStale();
  await buildAgentIfStale();
  const dir = mkdtempSync(join(tmpdir(), 'loadout-faults-'));
  defer(() => rmSync(dir, { recursive: true, force: true }));
  const db = await openDatabase(defer, dir);

  // The server, killed and started again on the same port and database.
  const port = portOutsideEphemeralRange();
  const url = `http://127.0.0.1:${port}`;
  const email = `faults-${randomBytes(4).toString('hex')}@example.test`;
  const env = {
    ...serverEnv(dir, port, { ...SEED, ...db.env, ADMIN_EMAILS: email }),
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  // What the agents connect to: the server, through a network that the rounds make misbehave.
  const proxy = await startFaultyProxy(port);
  defer(() => proxy.close());
  const agentUrl = `http://127.0.0.1:${proxy.port}`;
  let server = null;
  const startServer = async () => {
    server = spawn(process.execPath, [SERVER_BUNDLE], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    await waitForHealth(url, Date.now() + 60_000);
  };
  defer(
    () => stopChild(server, 'SIGINT', 15_000),
    () => server?.pid,
  );
  await startServer();

  // The person: signed up, Annual Premium (10 seats), a list of apt apps, a registration token.
  const password = 'correct horse battery staple';
  await call(url, '/api/auth/register', {
    method: 'POST',
    body: {
      firstName: 'Fault',
      lastName: 'Injector',
      email,
      password,
      careerField: 'Engineering',
      dateOfBirth: '1990-05-17',
      agreeToTerms: true,
      receiveEmails: false,
    },
  });
  const session = { refreshToken: null, token: null };
  Object.assign(session, await call(url, '/api/auth/login', { method: 'POST', body: { email, password } }));
  const browserId = `dev_${randomBytes(6).toString('hex')}`;
  const as = async (path, options = {}) => {
    try {
      return await call(url, path, { token: session.token, deviceId: browserId, ...options });
    } catch (error) {
      if (!String(error).includes('answered 401')) throw error;
      Object.assign(session, await call(url, '/api/auth/refresh', { method: 'POST', body: { refreshToken: session.refreshToken } }));
      return call(url, path, { token: session.token, deviceId: browserId, ...options });
    }
  };
  await as('/api/devices/register', { method: 'POST', body: { deviceId: browserId, deviceName: 'Phone', platform: 'iPhone' } });
  const intent = await as('/api/payment/create-payment-intent', { method: 'POST', body: { plan: 'annual_premium' } });
  await as('/api/payment/sandbox/confirm', {
    method: 'POST',
    body: { clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', billingEmail: email },
  });
  await as('/api/payment/verify', { method: 'POST', body: { paymentIntentId: intent.paymentIntentId, planType: 'annual_premium' } });

  const aptApps = (await seededApps(url)).filter((app) => app.apt_package).slice(0, APPS);
  if (aptApps.length < APPS) throw new Error(`the seeded catalogue has only ${aptApps.length} apt apps`);
  const failing = await addFailingApps(as, FAIL_APPS);
  const listed = [...aptApps, ...failing];
  const aptOf = new Map(listed.map((app) => [Number(app.app_id), app.apt_package.trim()]));
  const list = await as('/api/lists', { method: 'POST', body: { name: 'Faults' } });
  for (const app of listed) await as(`/api/lists/${list.id}/items`, { method: 'POST', body: { appId: app.app_id } });
  const { token } = await as('/api/device-tokens', { method: 'POST', body: { maxUses: MACHINES } });

  // The machines: the real agent, enrolled and run each in its own folder.
  const machines = [];
  // The agents' own output, kept for a look when something went wrong (FAULTS_AGENT_LOG=path).
  const agentLog = openSync(process.env.FAULTS_AGENT_LOG ?? join(dir, 'agents.log'), 'a');
  for (let m = 0; m < MACHINES; m += 1) {
    const folder = join(dir, `machine-${m}`);
    const enrol = spawn(
      process.execPath,
      [AGENT_BUNDLE, 'enroll', '--server', agentUrl, '--code', token.code, '--name', `machine-${m}`, '--config-dir', folder],
      // One host playing several machines: each its own hardware seed, or the server would take them for one machine enrolling again.
      { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LOADOUT_AGENT_MACHINE_SEED: `faults-machine-${m}` } },
    );
    let stderr = '';
    enrol.stderr.on('data', (chunk) => (stderr += chunk));
    const [code] = await new Promise((resolve) => enrol.once('exit', (...args) => resolve(args)));
    if (code !== 0) throw new Error(`agent enroll of machine-${m} exited ${code}: ${stderr.slice(0, 300)}`);
    machines.push({ name: `machine-${m}`, folder, child: null });
  }
  const startAgent = (machine) => {
    machine.child = spawn(
      process.execPath,
      [AGENT_BUNDLE, 'run', '--installer', 'simulated', '--simulate-delay-ms', String(DELAY_MS), '--config-dir', machine.folder],
      { stdio: ['ignore', agentLog, agentLog] },
    );
  };
  // A second process on a machine's folder (a service and a hand-started agent, say): refused by
  // the folder's lock at once. Answers its exit code (null when it had to be killed).
  const secondAgent = (machine) => {
    const child = spawn(process.execPath, [AGENT_BUNDLE, 'run', '--installer', 'simulated', '--config-dir', machine.folder], {
      stdio: ['ignore', agentLog, agentLog],
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    return new Promise((resolve) =>
      child.once('exit', (code) => {
        clearTimeout(killer);
        resolve(code);
      }),
    );
  };
  for (const machine of machines) {
    defer(
      () => stopChild(machine.child),
      () => machine.child?.pid,
    );
  }
  const devices = (await as('/api/devices')).devices.filter((device) => device.registration_method === 'token');
  if (devices.length !== MACHINES) throw new Error(`${devices.length} of ${MACHINES} machines enrolled`);
  const deviceIds = devices.map((device) => device.device_id);
  const folderOf = new Map(devices.map((device) => [device.device_id, machines.find((m) => m.name === device.device_name).folder]));
  const allOnline = async () =>
    (await as('/api/devices')).devices.filter((d) => d.registration_method === 'token' && d.connection_status === 'online').length ===
    MACHINES;

  const installedIn = (folder) => {
    const file = join(folder, 'simulated-installs.json');
    return new Set(existsSync(file) ? Object.keys(JSON.parse(readFileSync(file, 'utf8'))) : []);
  };

  const counts = {
    lost: 0,
    unfinished: 0,
    notFinal: 0,
    wrong: 0,
    historyNotOne: 0,
    installedTwice: 0,
    duplicatesNotRefused: 0,
    paymentsUnreconciled: 0,
  };
  const tally = {
    restarts: 0,
    agentKills: 0,
    proxyFaults: 0,
    networkHits: 0,
    duplicates: 0,
    items: 0,
    succeeded: 0,
    failed: 0,
    skipped: 0,
    payments: 0,
  };
  const roundMs = [];
  const downMs = [];
  const details = [];

  for (let round = 1; round <= ROUNDS; round += 1) {
    // Fresh machines: every app of the list is a new install this round.
    await Promise.all(machines.map((machine) => stopChild(machine.child)));
    for (const machine of machines) rmSync(join(machine.folder, 'simulated-installs.json'), { force: true });
    for (const machine of machines) startAgent(machine);
    if (!(await until(allOnline, { timeoutMs: 60_000, everyMs: 100 }))) throw new Error(`round ${round}: the agents did not all connect`);

    const began = performance.now();
    const installation = await as('/api/installations', {
      method: 'POST',
      headers: { 'idempotency-key': randomBytes(12).toString('hex') },
      body: { listId: list.id, deviceIds },
    });
    const installsMs = (APPS + FAIL_APPS) * DELAY_MS;
    const network = Math.random() < PROXY_SHARE ? misbehave(proxy, Math.random() * installsMs) : null;
    if (network) tally.proxyFaults += 1;
    // Chosen first: the agent killed this round, and the machine a second agent starts on, which is
    // another (on the killed one's folder the second may take the free lock, rightly, and the first is refused).
    const killed = Math.random() < AGENT_KILL_SHARE ? Math.floor(Math.random() * MACHINES) : null;
    const others = machines.filter((_, index) => index !== killed);
    const duplicate = Math.random() < DUPLICATE_SHARE ? secondAgent(others[Math.floor(Math.random() * others.length)]) : null;
    if (duplicate) tally.duplicates += 1;
    // A card payment under way as the server is killed: the kill may fall between the sandbox's
    // charge and its record. Nobody comes back for it: the server must reconcile it by itself.
    const paying = (async () => {
      const intent = await as('/api/payment/create-payment-intent', { method: 'POST', body: { plan: 'annual_premium' } });
      await as('/api/payment/sandbox/confirm', {
        method: 'POST',
        body: { clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      });
    })().catch(() => undefined);
    tally.payments += 1;
    // A random moment within the installs (each agent takes about (APPS + FAIL_APPS) × DELAY_MS).
    await sleep(Math.random() * installsMs);
    const killing = performance.now();
    const serverExited = exitOf(server);
    server.kill('SIGKILL');
    if (killed !== null) {
      const machine = machines[killed];
      const agentExited = exitOf(machine.child);
      machine.child.kill('SIGKILL');
      await agentExited;
      tally.agentKills += 1;
      await sleep(Math.random() * 500);
      startAgent(machine);
    }
    await serverExited;
    await paying;
    await sleep(Math.random() * 1000);
    await startServer();
    tally.restarts += 1;
    downMs.push(performance.now() - killing);

    let seen = null;
    const ended = await until(
      async () => {
        try {
          seen = await as(`/api/installations/${installation.id}`);
        } catch (error) {
          if (String(error).includes('answered 404')) return true;
          throw error;
        }
        return seen.finishedAt !== null;
      },
      { timeoutMs: ROUND_WAIT_MS, everyMs: 200 },
    );
    roundMs.push(performance.now() - began);
    if (network && (await network) > 0) tally.networkHits += 1;
    if (duplicate) {
      const code = await duplicate;
      if (code !== EXIT_LOCKED) {
        counts.duplicatesNotRefused += 1;
        details.push(`round ${round}: a second agent on one machine's folder ended with ${code}, not ${EXIT_LOCKED}`);
      }
    }
    const rows = await db.all('SELECT id FROM installations WHERE id = ?', [installation.id]);
    if (rows.length === 0 || seen === null) {
      counts.lost += 1;
      details.push(`round ${round}: installation ${installation.id} (answered 201) is missing`);
      continue;
    }
    if (!ended) {
      counts.unfinished += 1;
      details.push(`round ${round}: installation ${installation.id} still ${seen.status} after ${ROUND_WAIT_MS / 1000} s`);
    }

    // Items against what each agent did.
    const items = await db.all(
      `SELECT i.app_id, i.status, i.message, d.device_id, d.id AS device_row_id
         FROM installation_items i JOIN installation_targets t ON t.id = i.target_id JOIN devices d ON d.id = t.device_row_id
        WHERE i.installation_id = ?`,
      [installation.id],
    );
    const history = await db.all('SELECT device_row_id, app_id, outcome FROM update_history WHERE installation_id = ?', [installation.id]);
    const installed = new Map([...folderOf].map(([deviceId, folder]) => [deviceId, installedIn(folder)]));
    for (const item of items) {
      tally.items += 1;
      const where = `round ${round}, ${item.device_id}, app ${item.app_id} (${aptOf.get(Number(item.app_id))})`;
      const final = ['succeeded', 'failed', 'skipped'].includes(item.status);
      if (item.status in tally) tally[item.status] += 1;
      if (!final) {
        counts.notFinal += 1;
        details.push(`${where}: item is ${item.status}`);
        continue;
      }
      const has = installed.get(item.device_id).has(aptOf.get(Number(item.app_id)));
      if ((item.status === 'failed') === has) {
        counts.wrong += 1;
        details.push(`${where}: item ${item.status} ("${item.message}") but the agent ${has ? 'has' : 'does not have'} it installed`);
      }
      const mine = history.filter((row) => row.device_row_id === item.device_row_id && Number(row.app_id) === Number(item.app_id));
      if (mine.length !== 1) {
        counts.historyNotOne += 1;
        details.push(`${where}: ${mine.length} history rows (${mine.map((row) => row.outcome).join(', ')})`);
      }
      if (mine.filter((row) => row.outcome === 'succeeded').length > 1) {
        counts.installedTwice += 1;
        details.push(`${where}: installed twice`);
      }
    }
    console.log(
      `  round ${round}/${ROUNDS}: ${seen.status} in ${((performance.now() - began) / 1000).toFixed(1)} s` +
        ` (server down ${(downMs.at(-1) / 1000).toFixed(1)} s)`,
    );
  }
  // Payments: none may stay unrecorded while the provider charged it, or charged without its plan
  // change, once the server's sweep has run. The sweep leaves a payment to its browser for two
  // minutes, then settles it at start and every minute. Rather than wait those minutes, the time
  // is moved (as a test moves its clock): the open payments are made older than the grace while
  // the server is down, and the server started again must settle them by itself.
  const unreconciled = () =>
    db.all(
      `SELECT p.id, p.status, s.status AS provider_status FROM payments p JOIN sandbox_payment_intents s ON s.id = p.provider_intent_id
        WHERE s.status = 'succeeded' AND (p.status <> 'succeeded' OR p.used_at IS NULL)`,
    );
  const open = await unreconciled();
  if (open.length > 0) {
    const serverExited = exitOf(server);
    server.kill('SIGKILL');
    await serverExited;
    const beforeGrace = new Date(Date.now() - PAYMENT_BACKDATE_MS).toISOString();
    for (const row of open) await db.run('UPDATE payments SET created_at = ? WHERE id = ?', [beforeGrace, row.id]);
    await startServer();
    tally.restarts += 1;
  }
  await until(async () => (await unreconciled()).length === 0, { timeoutMs: PAYMENT_SETTLE_WAIT_MS, everyMs: 2000 });
  for (const row of await unreconciled()) {
    counts.paymentsUnreconciled += 1;
    details.push(
      `payment ${row.id}: recorded ${row.status}, the provider says ${row.provider_status}, ${PAYMENT_SETTLE_WAIT_MS / 1000} s on`,
    );
  }
  return { counts, tally, roundMs, downMs, details, proxyCounts: { ...proxy.counts } };
});

const { counts, tally, roundMs, downMs, details, proxyCounts } = figures;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const sorted = (values) => [...values].sort((a, b) => a - b);
const median = (values) => sorted(values)[Math.floor(values.length / 2)] ?? 0;
for (const line of details.slice(0, 50)) console.log(`  ! ${line}`);
console.log(
  `\nFaults: ${ROUNDS} rounds, ${MACHINES} machines × ${APPS} apps (${DELAY_MS} ms each), ${FAIL_APPS} failing, server killed (SIGKILL) every round, ${
    DATABASE_URL ? 'PostgreSQL' : 'SQLite'
  }`,
);
printTable([
  { figure: 'rounds', value: ROUNDS },
  { figure: 'server restarts (after SIGKILL)', value: tally.restarts },
  { figure: 'agent kills (SIGKILL, then started again)', value: tally.agentKills },
  {
    figure: 'rounds with the network cut mid-frame or stalled',
    value: `${tally.networkHits} of ${tally.proxyFaults} planned (${proxyCounts.cuts} connections cut, ${proxyCounts.stalls} stalled)`,
  },
  { figure: "second agents started on a machine's folder", value: tally.duplicates },
  {
    figure: 'items (succeeded / failed / skipped)',
    value: `${tally.items} (${tally.succeeded} / ${tally.failed} / ${tally.skipped})`,
  },
  { figure: 'round: median / max', value: `${seconds(median(roundMs))} / ${seconds(Math.max(0, ...roundMs))}` },
  { figure: 'server down: median / max', value: `${seconds(median(downMs))} / ${seconds(Math.max(0, ...downMs))}` },
  { figure: 'acknowledged installations lost', value: counts.lost },
  { figure: 'installations not ended within the wait', value: counts.unfinished },
  { figure: 'items not final', value: counts.notFinal },
  { figure: 'items final but wrong against the agent', value: counts.wrong },
  { figure: 'finished items without exactly one history row', value: counts.historyNotOne },
  { figure: 'apps installed twice', value: counts.installedTwice },
  { figure: 'second agents not refused', value: counts.duplicatesNotRefused },
  {
    figure: `card payments charged but not recorded or not given, after the sweep (of ${tally.payments} paid during a kill)`,
    value: counts.paymentsUnreconciled,
  },
]);
const violations = Object.values(counts).reduce((a, b) => a + b, 0);
console.log(violations === 0 ? 'every invariant held' : `${violations} violations`);
if (violations > 0 && process.env.BENCH_NO_FAIL !== '1') process.exitCode = 1;
