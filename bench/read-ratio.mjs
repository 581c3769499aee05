// DESIGN §8 / issue 13: an authenticated read sustains at least half the requests per second of
// a bare Fastify hello-world measured in the same run. Both servers run as their own processes;
// autocannon (50 connections) drives each in turn, in ROUNDS rounds that alternate bare and ours,
// and each figure is the median of its rounds: on a shared machine one run of the same server
// varies by a fifth. CPU µs/req is the server's own CPU time per request (steadier still).
// Prints the table last; exits 1 on a miss unless BENCH_NO_FAIL=1 (CI prints it: noisy machine).
import { fork } from 'node:child_process';

import { freePort, load, printTable, signedInBrowser, startLoadout } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BUDGET = 0.5;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const port = await freePort();
const hello = fork(new URL('./hello-fastify.mjs', import.meta.url), [], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
await new Promise((resolve) => hello.once('message', resolve));
const loadout = await startLoadout();
try {
  const browser = await signedInBrowser(loadout.url);
  const list = await browser.call('/api/lists', { method: 'POST', body: { name: 'Bench list' } });
  await browser.call('/api/devices'); // warm: the first call prepares what later calls reuse

  const bareUrl = `http://127.0.0.1:${port}/`;
  const routes = [
    { route: 'bare Fastify hello-world', url: bareUrl, headers: {}, pid: hello.pid },
    // Our stack with no database and no session: the floor under every route of ours.
    { route: 'GET /api/config (no database)', url: `${loadout.url}/api/config`, headers: {}, pid: loadout.pid },
    { route: 'GET /api/health', url: `${loadout.url}/api/health`, headers: {}, pid: loadout.pid },
    { route: 'GET /api/devices (signed in)', url: `${loadout.url}/api/devices`, headers: browser.headers, pid: loadout.pid },
    {
      route: 'GET /api/lists/{id}/items (signed in)',
      url: `${loadout.url}/api/lists/${list.id}/items`,
      headers: browser.headers,
      pid: loadout.pid,
    },
  ];
  // Warm-up runs, not counted: the JIT and the caches settle.
  for (const { url, headers } of routes) await load(url, { headers, seconds: 1 });

  const runs = routes.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, { url, headers, pid }] of routes.entries()) runs[i].push(await load(url, { headers, seconds: SECONDS, pid }));
  }
  const bareRps = median(runs[0].map((run) => run.rps));
  const bareCpu = median(runs[0].map((run) => run.cpuUsPerRequest));
  let missed = false;
  const rows = routes.map(({ route }, i) => {
    const rps = median(runs[i].map((run) => run.rps));
    const cpu = median(runs[i].map((run) => run.cpuUsPerRequest));
    const errors = runs[i].reduce((sum, run) => sum + run.non2xx, 0);
    const ratio = rps / bareRps;
    if (route.includes('signed in') && (ratio < BUDGET || errors > 0)) missed = true;
    return {
      route,
      'req/s': Math.round(rps),
      ratio: ratio.toFixed(2),
      'CPU µs/req': cpu.toFixed(0),
      // The bare server's CPU per request over ours: the same ratio, without the noise of waiting for a core.
      'CPU ratio': (bareCpu / cpu).toFixed(2),
      'p99 ms': median(runs[i].map((run) => run.p99)),
      errors,
    };
  });
  console.log(
    `\nread ratio (budget: signed-in reads ≥ ${BUDGET.toFixed(2)} of bare Fastify; medians of ${ROUNDS} rounds of ${SECONDS} s, 50 connections)`,
  );
  printTable(rows);
  const worst = rows.filter((row) => row.route.includes('signed in')).sort((a, b) => Number(a.ratio) - Number(b.ratio))[0];
  console.log(
    `slowest signed-in read ${worst.ratio} of bare Fastify (${worst['req/s']} / ${Math.round(bareRps)} req/s; CPU ${worst['CPU ratio']}): ${missed ? 'OVER BUDGET' : 'within budget'}`,
  );
  if (missed && process.env.BENCH_NO_FAIL !== '1') process.exitCode = 1;
} finally {
  hello.kill();
  await loadout.stop();
}
