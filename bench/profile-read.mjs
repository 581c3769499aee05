// Where an authenticated read's time goes: the server under load with --cpu-prof, then the
// functions with the most time of their own and the packages with the most time in all, counting
// only the samples taken while the load ran (start-up would otherwise take a fifth of the profile).
// `node bench/profile-read.mjs [/api/devices]` (`/api/lists/{id}/items`: a list of 5 apps is made);
// `--by-hand` profiles bench/by-hand-reads.mjs doing the same read instead, to compare with.
// The profile stays in the printed folder.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { benchList, freePort, load, SEED_CATALOGUE, signedInBrowser, startLoadout } from './lib.mjs';

const byHand = process.argv.includes('--by-hand');
const route = process.argv.slice(2).find((arg) => arg.startsWith('/')) ?? '/api/devices';
const dir = mkdtempSync(join(tmpdir(), 'loadout-profile-'));
const profiling = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
const jwtSecret = randomBytes(32).toString('hex');
const loadout = await startLoadout({ ...SEED_CATALOGUE, JWT_SECRET: jwtSecret }, byHand ? [] : profiling);
const browser = await signedInBrowser(loadout.url);
// Made whatever the route: it waits until the seed catalogue is in, whose icon work would be profiled too.
const list = await benchList(browser, loadout.url, 5);
const path = route.replace('{id}', list.id);
let target = { url: loadout.url, stop: () => loadout.stop() };
if (byHand) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), DB_PATH: loadout.databasePath, JWT_SECRET: jwtSecret };
  const child = fork(new URL('./by-hand-reads.mjs', import.meta.url), [], { env, execArgv: profiling });
  await new Promise((resolve) => child.once('message', resolve));
  target = {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGINT');
      await new Promise((resolve) => child.once('exit', resolve));
      await loadout.stop();
    },
  };
}
await browser.call(path);
// V8 stamps samples with the monotonic clock that process.hrtime reads too (µs).
const loadStart = Number(process.hrtime.bigint() / 1000n);
const run = await load(`${target.url}${path}`, { headers: browser.headers, seconds: 6 });
const loadEnd = Number(process.hrtime.bigint() / 1000n);
await target.stop();
const requests = run.rps * ((loadEnd - loadStart) / 1e6);

const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
const selfTime = new Map();
let busy = 0;
let stamp = profile.startTime;
profile.samples.forEach((id, i) => {
  stamp += profile.timeDeltas[i] ?? 0;
  const node = nodes.get(id);
  if (stamp < loadStart || stamp > loadEnd || node.callFrame.functionName === '(idle)') return;
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  busy += profile.timeDeltas[i] ?? 0;
});
const where = (frame) => frame.url.replace(/.*node_modules\//, '').replace(/.*\/dist\/server\//, 'server:');
const own = new Map();
const inPackage = new Map();
const inFunction = new Map();
for (const [id, time] of selfTime) {
  const frame = nodes.get(id).callFrame;
  const key = `${frame.functionName || '(anonymous)'} ${where(frame)}:${frame.lineNumber}`;
  own.set(key, (own.get(key) ?? 0) + time);
  const seen = new Set();
  const seenFunctions = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const { url, functionName, lineNumber } = nodes.get(at).callFrame;
    const fn = `${functionName || '(anonymous)'} ${where(nodes.get(at).callFrame)}:${lineNumber}`;
    if (!seenFunctions.has(fn)) {
      seenFunctions.add(fn);
      inFunction.set(fn, (inFunction.get(fn) ?? 0) + time);
    }
    const name = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? (url.includes('dist/server') ? '(our code)' : null);
    if (name && !seen.has(name)) {
      seen.add(name);
      inPackage.set(name, (inPackage.get(name) ?? 0) + time);
    }
  }
}
// Share of the busy time, and microseconds per request (under the profiler, which slows every call).
const percent = (time) => `${((time / busy) * 100).toFixed(1).padStart(5)}% ${(time / requests).toFixed(1).padStart(6)} µs`;
console.log(
  `\n${byHand ? 'by hand ' : ''}${path}: ${Math.round(run.rps)} req/s, ${(busy / requests).toFixed(0)} µs busy a request; by function (self):`,
);
for (const [key, time] of [...own].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${percent(time)}  ${key}`);
console.log('busy time by function (inclusive; ours and the packages that call into us):');
const ofInterest = ([key]) => !/^\(|node:|^(processTicksAndRejections|runMicrotasks|emit|parserOnIncoming)/.test(key);
for (const [key, time] of [...inFunction]
  .filter(ofInterest)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 30))
  console.log(`${percent(time)}  ${key}`);
console.log('busy time by package (inclusive):');
for (const [key, time] of [...inPackage].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`${percent(time)}  ${key}`);
console.log(`profile: ${join(dir, file)}`);
