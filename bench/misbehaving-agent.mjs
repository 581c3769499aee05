// One misbehaving agent credential must leave other people's requests as fast as before. The
// p99 of a signed-in read (GET /api/devices, autocannon, 10 connections) is measured at rest and
// while one account's machines misbehave, in alternating rounds, and the medians are compared:
//   - machine A floods 63 KiB inventory frames with a hello after every ten, as fast as its
//     socket takes them, and connects again at once whenever the server closes it;
//   - machine B (a second connection of the same account) says hello over and over and never
//     reads a byte of what it is sent.
// The misbehaving agents run in a child process (this file, `attack`) at the lowest CPU priority,
// so that what is measured is what they cost the server, not the core they would take from it
// on a two-core machine. Also printed: the server's RSS, what the agents sent,
// how often the server closed them, and how many inventory check-ins it wrote for A.
// Loopback only, a fresh SQLite database with the seeded catalogue, bounded in time.
// Prints the table last; exits 1 on a miss unless BENCH_NO_FAIL=1.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

import { bounded, enrolPerson, processMemory, seededApps, stoppedAtEnd } from './fleet.mjs';
import { load, printTable, signedInBrowser, startLoadout } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** p99 is the noisiest figure there is: under attack it may be this much of the one at rest. */
const BUDGET_RATIO = 1.5;
/** ...or this many milliseconds more, when the one at rest is a few milliseconds. */
const BUDGET_SLACK_MS = 5;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const hello = JSON.stringify({ type: 'hello', protocol: 1, agentVersion: '0.1.0', platform: 'linux', arch: 'x64', managers: ['apt'] });

if (process.argv[2] === 'attack') {
  attack(JSON.parse(process.argv[3]));
} else {
  await main();
}

/** The child: machine A floods, machine B never reads; on 'stop' it answers its counts and exits. */
function attack({ url, flooder, deaf }) {
  const stats = { sent: 0, deafSent: 0, connections: 0, closedByServer: {} };
  let stopping = false;
  const wsUrl = `${url.replace(/^http/, 'ws')}/api/agent/ws`;
  const packages = Array.from({ length: 600 }, (_, i) => ({
    manager: 'apt',
    id: `lib-flood-pkg-${String(i).padStart(4, '0')}`,
    installedVersion: '1.2.3-4ubuntu5.6',
    availableVersion: null,
  }));
  const inventory = JSON.stringify({ type: 'inventory', packages });
  const connect = (credential) =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(wsUrl, { headers: { authorization: `Bearer ${credential}` }, perMessageDeflate: false });
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
    });

  const flood = async () => {
    while (!stopping) {
      const socket = await connect(flooder).catch(() => null);
      if (!socket) continue;
      stats.connections += 1;
      socket.on('error', () => {});
      let open = true;
      const closed = new Promise((resolve) => socket.once('close', (code) => resolve(code)));
      closed.then(() => (open = false));
      socket.send(hello);
      const pump = () => {
        if (!open || stopping) return;
        while (socket.bufferedAmount < 1024 * 1024) {
          socket.send(stats.sent % 10 === 0 ? hello : inventory);
          stats.sent += 1;
        }
        setTimeout(pump, 1);
      };
      pump();
      const code = await closed;
      stats.closedByServer[code] = (stats.closedByServer[code] ?? 0) + 1;
    }
  };

  const neverRead = async () => {
    const socket = await connect(deaf);
    socket.on('error', () => {});
    socket.send(hello);
    // Nothing is read from here on: what the server sends stays in its buffers, then its memory.
    socket._socket.pause();
    const pump = () => {
      if (stopping || socket.readyState !== WebSocket.OPEN) return;
      while (socket.bufferedAmount < 256 * 1024) {
        socket.send(hello);
        stats.deafSent += 1;
      }
      setTimeout(pump, 1);
    };
    pump();
  };

  void flood();
  void neverRead();
  process.on('message', (message) => {
    if (message !== 'stop') return;
    stopping = true;
    process.send(stats, () => process.exit(0));
  });
  process.send('ready');
}

