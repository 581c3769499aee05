// Scale (docs/decisions.md#scale): several server processes on one PostgreSQL. Two processes share a fresh
// schema: agents are spread over both and an installation made through one reaches the agents of
// each; then the signed-in read (GET /api/devices) is driven through one process, and through
// both at once (autocannon, 50 connections in all either way), and the two figures are compared.
// On this 2-core machine PostgreSQL and autocannon run on the same two cores as the servers, so
// a second process cannot double anything: the figure is reported as it is, with no budget.
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); the schema is dropped after.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

import { BEHIND_PROXY, bounded, enrolPerson, seededApps, startSwarm, stoppedAtEnd, until } from './fleet.mjs';
import { cpuMicros, load, printTable, signedInBrowser, startLoadout } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MACHINES = 10;

const schema = `bench_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: DATABASE_URL });

const figures = await bounded(10 * 60_000, async (defer) => {
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  defer(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });
  const url = new URL(DATABASE_URL);
  url.searchParams.set('schema', schema);
  // One secret for both: a token signed by one process is checked by the other.
  const env = { ...BEHIND_PROXY, DATABASE_URL: url.toString(), JWT_SECRET: randomBytes(32).toString('hex') };
  const first = stoppedAtEnd(defer, await startLoadout({ ...env, CATALOGUE_SEED_FILE: './resources/catalogue/seed.json' }));
  const second = stoppedAtEnd(defer, await startLoadout(env));

  // Agents spread over both processes: half of one account's machines on each.
  const person = await enrolPerson(first.url, 0, { machines: MACHINES });
  const swarm = stoppedAtEnd(defer, await startSwarm());
  const half = MACHINES / 2;
  await swarm.call('connect', { server: first.url, credentials: person.machines.slice(0, half).map((m) => m.credential) });
  await swarm.call('connect', { server: second.url, credentials: person.machines.slice(half).map((m) => m.credential) });
  if (!(await until(async () => (await swarm.call('stats')).ready === MACHINES, { timeoutMs: 30_000 })))
    throw new Error('the agents did not all connect');
  await swarm.call('mark');
  const apps = await seededApps(first.url);
  const list = await person.as('/api/lists', { method: 'POST', body: { name: 'Across' } });
  const app = apps.find((candidate) => candidate.apt_package);
  await person.as(`/api/lists/${list.id}/items`, { method: 'POST', body: { appId: app.app_id } });
  const installation = await person.as('/api/installations', {
    method: 'POST',
    headers: { 'idempotency-key': randomBytes(12).toString('hex') },
    body: { listId: list.id, deviceIds: person.machines.map((m) => m.deviceId) },
  });
  const acked = await until(
    async () => {
      const seen = await person.as(`/api/installations/${installation.id}`);
      return seen.targets.every((target) => target.status !== 'waiting');
    },
    { timeoutMs: 10_000, everyMs: 50 },
  );
  const delivered = (await swarm.call('stats')).acks;

  // The read path: one process, then both, 50 connections in all.
  const browser = await signedInBrowser(first.url);
  const devicesOf = (server) => `${server.url}/api/devices`;
  await load(devicesOf(first), { headers: browser.headers, seconds: 2 });
  await load(devicesOf(second), { headers: browser.headers, seconds: 2 });
  const one = await load(devicesOf(first), { headers: browser.headers, seconds: SECONDS, pid: first.pid });
  const cpuBefore = [cpuMicros(first.pid), cpuMicros(second.pid)];
  const [a, b] = await Promise.all([
    load(devicesOf(first), { headers: browser.headers, seconds: SECONDS, connections: 25 }),
    load(devicesOf(second), { headers: browser.headers, seconds: SECONDS, connections: 25 }),
  ]);
  const cpuBoth = cpuMicros(first.pid) - cpuBefore[0] + (cpuMicros(second.pid) - cpuBefore[1]);
  const bothRps = a.rps + b.rps;
  return { acked, delivered, one, a, b, bothRps, bothCpu: cpuBoth / ((a.rps + b.rps) * SECONDS) };
});

console.log(`\nTwo server processes on one PostgreSQL (GET /api/devices signed in, ${SECONDS} s, 50 connections in all)`);
printTable([
  {
    figure: `agents connected (${MACHINES / 2} to each process)`,
    value: `${MACHINES}; an installation made through the first reached ${figures.delivered} / ${MACHINES}, all acked: ${figures.acked ? 'yes' : 'NO'}`,
  },
  { figure: 'one process: req/s (CPU µs/req)', value: `${Math.round(figures.one.rps)} (${figures.one.cpuUsPerRequest.toFixed(0)})` },
  {
    figure: 'two processes: req/s (each)',
    value: `${Math.round(figures.bothRps)} (${Math.round(figures.a.rps)} + ${Math.round(figures.b.rps)})`,
  },
  { figure: 'two processes: CPU µs/req (both together)', value: figures.bothCpu.toFixed(0) },
  { figure: 'errors', value: String(figures.one.non2xx + figures.a.non2xx + figures.b.non2xx) },
]);
console.log(
  `read path with 2 processes ${(figures.bothRps / figures.one.rps).toFixed(2)}× of 1 (${Math.round(figures.bothRps)} / ${Math.round(figures.one.rps)} req/s) on ${
    (await import('node:os')).cpus().length
  } cores shared with PostgreSQL and the load generator: reported`,
);
if (!figures.acked || figures.delivered !== MACHINES) process.exitCode = 1;
