// DESIGN §8 / issue 13: one server process holds 15,000 connected agents within 1.5 GiB of
// resident memory, with heartbeats flowing.
//
// How: the built server (startLoadout) on a fresh SQLite database; 1,500 people buy Annual
// Premium (10 machines each) and enrol their machines through the API as people and agents do
// (bench/fleet.mjs: sign-up, sign-in on a phone, the payment sandbox with the test card, one
// registration token, POST /api/devices/enroll per machine). Buying a plan through the sandbox
// is the path a user takes and costs a few requests; the slow part of sign-up is password
// hashing, which is the product's. The server runs with TRUST_PROXY=127.0.0.1 and every person
// and machine sends its own X-Forwarded-For address: an operator behind a reverse proxy sets
// exactly that, and it keeps the per-IP limits on (30 sign-ups, sign-ins and enrolments per 15
// minutes per address) instead of refusing the 31st client of one loopback address.
// The agents run in a second process (bench/agent-swarm.mjs), each the agent's own
// AgentConnection: a real WebSocket with its credential, hello, heartbeats every heartbeatMs
// the server gives, answers to the server's pings, an inventory answer. After all are welcomed
// the benchmark waits BENCH_HOLD_S (default 100 s: longer than the server's 90 s online window
// and three of its 30 s ping rounds), then checks in the swarm that none was dropped and in the
// server (GET /api/devices of every person) that every machine reads online — which it only does
// if its heartbeats were recorded — and reads the server's VmRSS from /proc.
// Both processes need more than 15,000 open files: the script raises its soft limit to the hard
// one (children inherit it) and stops with an explanation when the hard limit is too low.
// BENCH_AGENTS (default 15,000, a multiple of 10) and BENCH_HOLD_S make development runs small.
// Prints the table last; exits 1 on a miss unless BENCH_NO_FAIL=1.
import {
  BEHIND_PROXY,
  bounded,
  ensureFdLimit,
  fleetOnline,
  processCpuSeconds,
  processMemory,
  stoppedAtEnd,
  swarmAndFleet,
  until,
} from './fleet.mjs';
import { printTable, startLoadout } from './lib.mjs';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 15_000);
const MACHINES_PER_PERSON = 10;
const HOLD_MS = Number(process.env.BENCH_HOLD_S ?? 100) * 1000;
const BUDGET_MIB = 1536;

ensureFdLimit(AGENTS + 1_000);

const seconds = (ms) => (ms / 1000).toFixed(1);

const figures = await bounded(30 * 60_000, async (defer) => {
  const loadout = stoppedAtEnd(defer, await startLoadout(BEHIND_PROXY));
  const { swarm, fleet } = await swarmAndFleet(defer, loadout, { people: AGENTS / MACHINES_PER_PERSON, machines: MACHINES_PER_PERSON });
  const beforeMiB = processMemory(loadout.pid).rssMiB;

  console.log(`Connecting ${AGENTS} agents (server RSS before: ${beforeMiB.toFixed(0)} MiB)…`);
  const started = performance.now();
  await swarm.call('connect', { server: loadout.url, credentials: fleet.flatMap((person) => person.machines.map((m) => m.credential)) });
  let lastPrint = performance.now();
  const allReady = await until(
    async () => {
      const { ready, warnings } = await swarm.call('stats');
      if (performance.now() - lastPrint > 10_000) {
        lastPrint = performance.now();
        console.log(`  ${ready}/${AGENTS} connected (${seconds(performance.now() - started)} s, ${warnings} connection warnings)`);
      }
      return ready === AGENTS;
    },
    { timeoutMs: 10 * 60_000, everyMs: 200 },
  );
  const connectMs = performance.now() - started;
  if (!allReady) throw new Error(`only ${(await swarm.call('stats')).ready} of ${AGENTS} agents connected within 10 minutes`);
  const atReady = await swarm.call('stats');
  const connectedMiB = processMemory(loadout.pid).rssMiB;

  console.log(`All connected in ${seconds(connectMs)} s (RSS ${connectedMiB.toFixed(0)} MiB); holding ${seconds(HOLD_MS)} s…`);
  const cpuBefore = processCpuSeconds(loadout.pid);
  await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
  const held = await swarm.call('stats');
  const holdCpu = (processCpuSeconds(loadout.pid) - cpuBefore) / (HOLD_MS / 1000);
  const memory = processMemory(loadout.pid);
  const online = await fleetOnline(loadout.url, fleet);
  return { connectMs, beforeMiB, connectedMiB, memory, atReady, held, online, holdCpu, swarmMiB: held.memoryMiB };
});

const { connectMs, beforeMiB, connectedMiB, memory, atReady, held, online } = figures;
const dropped = held.disconnects - atReady.disconnects;
const heartbeats = held.heartbeats - atReady.heartbeats;
const pings = held.pings - atReady.pings;
const met = held.ready === AGENTS && online === AGENTS && dropped === 0 && memory.rssMiB <= BUDGET_MIB && heartbeats > 0;

console.log(`\n${AGENTS} agents on one server process (budget: all connected and online, RSS ≤ ${BUDGET_MIB} MiB)`);
printTable([
  { figure: 'agents connected (swarm)', value: `${held.ready} / ${AGENTS}` },
  { figure: `online per GET /api/devices after ${seconds(HOLD_MS)} s`, value: `${online} / ${AGENTS}` },
  { figure: 'dropped while holding', value: dropped },
  { figure: 'time to connect all', value: `${seconds(connectMs)} s` },
  { figure: 'heartbeats sent while holding', value: heartbeats },
  { figure: 'server pings answered while holding', value: pings },
  { figure: 'server CPU while holding', value: `${(figures.holdCpu * 100).toFixed(1)} % of a core` },
  { figure: 'server RSS before agents', value: `${beforeMiB.toFixed(0)} MiB` },
  { figure: 'server RSS all connected', value: `${connectedMiB.toFixed(0)} MiB` },
  { figure: 'server RSS after holding (peak)', value: `${memory.rssMiB.toFixed(0)} MiB (${memory.peakMiB.toFixed(0)} MiB)` },
  { figure: 'per agent (connected − before)', value: `${(((connectedMiB - beforeMiB) * 1024) / AGENTS).toFixed(1)} KiB` },
  { figure: 'swarm process RSS', value: `${figures.swarmMiB} MiB` },
]);
console.log(
  `${held.ready}/${AGENTS} agents connected, ${online} online, server RSS ${memory.rssMiB.toFixed(0)} MiB, connected in ${seconds(connectMs)} s, ${heartbeats} heartbeats + ${pings} pings while holding: ${met ? 'within budget' : 'OVER BUDGET'}`,
);
if (!met && process.env.BENCH_NO_FAIL !== '1') process.exitCode = 1;
