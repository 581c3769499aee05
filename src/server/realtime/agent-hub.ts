import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';

import {
  AGENT_CLOSE_DEACTIVATED,
  AGENT_HEARTBEAT_MS,
  agentMessageSchema,
  type AgentMessage,
  type ServerMessage,
} from '@shared/agent/protocol';

import type { DevicesTable } from '../db/schema';
import type { AgentJobService } from '../services/agent-jobs.service';
import type { BusEvent, EventBus } from './event-bus';

/** An agent must say hello this soon after connecting, or it is let go. */
const HELLO_TIMEOUT_MS = 10_000;
/** Closed because the same device connected again (the newer connection wins). */
const CLOSE_REPLACED = 4409;
const CLOSE_PROTOCOL = 4400;

interface Connection {
  device: DevicesTable;
  socket: WebSocket;
  ready: boolean;
  alive: boolean;
  lastSeenWrite: number;
  /** What one agent said (and its leaving), handled one after another, in order. */
  inbox: (() => Promise<void> | void)[];
  /** Whether its inbox is being worked through now. */
  busy: boolean;
  /** Settles once the inbox is empty (for closing). */
  drained: Promise<void>;
}

/**
 * The agents connected to this process. It sends them their jobs when they connect and when
 * the bus says a job is theirs, and hands what they report to AgentJobService. Which process
 * an agent is connected to does not matter: every process hears every bus event and acts on
 * the agents it holds.
 */
export class AgentHub {
  private readonly connections = new Map<string, Connection>();
  private readonly unsubscribe: () => void;
  private readonly pinger: NodeJS.Timeout;

  constructor(
    private readonly jobs: AgentJobService,
    bus: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {
    this.unsubscribe = bus.subscribe(
      (event) => void this.onBusEvent(event).catch((error: unknown) => this.log.warn({ err: error, event }, 'agent hub event failed')),
    );
    // Transport-level liveness: a connection that misses a ping round is cut (half-open TCP).
    this.pinger = setInterval(() => this.pingAll(), AGENT_HEARTBEAT_MS).unref();
  }

  get size(): number {
    return this.connections.size;
  }

  attach(device: DevicesTable, socket: WebSocket): void {
    const earlier = this.connections.get(device.id);
    if (earlier) earlier.socket.close(CLOSE_REPLACED, 'Replaced by a newer connection');
    const connection: Connection = {
      device,
      socket,
      ready: false,
      alive: true,
      lastSeenWrite: 0,
      inbox: [],
      busy: false,
      drained: Promise.resolve(),
    };
    this.connections.set(device.id, connection);
    const helloTimer = setTimeout(() => {
      if (!connection.ready) socket.close(CLOSE_PROTOCOL, 'Expected hello');
    }, HELLO_TIMEOUT_MS).unref();

    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? null : textOf(data);
      this.enqueue(connection, () => this.handle(connection, text));
    });
    socket.on('close', () => {
      clearTimeout(helloTimer);
      if (this.connections.get(device.id) !== connection) return;
      this.connections.delete(device.id);
      this.enqueue(connection, () => this.jobs.disconnected(device));
    });
    socket.on('error', (error) => this.log.debug({ err: error, device: device.device_id }, 'agent socket error'));
  }

  async close(): Promise<void> {
    this.unsubscribe();
    clearInterval(this.pinger);
    for (const connection of this.connections.values()) connection.socket.close(1001, 'Server shutting down');
    await Promise.all([...this.connections.values()].map((connection) => connection.drained));
    this.connections.clear();
  }

  /**
   * One array and one loop per busy connection, rather than a promise chained per message: an
   * agent may send thousands of progress reports a second (issue 13), most handled in memory.
   */
  private enqueue(connection: Connection, work: () => Promise<void> | void): void {
    connection.inbox.push(work);
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
      }
    }
    connection.busy = false;
  }

  private handle(connection: Connection, text: string | null): Promise<void> | undefined {
    const message = parse(text);
    if (!message) {
      this.log.warn({ device: connection.device.device_id }, 'agent sent a message that is not in the protocol');
      return;
    }
    const { device } = connection;
    if (!connection.ready && message.type !== 'hello') return;
    switch (message.type) {
      case 'hello':
        return this.welcome(connection, message);
      case 'heartbeat':
        // Once a heartbeat period at most, whatever the agent sends.
        if (this.now() - connection.lastSeenWrite < AGENT_HEARTBEAT_MS / 2) return;
        connection.lastSeenWrite = this.now();
        return this.jobs.heartbeat(device);
      case 'job.ack':
        return this.jobs.acknowledge(device, message.jobId);
      case 'item.progress':
        return this.jobs.progress(device, message);
      case 'job.done':
        return this.jobs.done(device, message.jobId);
      case 'inventory':
        return this.jobs.inventory(device, message.packages);
    }
  }

  private async welcome(connection: Connection, hello: Extract<AgentMessage, { type: 'hello' }>): Promise<void> {
    const { device } = connection;
    connection.ready = true;
    connection.lastSeenWrite = this.now();
    await this.jobs.connected(device, hello);
    this.send(connection, { type: 'welcome', deviceId: device.device_id, deviceName: device.device_name, heartbeatMs: AGENT_HEARTBEAT_MS });
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
    if (!connection?.ready) return;
    switch (event.type) {
      case 'job.available': {
        const job = await this.jobs.jobOf(connection.device, event.targetId);
        if (job) this.send(connection, { type: 'job.assign', job });
        return;
      }
      case 'job.cancel':
        this.send(connection, { type: 'job.cancel', jobId: event.targetId });
        return;
      case 'inventory.request':
        return this.requestInventory(connection);
      case 'device.deactivated':
        this.send(connection, { type: 'device.deactivated', removeClient: event.removeClient });
        connection.socket.close(AGENT_CLOSE_DEACTIVATED, 'Device deactivated');
        return;
    }
  }

  private async sendPendingJobs(connection: Connection): Promise<void> {
    for (const job of await this.jobs.pendingJobs(connection.device)) this.send(connection, { type: 'job.assign', job });
  }

  private async requestInventory(connection: Connection): Promise<void> {
    this.send(connection, { type: 'inventory.request', packages: await this.jobs.inventoryRequest(connection.device) });
  }

  private send(connection: Connection, message: ServerMessage): void {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(message));
  }

  private pingAll(): void {
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

function textOf(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  // A Buffer is read where it is (Buffer.from would copy every message first).
  return (data instanceof ArrayBuffer ? Buffer.from(data) : data).toString('utf8');
}

function parse(text: string | null): AgentMessage | null {
  if (text === null) return null;
  try {
    const parsed = agentMessageSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
