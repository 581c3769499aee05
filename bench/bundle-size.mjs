// Prints how much gzipped JavaScript the web app's entry loads (entry + modulepreload; the gate:
// ≤ 170 KB), the size of every lazily loaded chunk, and what each page a newcomer opens first
// really loads before it shows: the entry and the page's chunk with every chunk they import
// (the shared `ui` and `app` chunks included). Run after `npm run build:web`. Exits 1 when the
// entry is over 170 KB.
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

// What a page loads before it shows: the entry's chunks and the page's chunk, each with every
// chunk it imports statically (the browser fetches and runs those before the page renders).
const importsOf = (file) =>
  [...readFileSync(join(dist, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => `assets/${m[1]}`);
function closure(files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of importsOf(file)) visit(imported);
  };
  for (const file of files) visit(file);
  return [...seen];
}
const pageChunk = (prefix) => readdirSync(join(dist, 'assets')).find((name) => name.startsWith(prefix) && name.endsWith('.js'));
const PAGES = [
  ['sign-in', 'sign-in-page-'],
  ['lists', 'app-list-page-'],
  ['gallery', 'gallery-page-'],
  ['shared list', 'shared-list-page-'],
];
console.log('What a page loads before it shows (entry + page, with their imports), gzipped:');
for (const [page, prefix] of PAGES) {
  const chunk = pageChunk(prefix);
  if (!chunk) throw new Error(`no ${prefix}*.js in ${dist}/assets: was the page renamed?`);
  const files = closure([...initial, `assets/${chunk}`]);
  const bytes = files.reduce((sum, file) => sum + gz(file), 0);
  console.log(`  ${kb(bytes).padStart(9)}  ${page} (${files.length} files)`);
}

// The figures last: the entry and its gate (what every page loads first; a regression here fails CI).
const initialBytes = initial.reduce((sum, file) => sum + gz(file), 0);
console.log("Entry (index.html's script and modulepreload), gzipped:");
for (const file of initial) console.log(`  ${kb(gz(file)).padStart(9)}  ${file}`);
const within = initialBytes <= 170 * 1024;
console.log(`  ${kb(initialBytes).padStart(9)}  total (gate 170.0 KB) ${within ? 'within' : 'OVER'}`);
if (!within) process.exitCode = 1;