async function main() {
  const figures = await bounded(4 * 60_000, async (defer) => {
    const loadout = stoppedAtEnd(defer, await startLoadout({ CATALOGUE_SEED_FILE: './resources/catalogue/seed.json' }));
    await seededApps(loadout.url);
    // Someone else, whose reads are measured; and the account whose two machines misbehave (Premium, to read its check-ins).
    const reader = await signedInBrowser(loadout.url);
    const owner = await enrolPerson(loadout.url, 1, { machines: 2 });
    const [flooder, deaf] = owner.machines;
    const { headers } = reader;
    const url = `${loadout.url}/api/devices`;
    const read = () => load(url, { headers, seconds: SECONDS, connections: 10, pid: loadout.pid });

    await read(); // warm-up: the first seconds of a fresh process are not its steady state
    const rssAtRest = processMemory(loadout.pid).rssMiB;
    const rounds = [];
    let attacker = null;
    defer(() => attacker?.kill('SIGKILL'));
    for (let round = 1; round <= ROUNDS; round += 1) {
      const rest = await read();
      // At the lowest CPU priority: on a small machine a flooder running flat out would otherwise
      // take a core from the server and the load generator, and that would be measured instead.
      const args = ['attack', JSON.stringify({ url: loadout.url, flooder: flooder.credential, deaf: deaf.credential })];
      attacker = spawn('nice', ['-n', '19', process.execPath, fileURLToPath(import.meta.url), ...args], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const stats = new Promise((resolve) => attacker.on('message', (message) => message !== 'ready' && resolve(message)));
      await new Promise((resolve) => attacker.once('message', resolve));
      // Let the flood reach its pace before measuring.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const attacked = await read();
      const rssAttacked = processMemory(loadout.pid).rssMiB;
      attacker.send('stop');
      const sent = await stats;
      attacker = null;
      rounds.push({ round, rest, attacked, rssAttacked, sent });
      console.log(
        `round ${round}: p99 ${rest.p99} ms at rest, ${attacked.p99} ms attacked; ` +
          `${rest.rps.toFixed(0)} / ${attacked.rps.toFixed(0)} req/s; server CPU ${rest.cpuUsPerRequest.toFixed(0)} / ${attacked.cpuUsPerRequest.toFixed(0)} µs a read; RSS ${rssAttacked.toFixed(0)} MiB; ` +
          `A sent ${sent.sent} frames over ${sent.connections} connections (closed: ${JSON.stringify(sent.closedByServer)}), B ${sent.deafSent} hellos`,
      );
      // What the attack left behind (closing sockets, kept inventories) settles before the next rest.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const checkIns = await owner.as(`/api/devices/${flooder.deviceId}/check-ins`);
    const memory = processMemory(loadout.pid);
    return { rounds, rssAtRest, memory, inventoryCheckIns: checkIns.checkIns.filter((checkIn) => checkIn.kind === 'inventory').length };
  });

  const { rounds, rssAtRest, memory, inventoryCheckIns } = figures;
  const restP99 = median(rounds.map((r) => r.rest.p99));
  const attackedP99 = median(rounds.map((r) => r.attacked.p99));
  const ratio = attackedP99 / restP99;
  const met = attackedP99 <= Math.max(restP99 * BUDGET_RATIO, restP99 + BUDGET_SLACK_MS);
  const frames = rounds.reduce((sum, r) => sum + r.sent.sent, 0);
  const errors = rounds.reduce((sum, r) => sum + r.rest.non2xx + r.attacked.non2xx, 0);

  console.log(
    `\nmisbehaving agent (budget: other reads' p99 within ${BUDGET_RATIO}× or +${BUDGET_SLACK_MS} ms of rest; medians of ${ROUNDS} rounds of ${SECONDS} s)`,
  );
  printTable([
    { figure: "other reads' p99 at rest (GET /api/devices)", value: `${restP99} ms` },
    { figure: "other reads' p99 while one account's agents misbehave", value: `${attackedP99} ms` },
    { figure: 'ratio', value: ratio.toFixed(2) },
    {
      figure: 'reads per second at rest / attacked',
      value: `${median(rounds.map((r) => r.rest.rps)).toFixed(0)} / ${median(rounds.map((r) => r.attacked.rps)).toFixed(0)}`,
    },
    { figure: 'reads answered other than 2xx', value: String(errors) },
    {
      figure: 'server RSS at rest / attacked (median) / peak',
      value: `${rssAtRest.toFixed(0)} / ${median(rounds.map((r) => r.rssAttacked)).toFixed(0)} / ${memory.peakMiB.toFixed(0)} MiB`,
    },
    { figure: 'frames machine A sent (63 KiB inventories, hellos)', value: String(frames) },
    { figure: 'inventory check-ins written for machine A', value: String(inventoryCheckIns) },
  ]);
  console.log(
    `other reads' p99 ${restP99} → ${attackedP99} ms under a misbehaving agent (${ratio.toFixed(2)}×; RSS ${rssAtRest.toFixed(0)} → peak ${memory.peakMiB.toFixed(0)} MiB): ${met && errors === 0 ? 'within budget' : 'OVER BUDGET'}`,
  );
  if ((!met || errors > 0) && process.env.BENCH_NO_FAIL !== '1') process.exitCode = 1;
}
