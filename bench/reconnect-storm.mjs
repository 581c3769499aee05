// Goal: after a server restart every agent is reconnected within the budget, without a
// thundering herd: the agent's full-jitter backoff spreads them out. Two sizes: 10,000 agents
// within 45 s (this file), 50,000 within 60 s (bench/reconnect-storm-50k.mjs, which runs this
// one with BENCH_AGENTS=50000 BENCH_BUDGET_S=60).
//
// How: the built server on a fresh SQLite database, listening on 127.0.0.1, behind the
// TRUST_PROXY an operator's reverse proxy sets (see bench/fleet.mjs BEHIND_PROXY: every person
// and machine sends its own X-Forwarded-For, so the per-IP limits stay on); people buy Annual
// Premium in the payment sandbox and enrol 25 machines each through the API (bench/fleet.mjs).
// The agents run in a second process (bench/agent-swarm.mjs), each the agent's own
// AgentConnection from src/agent/connection.ts (loaded through tsx, not copied), bound to
// 127.0.1.x source addresses, 2,500 each (see bench/fleet.mjs AGENTS_PER_SOURCE_ADDRESS for why):
// when its connection drops it waits backoffDelay(attempt) — anywhere in
// [0, min(60 s, 1 s · 2^attempt)) — before each try.
// Once all are connected, the server is restarted as an operator would: SIGINT, wait for the
// process to exit, start it again on the same port and database. The clock runs from the SIGINT
// until every agent has been welcomed again by the new process; the server then confirms every
// machine online (GET /api/devices of every person). The spread is each agent's first welcome
// after the restart (the most in any 1 s window against the total, and the count per 5 s), and
// every try to connect (the most in any 1 s window, overall and once the new process was ready:
// every agent tries once within 1 s of the drop, as backoffDelay(0) < 1 s; the jitter spreads
// the tries that follow).
// The server listens on a port below the kernel's ephemeral range, so no agent retrying while
// it is down can be handed its port. Both processes need more open files than agents: the
// script raises its soft limit to the hard one; a hard limit too low is said with how to raise
// it, and fewer agents are measured (the goal then not shown).
// BENCH_AGENTS (default 10,000, a multiple of 25) and BENCH_BUDGET_S (default 45) set the size
// and the goal. Prints the table last; exits 1 on a miss unless BENCH_NO_FAIL=1.
import {
  agentsThatFit,
  BEHIND_PROXY,
  bounded,
  connectSwarm,
  describeSources,
  ensureFdLimit,
  FD_HEADROOM,
  fleetOnline,
  processCpuSeconds,
  startRestartableLoadout,
  stoppedAtEnd,
  swarmAndFleet,
  until,
} from './fleet.mjs';
import { printTable } from './lib.mjs';

const WANTED = Number(process.env.BENCH_AGENTS ?? 10_000);
const MACHINES_PER_PERSON = 25;
const AGENTS = agentsThatFit(WANTED, MACHINES_PER_PERSON);
const BUDGET_MS = Number(process.env.BENCH_BUDGET_S ?? 45) * 1000;

