// What the many-machines benchmarks share (agents-50k, fanout-10k, reconnect-storm): accounts
// that buy Annual Premium and enrol their machines through the API as people and agents do, the
// agent swarm in a second process, a server that can be restarted on its database, the limits
// (open files, time) those need, and the server's memory. Loopback only.
import { fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildServerIfStale, SERVER_BUNDLE } from '../scripts/server-build.mjs';
import { call, serverEnv, waitForHealth } from './lib.mjs';

/**
 * The server as an operator runs it behind a reverse proxy (TRUST_PROXY): it takes the
 * client's address from X-Forwarded-For. Each simulated person and machine sends its own address,
 * as thousands of real ones would have, so the per-IP limits on sign-up, sign-in and enrolment
 * (30 per 15 minutes) stay on and count per client instead of refusing one loopback address.
 */
export const BEHIND_PROXY = { TRUST_PROXY: '127.0.0.1' };

/** 10.a.b.c for person n, 100.64+… for machine n: distinct, never a real host. */
const personAddress = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const machineAddress = (n) => `100.${64 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255}`;

/**
 * A port no outgoing connection can be given: below the kernel's ephemeral range. With thousands
 * of agents retrying while the server is down, one could otherwise be handed the server's own
 * port, connect to itself, and keep the restarted server from listening.
 */
export function portOutsideEphemeralRange() {
  let low = 32768;
  try {
    low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || low;
  } catch {
    // not Linux: the usual range
  }
  const from = Math.max(1024, low - 8000);
  return from + Math.floor(Math.random() * (low - from));
}

/**
 * `npm start`'s bundle on a fresh SQLite database, like lib.mjs's startLoadout, but `restart()`
 * stops the process with SIGINT (as Ctrl-C or systemd does) and starts a new one on the same port
 * and database; it answers when each step happened (performance.now()). `pid`: the running one's.
 */
