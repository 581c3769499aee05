// An installation as fast as the package manager itself: a list of N apt packages installed
// through Loadout takes at most 1.25× the time of `apt-get install` of the same N in one call
// (ratio apt / Loadout ≥ 0.80), on the same machine in the same run.
//
// How: a local apt repository of PACKAGES small packages built here with dpkg-deb and added as
// a `file:` source (bench/apt-repo.mjs), so no mirror's timing is measured. The built server
// (startLoadout) on a fresh database; its first account (the admin) adds a category and one
// catalogue app per package through the API, makes a list of them and enrols this machine with
// the real agent (dist/agent/loadout-agent.mjs, `--installer apt`: real apt, as root). Then,
// ROUNDS times (BENCH_ROUNDS, default 5), alternating which goes first: (a) one
// `apt-get install -y` of the packages, then purge them; (b) POST /api/installations of the list
// onto this machine, timed until the installation is over (polled every 100 ms, which costs the
// busy machine little; every app must have succeeded), then purge them. After each job the agent
// reports its inventory: the next round starts once the agent runs nothing. Medians of each: one apt-get run here took from 1.7 s to
// 8.9 s on a busy shared machine, so three rounds can still land on either side of the goal.
// Needs root (it installs packages): otherwise prints why and exits 0. Everything it made —
// packages, source, apt's lists of it, the repository, the agent's folder — goes at the end,
// also when it fails or is interrupted.
// BENCH_PINNED=1: the list's first app is pinned at its version (1.0): the agent installs it
// as `name=1.0` in the same apt-get call as the others, then holds it with apt-mark (its hold is
// released by the purge between rounds, which the agent's memory of it does not need).
// Prints the table last; exits 1 on a miss unless BENCH_NO_FAIL=1.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { AGENT_BUNDLE, buildAgentIfStale } from '../scripts/agent-build.mjs';
import { BenchAptRepo } from './apt-repo.mjs';
import { printTable, signedInBrowser, startLoadout } from './lib.mjs';

const PACKAGES = Number(process.env.BENCH_PACKAGES ?? 8);
const PINNED = process.env.BENCH_PINNED === '1';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const GOAL = 0.8;
const INSTALL_TIMEOUT_MS = 5 * 60_000;

if (process.getuid?.() !== 0) {
  console.log('install-ratio: skipped, it installs real packages with apt and must run as root');
  process.exit(0);
}
try {
  execFileSync('apt-get', ['--version'], { stdio: 'ignore' });
} catch {
  console.log('install-ratio: skipped, this machine has no apt');
  process.exit(0);
}

const tag = randomBytes(3).toString('hex');
const names = Array.from({ length: PACKAGES }, (_, i) => `loadout-bench-${tag}-${i + 1}`);
const repo = new BenchAptRepo(names);
const agentDir = mkdtempSync(join(tmpdir(), 'loadout-bench-agent-'));
let agent = null;
let agentLog = '';
let loadout = null;

let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  if (agent && agent.exitCode === null) {
    const exited = new Promise((resolve) => agent.once('exit', resolve));
    agent.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
  repo.remove();
  rmSync(agentDir, { recursive: true, force: true });
  await loadout?.stop();
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function until(check, timeoutMs, what, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer) return answer;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await sleep(everyMs);
  }
}

/** Whether the agent runs no program now (Linux: /proc lists a process's children). */
function agentRunsNothing() {
  try {
    return readFileSync(`/proc/${agent.pid}/task/${agent.pid}/children`, 'utf8').trim() === '';
  } catch {
    return true;
  }
}

/**
 * After each job the agent reports its inventory (`apt list --upgradable`, a second or two on a
 * busy machine). The next round waits until the agent has run nothing for half a second, so that
 * neither side is measured against the agent's own work.
 */
async function agentSettled() {
  let quietSince = Date.now();
  await until(
    () => {
      if (!agentRunsNothing()) quietSince = Date.now();
      return Date.now() - quietSince >= 500;
    },
    60_000,
    'the agent going quiet',
    50,
  );
}