ensureFdLimit(AGENTS + FD_HEADROOM);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The most timestamps (ms) in any window of `width` ms. */
function busiestWindow(times, width) {
  let most = 0;
  let start = 0;
  for (let end = 0; end < times.length; end += 1) {
    while (times[end] - times[start] >= width) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

const figures = await bounded(45 * 60_000, async (defer) => {
  const loadout = stoppedAtEnd(defer, await startRestartableLoadout(BEHIND_PROXY));
  const { swarm, fleet } = await swarmAndFleet(defer, loadout, { people: AGENTS / MACHINES_PER_PERSON, machines: MACHINES_PER_PERSON });
  console.log(`Connecting ${AGENTS} agents…`);
  const sources = await connectSwarm(swarm, loadout.url, fleet);
  if (!(await until(async () => (await swarm.call('stats')).ready === AGENTS, { timeoutMs: 15 * 60_000, everyMs: 200 })))
    throw new Error(`only ${(await swarm.call('stats')).ready} of ${AGENTS} agents connected`);
  // Each hello's inventory answer handled before the restart.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const before = await swarm.call('mark');

  console.log('Restarting the server (SIGINT, then a new process on the same port and database)…');
  const restartEpoch = Date.now();
  // Who is busy while the agents come back: CPU seconds of the swarm and of the server (the new
  // process once it runs) per 5 s after the SIGINT. A gap with both idle is neither's doing.
  const cpu = { swarm: [], server: [] };
  let lastSwarm = processCpuSeconds(swarm.pid);
  let serverPid = loadout.pid;
  let lastServer = processCpuSeconds(serverPid);
  const sampler = setInterval(() => {
    try {
      const nowSwarm = processCpuSeconds(swarm.pid);
      cpu.swarm.push(nowSwarm - lastSwarm);
      lastSwarm = nowSwarm;
      if (loadout.pid !== serverPid) [serverPid, lastServer] = [loadout.pid, 0];
      const nowServer = processCpuSeconds(serverPid);
      cpu.server.push(nowServer - lastServer);
      lastServer = nowServer;
    } catch {
      // the old process gone between two reads
      cpu.server.push(NaN);
    }
  }, 5_000);
  const restart = await loadout.restart();
  const downMs = restart.ready - restart.stopping;
  console.log(
    `  old process exited after ${seconds(restart.stopped - restart.stopping)}, new one ready ${seconds(downMs)} after the SIGINT; waiting for the agents…`,
  );
  const allBack = await until(async () => (await swarm.call('stats')).readyAgainCount === AGENTS, { timeoutMs: 3 * 60_000, everyMs: 100 });
  clearInterval(sampler);
  const after = await swarm.call('stats', { withTimes: true });
  const times = after.firstReadyTimes
    .filter((time) => time !== null)
    .map((time) => time - restartEpoch)
    .sort((a, b) => a - b);
  const tries = after.tryTimes.map((time) => time - restartEpoch).sort((a, b) => a - b);
  const online = await fleetOnline(loadout.url, fleet);
  const perFive = [];
  for (const time of times) perFive[Math.floor(time / 5000)] = (perFive[Math.floor(time / 5000)] ?? 0) + 1;
  return {
    allBack,
    back: times.length,
    ready: after.ready,
    online,
    downMs,
    exitMs: restart.stopped - restart.stopping,
    lastMs: times.at(-1) ?? Infinity,
    p50Ms: times[Math.floor(times.length / 2)] ?? Infinity,
    firstMs: times[0] ?? Infinity,
    busiest: busiestWindow(times, 1000),
    tries: tries.length,
    busiestTries: busiestWindow(tries, 1000),
    busiestTriesReady: busiestWindow(
      tries.filter((time) => time >= downMs),
      1000,
    ),
    perFive: Array.from(perFive, (count) => count ?? 0),
    failedTries: after.warnings - before.warnings,
    welcomes: after.connects - before.connects,
    sources: `${sources.length}: ${describeSources(after.bySource)}`,
    cpu,
  };
});

const shown = AGENTS === WANTED;
const met = shown && figures.allBack && figures.online === AGENTS && figures.lastMs <= BUDGET_MS;
console.log(`\nReconnect storm: ${AGENTS} agents, server restarted (budget: all back within ${BUDGET_MS / 1000} s of the restart)`);
printTable([
  { figure: 'source addresses (agents back from each)', value: figures.sources },
  { figure: 'old process exited after SIGINT', value: seconds(figures.exitMs) },
  { figure: 'new process ready after SIGINT', value: seconds(figures.downMs) },
  { figure: 'agents back (welcomed by the new process)', value: `${figures.back} / ${AGENTS}` },
  { figure: 'online per GET /api/devices', value: `${figures.online} / ${AGENTS}` },
  {
    figure: 'first / median / last back, after SIGINT',
    value: `${seconds(figures.firstMs)} / ${seconds(figures.p50Ms)} / ${seconds(figures.lastMs)}`,
  },
  { figure: 'most welcomes in any 1 s window', value: `${figures.busiest} (${((100 * figures.busiest) / AGENTS).toFixed(1)} % of all)` },
  { figure: 'welcomes per 5 s after SIGINT', value: figures.perFive.join(' ') },
  { figure: 'server CPU s per 5 s (old, then new process)', value: figures.cpu.server.map((s) => s.toFixed(1)).join(' ') },
  { figure: 'swarm CPU s per 5 s', value: figures.cpu.swarm.map((s) => s.toFixed(1)).join(' ') },
  { figure: 'tries to connect (of which failed)', value: `${figures.tries} (${figures.failedTries})` },
  { figure: 'most tries in any 1 s window', value: figures.busiestTries },
  { figure: '  once the new process was ready', value: figures.busiestTriesReady },
]);
console.log(
  `${figures.back}/${AGENTS} agents back ${seconds(figures.lastMs)} after the restart (new process ready at ${seconds(figures.downMs)}), at most ${figures.busiest} in any second: ${met ? 'within budget' : 'OVER BUDGET'}${shown ? '' : ` — ${WANTED} NOT SHOWN: the hard limit of open files allows ${AGENTS}`}`,
);
if (!met && process.env.BENCH_NO_FAIL !== '1') process.exitCode = 1;
