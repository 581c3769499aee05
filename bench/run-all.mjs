// `npm run bench`: every benchmark in turn (never two at once: they would measure each other),
// its own output as it goes, then one table of each one's last line and whether it met its budget.
import { spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';

import { buildWebIfStale } from '../scripts/web-build.mjs';

const BENCHES = [
  'bundle-size',
  'lighthouse',
  'startup',
  'catalogue-search',
  'drift',
  'read-ratio',
  'agent-report-ratio',
  'read-scale',
  'agents-50k',
  'fanout-10k',
  'reconnect-storm-50k',
  'misbehaving-agent',
  'install-ratio',
];

buildWebIfStale();
const rows = [];
for (const name of BENCHES) {
  console.log(`\n▶ bench/${name}.mjs`);
  let output = '';
  const child = spawn(process.execPath, [`bench/${name}.mjs`], { stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout.on('data', (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  const code = await new Promise((resolve) => child.on('exit', (status) => resolve(status ?? 1)));
  const last = output.trim().split('\n').filter(Boolean).at(-1) ?? '';
  rows.push({ bench: name, result: last.trim(), budget: code === 0 ? 'met' : 'MISSED' });
}

const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
console.log(`\nBenchmarks on ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}:`);
const width = (key) => Math.max(key.length, ...rows.map((row) => row[key].length));
const line = (cells) => cells.map((cell, i) => cell.padEnd(width(['bench', 'result', 'budget'][i]))).join('  ');
console.log(line(['bench', 'result', 'budget']));
for (const row of rows) console.log(line([row.bench, row.result, row.budget]));
if (rows.some((row) => row.budget !== 'met')) process.exitCode = 1;