/** The apt the person would type: one call for all the packages. */
function aptAlone() {
  const started = performance.now();
  execFileSync('apt-get', ['install', '-y', '-q', '--', ...names], {
    stdio: 'ignore',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const ms = performance.now() - started;
  if (repo.installed().length !== names.length) throw new Error('apt-get did not install every package');
  return ms;
}

/** A catalogue app per package, a list of them, and this machine enrolled and online. */
async function setUp() {
  const admin = await signedInBrowser(loadout.url);
  // Annual Premium (the payment sandbox's test card): a Free list holds 5 apps at most.
  const intent = await admin.call('/api/payment/create-payment-intent', { method: 'POST', body: { plan: 'annual_premium' } });
  await admin.call('/api/payment/sandbox/confirm', {
    method: 'POST',
    body: { clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', billingEmail: admin.email },
  });
  await admin.call('/api/payment/verify', {
    method: 'POST',
    body: { paymentIntentId: intent.paymentIntentId, planType: 'annual_premium' },
  });
  const category = await admin.call('/catalogue/categories', { method: 'POST', body: { category_name: 'Bench' } });
  const icon = new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>'], {
    type: 'image/svg+xml',
  });
  const list = await admin.call('/api/lists', { method: 'POST', body: { name: 'Bench apt list' } });
  for (const name of names) {
    const form = new FormData();
    const fields = {
      name,
      description: `${name}, a package of the install-ratio benchmark.`,
      category: String(category.category_id),
      website: 'https://example.org/bench',
      file_size_kb: '10',
      apt_package: name,
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('icon', icon, 'icon.svg');
    const app = await admin.call('/catalogue/apps', { method: 'POST', form });
    await admin.call(`/api/lists/${list.id}/items`, { method: 'POST', body: { appId: app.app_id } });
    if (PINNED && name === names[0])
      await admin.call(`/api/lists/${list.id}/items/${app.app_id}/pin`, { method: 'PUT', body: { version: '1.0' } });
  }

  await buildAgentIfStale();
  const { token } = await admin.call('/api/device-tokens', { method: 'POST', body: { maxUses: 1 } });
  const configDir = join(agentDir, 'config');
  execFileSync(
    process.execPath,
    [
      AGENT_BUNDLE,
      'enroll',
      `${loadout.url}/devices/enroll?code=${encodeURIComponent(token.code)}`,
      '--name',
      'bench-machine',
      '--config-dir',
      configDir,
    ],
    { stdio: 'ignore' },
  );
  agent = spawn(process.execPath, [AGENT_BUNDLE, 'run', '--config-dir', configDir, '--installer', 'apt'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Its log, kept short, is printed only when something goes wrong.
  agent.stderr.on('data', (chunk) => (agentLog = `${agentLog}${chunk}`.slice(-8_000)));
  const device = await until(
    async () =>
      (await admin.call('/api/devices')).devices.find(
        (each) => each.device_name === 'bench-machine' && each.connection_status === 'online',
      ),
    60_000,
    'the agent coming online',
  );
  return { admin, listId: list.id, deviceId: device.device_id };
}

/** The list installed onto this machine through Loadout, from the click to the installation being over. */
async function throughLoadout({ admin, listId, deviceId }) {
  const started = performance.now();
  const installation = await admin.call('/api/installations', {
    method: 'POST',
    headers: { 'idempotency-key': randomBytes(12).toString('hex') },
    body: { listId, deviceIds: [deviceId] },
  });
  const over = await until(
    async () => {
      const now = await admin.call(`/api/installations/${installation.id}`);
      return ['succeeded', 'failed', 'cancelled', 'expired'].includes(now.status) ? now : null;
    },
    INSTALL_TIMEOUT_MS,
    'the installation ending',
  );
  const ms = performance.now() - started;
  const items = over.targets.flatMap((target) => target.items);
  const notInstalled = items.filter((item) => item.status !== 'succeeded');
  if (over.status !== 'succeeded' || notInstalled.length > 0)
    throw new Error(`the installation ended ${over.status}: ${notInstalled.map((item) => `${item.name}: ${item.message}`).join('; ')}`);
  if (repo.installed().length !== names.length) throw new Error('Loadout did not install every package');
  return ms;
}

let figures;
try {
  console.log(`Building a local apt repository of ${PACKAGES} packages…`);
  repo.create();
  loadout = await startLoadout();
  const setup = await setUp();
  // Let the agent's first inventory report go by, so the rounds measure the installations alone.
  await sleep(1_000);
  await agentSettled();
  const apt = [];
  const ours = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Alternating which goes first, so that a machine getting busier or quieter favours neither.
    if (round % 2 === 1) {
      apt.push(aptAlone());
      repo.purge();
      ours.push(await throughLoadout(setup));
      await agentSettled();
    } else {
      ours.push(await throughLoadout(setup));
      await agentSettled();
      repo.purge();
      apt.push(aptAlone());
    }
    repo.purge();
    console.log(`  round ${round}: apt-get ${seconds(apt.at(-1))}, Loadout ${seconds(ours.at(-1))}`);
  }
  figures = { apt: median(apt), ours: median(ours) };
} catch (error) {
  console.error(`install-ratio failed: ${error.stack ?? error.message}`);
  if (agentLog) console.error(`The agent's last words:\n${agentLog}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}

if (figures) {
  const ratio = figures.apt / figures.ours;
  const met = ratio >= GOAL;
  printTable([
    { figure: `apt-get install of ${PACKAGES} packages, one call (median of ${ROUNDS})`, value: seconds(figures.apt) },
    {
      figure: `the same ${PACKAGES} as a list through Loadout${PINNED ? ', the first pinned' : ''} (median of ${ROUNDS})`,
      value: seconds(figures.ours),
    },
  ]);
  console.log(
    `install ratio ${ratio.toFixed(2)} (apt ${seconds(figures.apt)} / Loadout ${seconds(figures.ours)}; goal ≥ ${GOAL.toFixed(2)}): ${met ? 'within budget' : 'OVER BUDGET'}`,
  );
  if (!met && process.env.BENCH_NO_FAIL !== '1') process.exitCode = 1;
}
