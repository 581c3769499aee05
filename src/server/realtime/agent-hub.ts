import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';

import {
  AGENT_CLOSE_DEACTIVATED,
  AGENT_CLOSE_PROTOCOL,
  AGENT_CLOSE_REPLACED,
  AGENT_HEARTBEAT_MS,
  type AgentMessage,
  type Job,
  type ServerMessage,
} from '@shared/agent/protocol';

import type { DevicesTable } from '../db/schema';
import type { AgentJobService } from '../services/agent-jobs.service';
import type { AgentUpdateService } from '../services/agent-updates.service';
import { byteLengthOf, openConnection, parse, sendTo, textOf, type Connection } from './agent-connection';
import {
  AGENT_CLOSE_GRACE_MS,
  AGENT_CLOSE_POLICY,
  AGENT_CONNECT_COST,
  AGENT_INBOX_MAX,
  AGENT_MESSAGES_DROPPED_MAX,
  AGENT_MESSAGES_PER_SECOND,
  MessageBucket,
  messageCost,
} from './agent-limits';
import type { BusEvent, EventBus } from './event-bus';
import { InventoryGate } from './inventory-gate';

/** A replaced connection whose agent answers the close within this was a second agent, alive. */
const SECOND_AGENT_ANSWERS_WITHIN_MS = 5_000;
/** An agent must say hello this soon after connecting, or it is let go. */
const HELLO_TIMEOUT_MS = 10_000;
const CLOSE_PROTOCOL = 4400;
/** WebSocket's "service restart": the agent tries again with its usual backoff. */
const AGENT_CLOSE_RESTARTING = 1012;

/**
 * The agents connected to this process. It sends them their jobs when they connect and when
 * the bus says a job is theirs, and hands what they report to AgentJobService. Which process
 * an agent is connected to does not matter: every process hears every bus event and acts on
 * the agents it holds.
 */
export class AgentHub {
  private readonly connections = new Map<string, Connection>();
  /** Each device's message rate, kept across its connections (let go once refilled and gone). */
  private readonly buckets = new Map<string, MessageBucket>();
  private readonly refusedConnecting = new Set<string>();
  private readonly unsubscribe: () => void;
  private readonly pinger: NodeJS.Timeout;
  private readonly inventories: InventoryGate;
  /** Set once the process is stopping: no connection is taken any more. */
  private closing = false;

  constructor(
    private readonly jobs: AgentJobService,
    private readonly updates: AgentUpdateService,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
    private readonly messagesPerSecond = AGENT_MESSAGES_PER_SECOND,
  ) {
    this.inventories = new InventoryGate(
      (device, packages) => this.jobs.inventory(device, packages),
      now,
      (error, device) => this.log.warn({ err: error, device: device.device_id }, 'agent inventory failed'),
    );
    this.unsubscribe = bus.subscribe(
      (event) => void this.onBusEvent(event).catch((error: unknown) => this.log.warn({ err: error, event }, 'agent hub event failed')),
    );
    // Transport-level liveness: a connection that misses a ping round is cut (half-open TCP).
    this.pinger = setInterval(() => this.pingAll(), AGENT_HEARTBEAT_MS).unref();
  }

  get size(): number {
    return this.connections.size;
  }

