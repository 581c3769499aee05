// The budget (docs/decisions.md#performance-budgets): an agent's progress reports are taken at least half as fast as a bare
// `ws` server reads messages, measured in the same run over one connection each. Each side
// gets REPORTS messages back to back; the time runs until the server has handled the last one
// (ours: the job it closes is finished, read through the API; the bare one: it says so).
// Prints the table last; exits 1 on a miss unless BENCH_NO_FAIL=1.
import { fork } from 'node:child_process';
import WebSocket from 'ws';

import { cpuMicros, freePort, printTable, signedInBrowser, startLoadout } from './lib.mjs';

// Enough that the run takes about a second: the 20 ms poll for the end is then a small part of it.
const REPORTS = Number(process.env.BENCH_REPORTS ?? 100_000);
const BUDGET = 0.5;

function open(url, headers = {}) {
  const socket = new WebSocket(url, { headers });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

const next = (socket, type) =>
  new Promise((resolve) => {
    const onMessage = (data) => {
      const message = JSON.parse(String(data));
      if (message.type !== type) return;
      socket.off('message', onMessage);
      resolve(message);
    };
    socket.on('message', onMessage);
  });

async function bare() {
  const port = await freePort();
  const echo = fork(new URL('./ws-echo.mjs', import.meta.url), [], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  await new Promise((resolve) => echo.once('message', resolve));
  try {
    const socket = await open(`ws://127.0.0.1:${port}`);
    const report = JSON.stringify({ type: 'item.progress', jobId: 'j', itemId: 'i', status: 'installing', message: 'Installing', log: '' });
    const started = performance.now();
    const cpuBefore = cpuMicros(echo.pid);
    const done = next(socket, 'read');
    for (let i = 0; i < REPORTS; i += 1) socket.send(report);
    socket.send(JSON.stringify({ type: 'done' }));
    await done;
    const seconds = (performance.now() - started) / 1000;
    const cpuPerMessage = (cpuMicros(echo.pid) - cpuBefore) / REPORTS;
    socket.close();
    return { rate: REPORTS / seconds, cpuPerMessage };
  } finally {
    echo.kill();
  }
}

async function ours() {
  // The seeded catalogue: a list of apt apps, installed onto one enrolled machine.
  // The per-connection message rate (100 a second) raised: this measures how fast reports are
  // handled, which no real agent's rate comes near.
  const loadout = await startLoadout({ CATALOGUE_SEED_FILE: './resources/catalogue/seed.json', AGENT_MESSAGES_PER_SECOND: '10000000' });
  try {
    const browser = await signedInBrowser(loadout.url);
    // The seed is applied just after the server is ready.
    let apps = [];
    for (let tries = 0; apps.length === 0 && tries < 200; tries += 1) {
      apps = await (await fetch(`${loadout.url}/catalogue/apps`)).json();
      if (apps.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const linux = apps.filter((app) => app.apt_package).slice(0, 5);
    const list = await browser.call('/api/lists', { method: 'POST', body: { name: 'Bench list' } });
    for (const app of linux) await browser.call(`/api/lists/${list.id}/items`, { method: 'POST', body: { appId: app.app_id } });
    const { token } = await browser.call('/api/device-tokens', { method: 'POST', body: { maxUses: 1 } });
    const enrolled = await browser.call('/api/devices/enroll', {
      method: 'POST',
      body: {
        code: token.code,
        deviceId: `dev_${Date.now().toString(16)}`,
        deviceName: 'Bench machine',
        platform: 'linux',
        arch: 'x64',
        agentVersion: '0.1.0',
        hardwareFingerprint: 'bench',
      },
    });
    const socket = await open(`${loadout.url.replace(/^http/, 'ws')}/api/agent/ws`, { authorization: `Bearer ${enrolled.credential}` });
    socket.send(JSON.stringify({ type: 'hello', protocol: 1, agentVersion: '0.1.0', platform: 'linux', arch: 'x64', managers: ['apt'] }));
    await next(socket, 'welcome');
    const assigned = next(socket, 'job.assign');
    const installation = await browser.call('/api/installations', {
      method: 'POST',
      body: { listId: list.id, deviceIds: [enrolled.device.device_id] },
    });
    const { job } = await assigned;
    socket.send(JSON.stringify({ type: 'job.ack', jobId: job.jobId }));
    const report = (item, status, message) =>
      JSON.stringify({
        type: 'item.progress',
        jobId: job.jobId,
        itemId: item.itemId,
        status,
        manager: 'apt',
        version: null,
        exitCode: null,
        message,
        log: '',
      });

    const started = performance.now();
    const cpuBefore = cpuMicros(loadout.pid);
    for (let i = 0; i < REPORTS; i += 1) socket.send(report(job.items[i % job.items.length], 'installing', `Installing (${i})`));
    for (const item of job.items) socket.send(report(item, 'succeeded', 'Installed'));
    socket.send(JSON.stringify({ type: 'job.done', jobId: job.jobId }));
    // Handled in order on the connection: once the job is finished, every report before it was taken.
    for (;;) {
      const state = await browser.call(`/api/installations/${installation.id}`);
      if (state.status === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    const cpuPerMessage = (cpuMicros(loadout.pid) - cpuBefore) / REPORTS;
    socket.close();
    return { rate: REPORTS / seconds, cpuPerMessage };
  } finally {
    await loadout.stop();
  }
}

const { rate: bareRate, cpuPerMessage: bareCpu } = await bare();
const { rate: ourRate, cpuPerMessage: ourCpu } = await ours();
const ratio = ourRate / bareRate;
console.log(`\nagent report ratio (budget ≥ ${BUDGET.toFixed(2)} of a bare ws server, ${REPORTS} reports over one connection)`);
printTable([
  {
    server: 'bare ws, JSON.parse each',
    'msg/s': Math.round(bareRate),
    ratio: '1.00',
    'CPU µs/msg': bareCpu.toFixed(1),
    'CPU ratio': '1.00',
  },
  {
    server: 'Loadout agent hub (item.progress)',
    'msg/s': Math.round(ourRate),
    ratio: ratio.toFixed(2),
    'CPU µs/msg': ourCpu.toFixed(1),
    // The bare server's CPU per message over ours: the same ratio, without the noise of waiting for a core.
    'CPU ratio': (bareCpu / ourCpu).toFixed(2),
  },
]);
console.log(
  `agent reports ${ratio.toFixed(2)} of bare ws (${Math.round(ourRate)} / ${Math.round(bareRate)} msg/s): ${ratio >= BUDGET ? 'within budget' : 'OVER BUDGET'}`,
);
if (ratio < BUDGET && process.env.BENCH_NO_FAIL !== '1') process.exitCode = 1;
