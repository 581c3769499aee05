// The read-ratio budget (docs/decisions.md, "Performance budgets"): a signed-in read sustains at least 0.70 of the requests per second of the same work
// written by hand (bench/by-hand-reads.mjs: Fastify, better-sqlite3 prepared statements and jose
// on the same database file, token and caches, the same body), measured in the same run. A bare
// Fastify hello-world is printed beside them as the floor no read can pass. Each server runs as its
// own process; autocannon (50 connections) drives each in turn, in ROUNDS rounds that alternate
// them. A ratio is the median of the rounds' own ratios, ours against the by-hand run just before
// it: this machine's speed drifts by half between minutes (a shared VM), and two runs seconds
// apart drift together. The other figures are medians of the rounds. CPU µs/req is the server's
// own CPU time per request (steadier than requests per second when the load generator shares the cores).
// BENCH_SECONDS is each server's and route's load time in all, split over the rounds.
// Prints the table last; exits 1 on a miss unless BENCH_NO_FAIL=1 (CI prints it: noisy machine).
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';

import { benchList, freePort, load, printTable, SEED_CATALOGUE, signedInBrowser, startLoadout } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS ?? 15) / ROUNDS);
const GOAL = 0.7;
/** Apps in the bench list: as many as the free plan allows in one. */
const LIST_APPS = 5;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A server of bench/ in its own process, on a free port, once it says it is listening. */
async function startChild(file, env = {}) {
  const port = await freePort();
  const child = fork(new URL(file, import.meta.url), [], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) before it was ready`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill() };
}

/** Both servers' bodies for `path`, equal byte for byte, or a loud stop (a minute may turn between the two: asked again). */
async function assertSameBody(path, ours, byHand, headers) {
  for (let attempt = 1; ; attempt += 1) {
    const [a, b] = await Promise.all([ours, byHand].map(async (url) => (await fetch(`${url}${path}`, { headers })).text()));
    if (a === b) return a;
    if (attempt === 3) {
      const at = [...a].findIndex((char, i) => char !== b[i]);
      throw new Error(
        `${path}: the by-hand server's body differs from ours at ${at}:\n ours:    …${a.slice(at - 60, at + 60)}\n by hand: …${b.slice(at - 60, at + 60)}`,
      );
    }
  }
}

const jwtSecret = randomBytes(32).toString('hex');
const loadout = await startLoadout({ JWT_SECRET: jwtSecret, ...SEED_CATALOGUE });
const servers = [];
try {
  const browser = await signedInBrowser(loadout.url);
  const list = await benchList(browser, loadout.url, LIST_APPS);
  const bare = await startChild('./hello-fastify.mjs');
  servers.push(bare);
  const byHand = await startChild('./by-hand-reads.mjs', { DB_PATH: loadout.databasePath, JWT_SECRET: jwtSecret });
  servers.push(byHand);

  const reads = [
    { route: 'GET /api/devices', path: '/api/devices' },
    { route: `GET /api/lists/{id}/items (${LIST_APPS} apps)`, path: `/api/lists/${list.id}/items` },
  ];
  for (const { path } of reads) await assertSameBody(path, loadout.url, byHand.url, browser.headers);

  const runs = [
    { name: 'bare Fastify hello-world', url: `${bare.url}/`, headers: {}, pid: bare.pid },
    ...reads.flatMap(({ route, path }) => [
      { name: `${route}, by hand`, url: `${byHand.url}${path}`, headers: browser.headers, pid: byHand.pid },
      { name: `${route}, ours`, url: `${loadout.url}${path}`, headers: browser.headers, pid: loadout.pid },
    ]),
  ].map((run) => ({ ...run, results: [] }));
  // Warm-up runs, not counted: the JIT and the caches settle.
  for (const { url, headers } of runs) await load(url, { headers, seconds: 2 });
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const run of runs) run.results.push(await load(run.url, { headers: run.headers, seconds: SECONDS, pid: run.pid }));
  }
  // Each round's figures: a ratio that moves between rounds says the machine did, not the code.
  for (const { name, results } of runs)
    console.log(
      `${name}: ${results.map((result) => `${Math.round(result.rps)} req/s ${result.cpuUsPerRequest.toFixed(0)} µs`).join(', ')}`,
    );
  const figures = runs.map(({ name, results }) => ({
    name,
    results,
    rps: median(results.map((result) => result.rps)),
    cpu: median(results.map((result) => result.cpuUsPerRequest)),
    p99: median(results.map((result) => result.p99)),
    errors: results.reduce((sum, result) => sum + result.non2xx, 0),
  }));
  const [bareFigures] = figures;
  const byName = new Map(figures.map((figure) => [figure.name, figure]));
  const rows = figures.map(({ name, results, rps, cpu, p99, errors }) => {
    const reference = name.endsWith(', ours') ? byName.get(name.replace(/, ours$/, ', by hand')) : null;
    const paired = (ratioOf) => median(results.map((result, round) => ratioOf(result, reference.results[round])));
    return {
      server: name,
      'req/s': Math.round(rps),
      'CPU µs/req': cpu.toFixed(0),
      'p99 ms': p99,
      errors,
      'of by hand': reference ? paired((own, hand) => own.rps / hand.rps).toFixed(2) : '',
      // By CPU per request: the same ratio, without the noise of waiting for a core.
      'by CPU': reference ? paired((own, hand) => hand.cpuUsPerRequest / own.cpuUsPerRequest).toFixed(2) : '',
      'of bare': name === bareFigures.name ? '' : (rps / bareFigures.rps).toFixed(2),
    };
  });
  const ours = rows.filter((row) => row.server.endsWith(', ours'));
  const missed = ours.some((row) => Number(row['of by hand']) < GOAL || row.errors > 0) || rows.some((row) => row.errors > 0);
  console.log(
    `\nread ratio (goal: each signed-in read ≥ ${GOAL.toFixed(2)} of the same work by hand; ${ROUNDS} alternating rounds of ${SECONDS.toFixed(1)} s, 50 connections; ratios are the median of each round's, the other figures medians)`,
  );
  printTable(rows);
  const worst = [...ours].sort((a, b) => Number(a['of by hand']) - Number(b['of by hand']))[0];
  const reference = rows.find((row) => row.server === worst.server.replace(/, ours$/, ', by hand'));
  console.log(
    `slowest signed-in read ${worst.server.replace(/, ours$/, '')}: ${worst['of by hand']} of the same work by hand (${worst['req/s']} / ${reference['req/s']} req/s; by CPU ${worst['by CPU']}), ${worst['of bare']} of bare Fastify (${Math.round(bareFigures.rps)} req/s): ${missed ? 'OVER BUDGET' : 'within budget'}`,
  );
  if (missed && process.env.BENCH_NO_FAIL !== '1') process.exitCode = 1;
} finally {
  for (const server of servers) server.stop();
  await loadout.stop();
}
