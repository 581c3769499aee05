// DESIGN §8 / issue 13: an authenticated read sustains at least half the requests per second of
// a bare Fastify hello-world measured in the same run. Both servers run as their own processes;
// autocannon (50 connections) drives each in turn. Prints the table last; exits 1 on a miss
// unless BENCH_NO_FAIL=1 (CI prints it: a shared 2-core machine is noisy).
import { fork } from 'node:child_process';

import { freePort, load, printTable, signedInBrowser, startLoadout } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const BUDGET = 0.5;

const port = freePort();
const hello = fork(new URL('./hello-fastify.mjs', import.meta.url), [], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
await new Promise((resolve) => hello.once('message', resolve));
const loadout = await startLoadout();
try {
  const browser = await signedInBrowser(loadout.url);
  const list = await browser.call('/api/lists', { method: 'POST', body: { name: 'Bench list' } });
  await browser.call('/api/devices'); // warm: the first call prepares what later calls reuse

  // Warm-up runs, not counted: the JIT and the caches settle.
  await load(`http://127.0.0.1:${port}/`, { seconds: 2 });
  await load(`${loadout.url}/api/devices`, { headers: browser.headers, seconds: 2 });

  const bare = await load(`http://127.0.0.1:${port}/`, { seconds: SECONDS, pid: hello.pid });
  const rows = [
    {
      route: 'bare Fastify hello-world',
      'req/s': Math.round(bare.rps),
      ratio: '1.00',
      'CPU µs/req': bare.cpuUsPerRequest.toFixed(0),
      'CPU ratio': '1.00',
      'p99 ms': bare.p99,
      errors: bare.non2xx,
    },
  ];
  const reads = [
    ['GET /api/health', '/api/health', {}],
    ['GET /api/devices (signed in)', '/api/devices', browser.headers],
    ['GET /api/lists/{id}/items (signed in)', `/api/lists/${list.id}/items`, browser.headers],
  ];
  let missed = false;
  for (const [route, path, headers] of reads) {
    const run = await load(`${loadout.url}${path}`, { headers, seconds: SECONDS, pid: loadout.pid });
    const ratio = run.rps / bare.rps;
    const budgeted = route.includes('signed in');
    if (budgeted && (ratio < BUDGET || run.non2xx > 0)) missed = true;
    rows.push({
      route,
      'req/s': Math.round(run.rps),
      ratio: ratio.toFixed(2),
      'CPU µs/req': run.cpuUsPerRequest.toFixed(0),
      // The bare server's CPU per request over ours: the same ratio, without the noise of waiting for a core.
      'CPU ratio': (bare.cpuUsPerRequest / run.cpuUsPerRequest).toFixed(2),
      'p99 ms': run.p99,
      errors: run.non2xx,
    });
  }
  console.log(`\nread ratio (budget: signed-in reads ≥ ${BUDGET.toFixed(2)} of bare Fastify, ${SECONDS} s each, 50 connections)`);
  printTable(rows);
  const worst = rows.filter((row) => row.route.includes('signed in')).sort((a, b) => Number(a.ratio) - Number(b.ratio))[0];
  console.log(
    `slowest signed-in read ${worst.ratio} of bare Fastify (${worst['req/s']} / ${Math.round(bare.rps)} req/s): ${missed ? 'OVER BUDGET' : 'within budget'}`,
  );
  if (missed && process.env.BENCH_NO_FAIL !== '1') process.exitCode = 1;
} finally {
  hello.kill();
  await loadout.stop();
}
