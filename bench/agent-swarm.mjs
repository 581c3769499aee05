// The load generator of the many-machines benchmarks: thousands of device agents in one process,
// each the agent's own connection (src/agent/connection.ts, run through tsx: its hello,
// heartbeats, ping answers and full-jitter reconnect backoff, not copies of them). Each one acks
// the jobs it is given and answers an inventory request with what it found (nothing), but runs
// no installer. Driven by the benchmark over IPC (bench/fleet.mjs startSwarm).
//
// Loopback gives one source address about 28,000 ephemeral ports (net.ipv4.ip_local_port_range),
// so past that many agents the swarm binds each agent's socket to one of several 127.x.y.z
// source addresses, taken in turn (`localAddresses`: spread evenly). The agent's connection
// makes its own WebSocket and offers no source address, so the address is handed to the one
// net.connect call its `new WebSocket` makes, synchronously, inside its connect (`bindNext`).
import net from 'node:net';

import { AgentConnection } from '../src/agent/connection.ts';
import { AGENT_VERSION } from '../src/agent/version.ts';
import { AGENT_PROTOCOL_VERSION } from '../src/shared/agent/protocol.ts';

const agents = [];
const counts = { connects: 0, disconnects: 0, heartbeats: 0, pings: 0, assigns: 0, acks: 0, inventories: 0, warnings: 0, ended: 0 };
/** Date.now() of every welcome since the last mark: when each (re)connection was ready. */
let readyTimes = [];
/** Date.now() of every connection attempt since the last mark. */
let tryTimes = [];
let lastAssignAt = 0;
let lastAckAt = 0;
const jobsSeen = new Set();

/** The source address the socket being made now binds to; null: the kernel's choice. */
let bindNext = null;
const netConnect = net.connect;
net.connect = function connectFrom(...args) {
  const [options] = args;
  if (bindNext !== null && typeof options === 'object' && options !== null && options.localAddress === undefined)
    args[0] = { ...options, localAddress: bindNext };
  return netConnect.apply(this, args);
};

const logger = {
  info: () => undefined,
  warn: () => {
    counts.warnings += 1;
  },
  error: () => {
    counts.warnings += 1;
  },
};

function createAgent(server, credential, localAddress, onFirstReady) {
  /** readySince: when it was first welcomed after the last mark (Date.now()). boundTo: its socket's source address. */
  const agent = { connection: null, ready: false, everReady: false, readySince: null, boundTo: null };
  const connection = new AgentConnection({
    server,
    credential,
    hello: () => ({
      type: 'hello',
      protocol: AGENT_PROTOCOL_VERSION,
      agentVersion: AGENT_VERSION,
      platform: 'linux',
      arch: 'x64',
      managers: ['apt'],
    }),
    onMessage: (message) => {
      if (message.type === 'job.assign') {
        lastAssignAt = Date.now();
        if (!jobsSeen.has(message.job.jobId)) {
          jobsSeen.add(message.job.jobId);
          counts.assigns += 1;
        }
        connection.send({ type: 'job.ack', jobId: message.job.jobId });
        counts.acks += 1;
        lastAckAt = Date.now();
      } else if (message.type === 'inventory.request') {
        connection.send({ type: 'inventory', packages: [] });
        counts.inventories += 1;
      }
    },
    onReady: () => {
      agent.ready = true;
      counts.connects += 1;
      if (!agent.everReady) {
        agent.everReady = true;
        onFirstReady();
      }
      readyTimes.push(Date.now());
      agent.readySince ??= Date.now();
      // ws's socket: where the kernel says this connection comes from.
      agent.boundTo = connection.socket?._socket?.localAddress ?? null;
      // The server's transport-level ping, answered by ws itself as in the real agent: counted only.
      connection.socket?.on('ping', () => {
        counts.pings += 1;
      });
    },
    onDisconnected: () => {
      agent.ready = false;
      counts.disconnects += 1;
    },
    log: logger,
  });
  // Counted on the way through: the heartbeat timer calls send() on the instance.
  const send = connection.send.bind(connection);
  connection.send = (message) => {
    if (message.type === 'heartbeat') counts.heartbeats += 1;
    send(message);
  };
  // Every try to connect (the first and each one the backoff schedules), timed for the spread.
  const connect = connection.connect.bind(connection);
  connection.connect = () => {
    tryTimes.push(Date.now());
    bindNext = localAddress;
    try {
      connect();
    } finally {
      bindNext = null;
    }
  };
  void connection.ended$.then(() => {
    counts.ended += 1;
  });
  agent.connection = connection;
  return agent;
}

/**
 * Starts every agent, at most `maxConnecting` not yet welcomed at once (how fast a fleet arrives is
 * not what is measured); agent n binds to localAddresses[n % length] (none given: the kernel's choice).
 */
function connectAll(server, credentials, maxConnecting, localAddresses = []) {
  let next = 0;
  let waiting = 0;
  const startMore = () => {
    while (waiting < maxConnecting && next < credentials.length) {
      const localAddress = localAddresses.length > 0 ? localAddresses[next % localAddresses.length] : null;
      const agent = createAgent(server, credentials[next], localAddress, () => {
        waiting -= 1;
        setImmediate(startMore);
      });
      next += 1;
      waiting += 1;
      agents.push(agent);
      agent.connection.start();
    }
  };
  startMore();
}

function stats({ withTimes = false } = {}) {
  const ready = agents.reduce((n, agent) => n + (agent.ready ? 1 : 0), 0);
  /** Connected agents per source address, as their sockets say. */
  const bySource = {};
  for (const agent of agents) if (agent.ready) bySource[agent.boundTo ?? '?'] = (bySource[agent.boundTo ?? '?'] ?? 0) + 1;
  return {
    agents: agents.length,
    ready,
    ...counts,
    jobs: jobsSeen.size,
    lastAssignAt,
    lastAckAt,
    firstReadyAt: readyTimes[0] ?? null,
    lastReadyAt: readyTimes.at(-1) ?? null,
    readyCount: readyTimes.length,
    // Per agent: when each was first ready after the mark (null: not yet).
    ...(withTimes ? { readyTimes, tryTimes, firstReadyTimes: agents.map((agent) => agent.readySince) } : {}),
    bySource,
    readyAgainCount: agents.reduce((n, agent) => n + (agent.readySince === null ? 0 : 1), 0),
    memoryMiB: Math.round(process.memoryUsage().rss / 2 ** 20),
  };
}

async function handle(message) {
  switch (message.cmd) {
    case 'ping':
      return 'pong';
    case 'connect':
      connectAll(message.server, message.credentials, message.maxConnecting ?? 200, message.localAddresses);
      return stats();
    case 'stats':
      return stats(message);
    case 'mark':
      readyTimes = [];
      tryTimes = [];
      for (const agent of agents) agent.readySince = null;
      jobsSeen.clear();
      counts.assigns = 0;
      counts.acks = 0;
      return stats();
    case 'stop':
      await Promise.all(agents.map((agent) => agent.connection.stop()));
      setImmediate(() => process.exit(0));
      return stats();
    default:
      throw new Error(`unknown command ${message.cmd}`);
  }
}

process.on('message', (message) => {
  handle(message).then(
    (result) => process.send({ id: message.id, result }),
    (error) => process.send({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
// The benchmark went away: so do its agents.
process.on('disconnect', () => process.exit(0));
