// Prints how much gzipped JavaScript the web app's first route loads (the budget: ≤ 170 KB),
// and the size of every lazily loaded chunk. Run after `npm run build:web`. Exits 1 over budget.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'dist/renderer';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const lazy = readdirSync(join(dist, 'assets'))
  .filter((name) => name.endsWith('.js') && !initial.includes(`assets/${name}`))
  .map((name) => ({ name, bytes: gz(`assets/${name}`) }))
  .sort((a, b) => b.bytes - a.bytes);
console.log(`Lazily loaded chunks: ${lazy.length}, largest:`);
for (const chunk of lazy.slice(0, 8)) console.log(`  ${kb(chunk.bytes).padStart(9)}  assets/${chunk.name}`);

// The figures last: the first route and its budget.
const initialBytes = initial.reduce((sum, file) => sum + gz(file), 0);
console.log('First route (entry + modulepreload), gzipped:');
for (const file of initial) console.log(`  ${kb(gz(file)).padStart(9)}  ${file}`);
const within = initialBytes <= 170 * 1024;
console.log(`  ${kb(initialBytes).padStart(9)}  total (budget 170.0 KB) ${within ? 'within budget' : 'OVER BUDGET'}`);
if (!within) process.exitCode = 1;
