// Times `npm start`'s server (the built bundle) from spawn to the first healthy answer, on a fresh SQLite
// database (the budget: under 3 s once built). Prints the figure of each run and the median.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildServerIfStale, SERVER_BUNDLE } from '../scripts/server-build.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const PORT = 3900 + Math.floor(Math.random() * 90);

async function waitForHealth(deadline) {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

await buildServerIfStale();
const times = [];
for (let run = 1; run <= RUNS; run += 1) {
  const dir = mkdtempSync(join(tmpdir(), 'loadout-bench-'));
  const started = performance.now();
  const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    env: { ...process.env, PORT: String(PORT), DATABASE_URL: `sqlite:${join(dir, 'loadout.db')}`, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ok = await waitForHealth(Date.now() + 30_000);
  const ms = performance.now() - started;
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
  if (!ok) throw new Error('the server did not become healthy within 30 s');
  times.push(ms);
  console.log(`run ${run}: ready in ${(ms / 1000).toFixed(2)} s (fresh database)`);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`median: ${(median / 1000).toFixed(2)} s (budget 3.00 s) ${median <= 3000 ? 'within budget' : 'OVER BUDGET'}`);
if (median > 3000) process.exitCode = 1;