  /** `from`: the agent's address, said on the device's page when a second agent connects. */
  attach(device: DevicesTable, socket: WebSocket, from: string | null = null): void {
    // Stopping: an agent that reconnects at once (its first try comes within a second) is told
    // to come back later, before any work is done for it, rather than welcomed by a process that
    // is about to let it go again. With tens of thousands of agents, welcoming them again kept a
    // stopping process busy past its time to exit.
    if (this.closing) {
      socket.close(AGENT_CLOSE_RESTARTING, 'Server restarting');
      return;
    }
    const bucket = this.bucketOf(device);
    if (!bucket.take(this.now(), AGENT_CONNECT_COST)) {
      // Said once per run of refusals, so a reconnecting loop cannot fill the log.
      if (!this.refusedConnecting.has(device.id))
        this.log.warn({ device: device.device_id }, 'agent connects again and again, past its rate limit; connection refused');
      this.refusedConnecting.add(device.id);
      socket.close(AGENT_CLOSE_POLICY, 'Too many connections');
      return;
    }
    this.refusedConnecting.delete(device.id);
    const earlier = this.connections.get(device.id);
    if (earlier) this.replaced(earlier, from);
    const connection = openConnection(device, socket, bucket);
    this.connections.set(device.id, connection);
    // Another process may hold an older connection of this device: it lets it go, so no job goes to two agents.
    void this.bus
      .publish({ type: 'agent.connected', deviceRowId: device.id, connectionId: connection.id, from })
      .catch((error: unknown) => this.log.warn({ err: error }, 'telling the other processes of an agent failed'));
    const helloTimer = setTimeout(() => {
      if (!connection.ready) socket.close(CLOSE_PROTOCOL, 'Expected hello');
    }, HELLO_TIMEOUT_MS).unref();

    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      // Counted before it is even decoded: a flood costs the server as little as can be.
      if (!this.admit(connection, byteLengthOf(data))) return;
      const text = isBinary ? null : textOf(data);
      this.enqueue(connection, () => this.handle(connection, text));
    });
    socket.on('close', () => {
      clearTimeout(helloTimer);
      if (this.connections.get(device.id) !== connection) return;
      this.connections.delete(device.id);
      this.enqueue(connection, () => this.jobs.disconnected(device));
    });
    // A frame over the size limit, or not WebSocket at all: ws closes the connection. Said once,
    // without a stack (nothing in the server went wrong), so a client cannot fill the log.
    socket.on('error', (error) => this.badFrame(connection, error.message));
  }

  async close(): Promise<void> {
    this.closing = true;
    this.unsubscribe();
    clearInterval(this.pinger);
    for (const connection of this.connections.values()) connection.socket.close(1001, 'Server shutting down');
    await Promise.all([...this.connections.values()].map((connection) => connection.drained));
    this.connections.clear();
    await this.inventories.close();
  }

  /**
   * Whether a message is within its connection's rate. Past it the message is dropped; past
   * AGENT_MESSAGES_DROPPED_MAX dropped (by cost), the connection is closed with a policy
   * violation, and that is the one warning it gets.
   */
  private admit(connection: Connection, bytes: number): boolean {
    if (connection.dropped > AGENT_MESSAGES_DROPPED_MAX) return false;
    const cost = messageCost(bytes);
    if (connection.bucket.take(this.now(), cost)) return true;
    connection.dropped += cost;
    if (connection.dropped > AGENT_MESSAGES_DROPPED_MAX) {
      this.log.warn(
        { device: connection.device.device_id, dropped: AGENT_MESSAGES_DROPPED_MAX, perSecond: this.messagesPerSecond },
        'agent sent messages past its rate limit; connection closed',
      );
      connection.socket.close(AGENT_CLOSE_POLICY, 'Too many messages');
      // Read nothing more (a flooder would not answer the close anyway), and let go soon.
      connection.socket.pause();
      setTimeout(() => connection.socket.terminate(), AGENT_CLOSE_GRACE_MS).unref();
    }
    return false;
  }

  private badFrame(connection: Connection, reason: string): void {
    if (connection.toldBadFrame) return;
    connection.toldBadFrame = true;
    this.log.warn(
      { device: connection.device.device_id, reason },
      'agent sent a frame it may not send (later ones on this connection are not logged)',
    );
  }

  /**
   * One array and one loop per busy connection, rather than a promise chained per message: an
   * agent may send thousands of progress reports a second (measured: bench/agent-report-ratio.mjs), most handled in memory.
   */
  private enqueue(connection: Connection, work: () => Promise<void> | void): void {
    connection.inbox.push(work);
    connection.waiting += 1;
    // What a fast sender sends past this waits in its TCP buffers, not in the server's memory.
    if (connection.waiting > AGENT_INBOX_MAX && !connection.socket.isPaused) connection.socket.pause();
    if (!connection.busy) connection.drained = this.drain(connection);
  }

  /** `busy` is set and cleared without waiting: a drain may finish before it returns (nothing to wait for). */
  private async drain(connection: Connection): Promise<void> {
    connection.busy = true;
    while (connection.inbox.length > 0) {
      const batch = connection.inbox;
      connection.inbox = [];
      for (const work of batch) {
        try {
          // Most messages are handled without waiting (a kept progress report): no await for those.
          const pending = work();
          if (pending) await pending;
        } catch (error) {
          this.log.warn({ err: error, device: connection.device.device_id }, 'agent message failed');
        }
        connection.waiting -= 1;
        const closing = connection.dropped > AGENT_MESSAGES_DROPPED_MAX;
        if (connection.socket.isPaused && !closing && connection.waiting <= AGENT_INBOX_MAX / 2) connection.socket.resume();
      }
    }
    connection.busy = false;
  }

  private handle(connection: Connection, text: string | null): Promise<void> | undefined {
    const message = parse(text);
    if (!message) {
      this.badFrame(connection, 'not a message of the protocol');
      return;
    }
    const { device } = connection;
    if (!connection.ready && message.type !== 'hello') return;
    switch (message.type) {
      case 'hello':
        // Once per connection: a welcome reads and writes the database and sends the jobs again.
        if (connection.ready) return;
        return this.welcome(connection, message);
      case 'heartbeat':
        // Once a heartbeat period at most, whatever the agent sends.
        if (this.now() - connection.lastSeenWrite < AGENT_HEARTBEAT_MS / 2) return;
        connection.lastSeenWrite = this.now();
        return this.jobs.heartbeat(device);
      case 'job.ack':
        return this.jobs.acknowledge(device, message.jobId);
      case 'item.progress':
        return this.thenAcknowledge(connection, message, this.jobs.progress(device, message));
      case 'job.done':
        return this.thenAcknowledge(connection, message, this.jobs.done(device, message.jobId));
      case 'inventory':
        return this.inventories.offer(device, message.packages);
      case 'removal.plan':
        return this.jobs.removalPlan(device, message);
      case 'search.results':
        return this.jobs.searchResults(device, message);
      case 'search.done':
        return this.jobs.searchDone(device, message.searchId);
      case 'update.status':
        return this.updates.status(device, message);
    }
  }

  /**
   * A numbered report is acknowledged once it is applied (or was already): its transaction has
   * committed, so the agent may forget it. One that failed is not, and the agent sends it again.
   */
  private thenAcknowledge(
    connection: Connection,
    report: { jobId: string; seq?: number },
    applied: Promise<void> | undefined,
  ): Promise<void> | undefined {
    const { seq } = report;
    if (seq === undefined) return applied;
    const acknowledge = () => this.send(connection, { type: 'report.ack', jobId: report.jobId, seq });
    if (!applied) return void acknowledge();
    return applied.then(() => void acknowledge());
  }

  private async welcome(connection: Connection, hello: Extract<AgentMessage, { type: 'hello' }>): Promise<void> {
    const { device } = connection;
    // Said, not dropped: an agent whose hello went unanswered would reconnect for ever without knowing why.
    const refusal = await this.updates.protocolRefusal(hello);
    if (refusal) {
      connection.socket.close(AGENT_CLOSE_PROTOCOL, refusal);
      return;
    }
    connection.ready = true;
    connection.lastSeenWrite = this.now();
    await this.jobs.connected(device, hello);
    this.send(connection, { type: 'welcome', deviceId: device.device_id, deviceName: device.device_name, heartbeatMs: AGENT_HEARTBEAT_MS });
    // The agent downloads it while it works; it restarts on it only between two package-manager calls.
    const update = await this.updates.offerFor(device, hello);
    if (update) this.send(connection, update);
    await this.sendPendingJobs(connection);
    await this.requestInventory(connection);
  }

  private async onBusEvent(event: BusEvent): Promise<void> {
    if (event.type === 'resync') {
      for (const connection of this.connections.values()) if (connection.ready) await this.sendPendingJobs(connection);
      return;
    }
    // The rest (what browsers and sign-ins hear) is not about a device.
    if (!('deviceRowId' in event)) return;
    const connection = this.connections.get(event.deviceRowId);
    if (!connection) return;
    if (event.type === 'agent.connected') {
      if (event.connectionId !== connection.id) this.replaced(connection, event.from);
      return;
    }
    // A deactivation also ends a connection that has not said hello yet: it must not stay open.
    if (event.type === 'device.deactivated') {
      this.send(connection, { type: 'device.deactivated', removeClient: event.removeClient });
      connection.socket.close(AGENT_CLOSE_DEACTIVATED, 'Device deactivated');
      return;
    }
    if (!connection.ready) return;
    switch (event.type) {
      case 'job.available': {
        const job = await this.jobs.jobOf(connection.device, event.targetId);
        if (job) this.assign(connection, job);
        return;
      }
      case 'job.cancel':
        this.send(connection, { type: 'job.cancel', jobId: event.targetId });
        return;
      case 'inventory.request':
        return this.requestInventory(connection, event.refresh === true);
      case 'removal.check': {
        const check = await this.jobs.removalCheck(connection.device, event.checkId);
        if (check) this.send(connection, check);
        return;
      }
      case 'device.search': {
        const request = await this.jobs.searchRequest(connection.device, event.searchId);
        if (request) this.send(connection, request);
        return;
      }
    }
  }

  private async sendPendingJobs(connection: Connection): Promise<void> {
    for (const job of await this.jobs.pendingJobs(connection.device)) this.assign(connection, job);
  }

  /** The agent reports its inventory when the job ends: that one is applied at once. */
  private assign(connection: Connection, job: Job): void {
    if (this.send(connection, { type: 'job.assign', job })) this.inventories.expect(connection.device);
  }

  private async requestInventory(connection: Connection, refresh = false): Promise<void> {
    const packages = await this.jobs.inventoryRequest(connection.device);
    const request = { type: 'inventory.request' as const, packages, ...(refresh ? { refresh } : {}) };
    if (this.send(connection, request)) this.inventories.expect(connection.device);
  }

  private send(connection: Connection, message: ServerMessage): boolean {
    return sendTo(connection, message, this.log);
  }

  /** The newer connection wins; the older agent waits before it tries again, and its page says so. */
  private replaced(older: Connection, from: string | null): void {
    // The same agent back after sleep or a dropped network leaves a dead connection behind: that
    // is no second agent. Only a connection that answers the close at once was another agent alive.
    const asked = performance.now();
    older.socket.once('close', () => {
      if (performance.now() - asked > SECOND_AGENT_ANSWERS_WITHIN_MS) return;
      void this.jobs
        .duplicateAgent(older.device, from)
        .catch((error: unknown) => this.log.warn({ err: error }, 'recording a second agent failed'));
    });
    older.socket.close(AGENT_CLOSE_REPLACED, 'Replaced by a newer connection');
  }

  private bucketOf(device: DevicesTable): MessageBucket {
    let bucket = this.buckets.get(device.id);
    if (!bucket) {
      bucket = new MessageBucket(this.messagesPerSecond, this.now());
      this.buckets.set(device.id, bucket);
    }
    return bucket;
  }

  private pingAll(): void {
    for (const [deviceRowId, bucket] of this.buckets)
      if (!this.connections.has(deviceRowId) && bucket.full(this.now())) {
        this.buckets.delete(deviceRowId);
        this.refusedConnecting.delete(deviceRowId);
      }
    this.inventories.sweep();
    for (const connection of this.connections.values()) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }
}