export async function startRestartableLoadout(env = {}) {
  await buildServerIfStale();
  const dir = mkdtempSync(join(tmpdir(), 'loadout-bench-'));
  const port = portOutsideEphemeralRange();
  const url = `http://127.0.0.1:${port}`;
  let child = null;
  const start = async () => {
    // BENCH_NODE_ARGS as for lib.mjs's startLoadout (e.g. --cpu-prof: a profile per process, the restarted one's without enrolment).
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    child = spawn(process.execPath, [...nodeArgs, SERVER_BUNDLE], {
      env: serverEnv(dir, port, env),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHealth(url, Date.now() + 60_000);
  };
  const halt = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    // The server forces its own exit after 10 s; past that it is stuck.
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  };
  try {
    await start();
  } catch (error) {
    await halt();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    get pid() {
      return child.pid;
    },
    async restart() {
      const stopping = performance.now();
      await halt();
      const stopped = performance.now();
      await start();
      return { stopping, stopped, ready: performance.now() };
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resident and peak resident memory of a process (Linux /proc/<pid>/status), in MiB. */
export function processMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/** CPU time (user + system) a process has used so far, in seconds (Linux /proc/<pid>/stat, 100 ticks a second). */
export function processCpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** This process's limit of open files: soft and hard (Infinity for unlimited). */
export function fdLimits() {
  const limits = /^Max open files\s+(\S+)\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
  const soft = limits?.[1] === 'unlimited' ? Infinity : Number(limits?.[1]);
  const hard = limits?.[2] === 'unlimited' ? Infinity : Number(limits?.[2]);
  return { soft, hard };
}

/** Open files a process needs besides one per agent: the database, the listening socket, the API calls. */
export const FD_HEADROOM = 1_000;

/** How to raise a hard limit of open files that is too low, said when it is. */
function raiseHardLimitHint(needed) {
  return (
    `raise it (as root \`prlimit --nofile=${needed}:${needed} --pid <shell pid>\`, LimitNOFILE= in systemd, ` +
    `/etc/security/limits.conf, or \`docker run --ulimit nofile=${needed}:${needed}\` in a container, where even root ` +
    `cannot raise it without CAP_SYS_RESOURCE)`
  );
}

/**
 * How many of `wanted` agents (a multiple of `unit`) this machine's hard limit of open files lets
 * one server process hold (a socket each, on each side). Fewer than wanted is said, with how to
 * raise the limit: the benchmark then measures that many and reports its goal as not shown.
 */
export function agentsThatFit(wanted, unit) {
  const { hard } = fdLimits();
  if (hard >= wanted + FD_HEADROOM) return wanted;
  const fit = Math.max(unit, Math.floor((hard - FD_HEADROOM) / unit) * unit);
  console.error(
    `The hard limit of open files is ${hard}: one process cannot hold ${wanted} agents here (each is a socket on both ` +
      `sides). Measuring ${fit} instead; to measure ${wanted}, ${raiseHardLimitHint(wanted + FD_HEADROOM)}.`,
  );
  return fit;
}

/**
 * Makes sure this process, and so every child it starts, may open `needed` files (an agent is a
 * socket on each side). A soft limit below it is raised to the hard one by running this script
 * again under `ulimit -n`; a hard limit below it is the operator's to raise, and the error says how.
 */
export function ensureFdLimit(needed) {
  const { soft, hard } = fdLimits();
  if (soft >= needed) return soft;
  if (hard < needed || process.env.BENCH_FD_RAISED === '1') {
    console.error(
      `This benchmark needs ${needed} open files per process and the hard limit is ${hard}: ${raiseHardLimitHint(needed)} and run it again.`,
    );
    process.exit(1);
  }
  const wanted = hard === Infinity ? needed : hard;
  const again = spawnSync(
    'bash',
    ['-c', `ulimit -n ${wanted} && exec "$0" "$@"`, process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
      env: { ...process.env, BENCH_FD_RAISED: '1' },
    },
  );
  process.exit(again.status ?? 1);
}

/**
 * Runs `main(defer)` within `limitMs`: what `defer(fn, pidOf)` registered runs last-first on the
 * way out, after success, an error, Ctrl-C or the time limit, so no child process or temp dir is
 * left. Should a cleanup itself hang, the processes `pidOf()` names are killed before exiting.
 */
export async function bounded(limitMs, main) {
  const cleanups = [];
  const pids = [];
  let cleaning = null;
  const cleanup = () =>
    (cleaning ??= (async () => {
      for (const fn of cleanups.reverse()) {
        try {
          await fn();
        } catch (error) {
          console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })());
  const abort = (why) => {
    console.error(why);
    setTimeout(() => {
      for (const pidOf of pids) {
        try {
          process.kill(pidOf(), 'SIGKILL');
        } catch {
          // already gone
        }
      }
      process.exit(1);
    }, 30_000).unref();
    void cleanup().then(() => process.exit(1));
  };
  const timer = setTimeout(() => abort(`stopped: the benchmark ran past its limit of ${Math.round(limitMs / 1000)} s`), limitMs);
  const onSignal = (signal) => abort(`stopped by ${signal}`);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await main((fn, pidOf) => {
      cleanups.push(fn);
      if (pidOf) pids.push(pidOf);
    });
  } finally {
    clearTimeout(timer);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup();
  }
}

/** Runs `work(i)` for i in [0, count) with at most `concurrency` at once. */
export async function pool(count, concurrency, work) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      await work(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/**
 * A person with `machines` machines, as the web app and the agent make one: signs up and in on
 * a phone's browser (the admin device that makes registration tokens; a phone takes no seat, so
 * all of Annual Premium's 10 seats go to machines), buys the plan in the payment sandbox with the
 * test card, makes one registration token for all the machines, and each machine enrols with it
 * as `loadout-agent enroll` does. Answers the session and each machine's id and credential.
 */
export async function enrolPerson(url, n, { machines, plan = 'annual_premium', tag = randomBytes(3).toString('hex') }) {
  const from = personAddress(n);
  const email = `bench-${tag}-${n}@example.test`;
  const password = 'correct horse battery staple';
  await call(url, '/api/auth/register', {
    method: 'POST',
    from,
    body: {
      firstName: 'Bench',
      lastName: `Person ${n}`,
      email,
      password,
      careerField: 'Engineering',
      dateOfBirth: '1990-05-17',
      agreeToTerms: true,
      receiveEmails: false,
    },
  });
  const session = await call(url, '/api/auth/login', { method: 'POST', from, body: { email, password } });
  const deviceId = `dev_${randomBytes(6).toString('hex')}`;
  const person = { email, password, token: session.token, refreshToken: session.refreshToken, deviceId, from, machines: [] };
  const as = (path, options = {}) => call(url, path, { token: person.token, deviceId, from, ...options });
  person.as = as;
  await as('/api/devices/register', { method: 'POST', body: { deviceId, deviceName: 'Phone', platform: 'iPhone' } });
  if (plan) {
    const intent = await as('/api/payment/create-payment-intent', { method: 'POST', body: { plan } });
    await as('/api/payment/sandbox/confirm', {
      method: 'POST',
      body: { clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', billingEmail: email },
    });
    await as('/api/payment/verify', { method: 'POST', body: { paymentIntentId: intent.paymentIntentId, planType: plan } });
  }
  const { token } = await as('/api/device-tokens', { method: 'POST', body: { maxUses: machines } });
  for (let m = 0; m < machines; m += 1) {
    const machineId = `dev_${randomBytes(6).toString('hex')}`;
    const { credential, device } = await call(url, '/api/devices/enroll', {
      method: 'POST',
      from: machineAddress(n * machines + m),
      body: {
        code: token.code,
        deviceId: machineId,
        deviceName: `machine-${n}-${m}`,
        platform: 'linux',
        arch: 'x64',
        agentVersion: '0.1.0',
        hardwareFingerprint: randomBytes(16).toString('hex'),
      },
    });
    person.machines.push({ deviceId: device.device_id, credential });
  }
  return person;
}

/** `people` people of `machines` machines each, `concurrency` at a time; prints progress now and then. */
export async function enrolFleet(url, { people, machines, concurrency = 6, plan }) {
  const fleet = new Array(people);
  const started = performance.now();
  let done = 0;
  await pool(people, concurrency, async (n) => {
    fleet[n] = await enrolPerson(url, n, { machines, plan });
    done += 1;
    if (done % Math.max(1, Math.round(people / 10)) === 0 || done === people)
      console.log(
        `  ${done}/${people} people, ${done * machines} machines enrolled (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
  });
  return fleet;
}

/**
 * Agents per loopback source address. One address has about 28,000 ephemeral ports to connect
 * from (net.ipv4.ip_local_port_range), but a socket bound to an address before it connects
 * (localAddress) has its port chosen by bind, which the kernel makes slower the more ports of
 * that address are in use: at 10,000 an address, a reconnect storm's tries cost the swarm about
 * 2 ms each in connect() and kept it saturated (while the server sat idle) for 20 s; at 2,500 the
 * gap was gone. BENCH_AGENTS_PER_SOURCE changes it (to try several on a small run).
 */
export const AGENTS_PER_SOURCE_ADDRESS = Number(process.env.BENCH_AGENTS_PER_SOURCE ?? 2_500);

/** The loopback source addresses for `agents` agents: 127.0.1.1, 127.0.1.2, … (all of 127/8 is this host on Linux). */
export function loopbackSources(agents) {
  const count = Math.min(250, Math.max(1, Math.ceil(agents / AGENTS_PER_SOURCE_ADDRESS)));
  return Array.from({ length: count }, (_, i) => `127.0.1.${i + 1}`);
}

/**
 * Connects every machine of `fleet` from the swarm, spread evenly over loopbackSources (the
 * server listens on 127.0.0.1 and takes them all). Answers the source addresses used.
 */
export async function connectSwarm(swarm, server, fleet) {
  const credentials = fleet.flatMap((person) => person.machines.map((m) => m.credential));
  const localAddresses = loopbackSources(credentials.length);
  await swarm.call('connect', { server, credentials, localAddresses });
  return localAddresses;
}

/** "10000 from 127.0.1.1, 9000 from 127.0.1.2": connected agents per source address, from the swarm's stats. */
export function describeSources(bySource) {
  return Object.entries(bySource)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([address, count]) => `${count} from ${address}`)
    .join(', ');
}

/** `started` (a server or the swarm), stopped by `bounded`'s cleanup, killed if that hangs. */
export function stoppedAtEnd(defer, started) {
  defer(
    () => started.stop(),
    () => started.pid,
  );
  return started;
}

/**
 * The swarm, and `people` Annual Premium accounts of `machines` machines each enrolled on
 * `server`: what the many-machines benchmarks start from; `enrolMs`: how long enrolling took.
 */
export async function swarmAndFleet(defer, server, { people, machines, what = '' }) {
  const swarm = stoppedAtEnd(defer, await startSwarm());
  console.log(`Enrolling ${people * machines} machines (${people} Annual Premium accounts)${what}…`);
  const started = performance.now();
  const fleet = await enrolFleet(server.url, { people, machines, plan: 'annual_premium' });
  return { swarm, fleet, enrolMs: performance.now() - started };
}

/** The seeded catalogue's apps, once the server has applied the seed (just after it is ready). */
export async function seededApps(url) {
  let apps = [];
  await until(
    async () => {
      apps = await (await fetch(`${url}/catalogue/apps`)).json();
      return apps.length > 0;
    },
    { timeoutMs: 30_000, everyMs: 50 },
  );
  return apps;
}

/**
 * The load generator: bench/agent-swarm.mjs in its own process (so its work is not the server's
 * nor the benchmark's), driven over IPC. `call(cmd, args)` answers the swarm's result.
 */
export async function startSwarm() {
  const child = fork(new URL('./agent-swarm.mjs', import.meta.url), [], {
    // tsx: the swarm imports the agent's own TypeScript (src/agent/connection.ts).
    // BENCH_SWARM_ARGS: more for its node (e.g. --cpu-prof: where the load generator's time goes).
    execArgv: ['--import', import.meta.resolve('tsx'), ...(process.env.BENCH_SWARM_ARGS ?? '').split(' ').filter(Boolean)],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map();
  let nextId = 1;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.on('message', (message) => {
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(`swarm: ${message.error}`));
    else waiter.resolve(message.result);
  });
  void exited.then((code) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`the swarm exited (${code})`));
    pending.clear();
  });
  const callSwarm = (cmd, args = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId;
      nextId += 1;
      pending.set(id, { resolve, reject });
      child.send({ id, cmd, ...args });
    });
  await callSwarm('ping');
  return {
    pid: child.pid,
    call: callSwarm,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await Promise.race([callSwarm('stop').catch(() => undefined), exited]);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Polls `check()` every `everyMs` until it answers true or `timeoutMs` passed; answers whether it did. */
export async function until(check, { timeoutMs, everyMs = 100 }) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * What the server says of a person's machines (GET /api/devices, as the web app reads it): how many
 * are online, i.e. their agent is connected and was heard from within the last 90 s. Signs in again
 * with the refresh token when the 15-minute access token has run out.
 */
export async function machinesOnline(url, person) {
  const read = () => call(url, '/api/devices', { token: person.token, deviceId: person.deviceId, from: person.from });
  let answer;
  try {
    answer = await read();
  } catch (error) {
    if (!String(error).includes('answered 401')) throw error;
    const renewed = await call(url, '/api/auth/refresh', {
      method: 'POST',
      from: person.from,
      body: { refreshToken: person.refreshToken },
    });
    Object.assign(person, { token: renewed.token, refreshToken: renewed.refreshToken });
    answer = await read();
  }
  return answer.devices.filter((device) => device.registration_method === 'token' && device.connection_status === 'online').length;
}

/** Every person's online machines, added up. */
export async function fleetOnline(url, fleet, concurrency = 8) {
  let online = 0;
  await pool(fleet.length, concurrency, async (n) => {
    const count = await machinesOnline(url, fleet[n]);
    online += count;
  });
  return online;
}
