import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';

import { AGENT_CLOSE_REPLACED, AGENT_HEARTBEAT_MS, type ServerMessage } from '@shared/agent/protocol';

import type { EventBus } from '../bus/event-bus';
import type { DevicesTable } from '../db/schema';
import {
  AGENT_CLOSE_GRACE_MS,
  AGENT_CLOSE_POLICY,
  AGENT_CONNECT_COST,
  AGENT_INBOX_MAX,
  AGENT_MESSAGES_DROPPED_MAX,
  AGENT_MESSAGES_PER_SECOND,
  MessageBucket,
  messageCost,
} from '../security/agent-limits';
import { byteLengthOf, openConnection, sendTo, textOf, type Connection } from './agent-connection';

/** A replaced connection whose agent answers the close within this was a second agent, alive. */
const SECOND_AGENT_ANSWERS_WITHIN_MS = 5_000;
/** An agent must say hello this soon after connecting, or it is let go. */
const HELLO_TIMEOUT_MS = 10_000;
/** WebSocket's "service restart": the agent tries again with its usual backoff. */
const AGENT_CLOSE_RESTARTING = 1012;
/** The close code for an agent that broke the protocol (no hello). */
const CLOSE_PROTOCOL = 4400;

/** What the sockets hand on: what an agent said, that it left, a second agent, and a tick. */
export interface SocketHandlers {
  /** One frame of text (null: binary), in order per connection; the next waits for this one. */
  message(connection: Connection, text: string | null): Promise<void> | void;
  /** The connection closed and no newer one of the device took its place. */
  gone(device: DevicesTable): Promise<void>;
  /** Another agent, alive, connected with this device's credential. */
  secondAgent(device: DevicesTable, from: string | null): Promise<void>;
  /** Once a heartbeat period. */
  tick(): void;
}

/**
 * The agents' WebSockets in this process, and nothing of what they say: one connection per
 * device (the newer wins, in any process), rate limits per device, an inbox per connection
 * worked through in order, liveness pings. What a message means is AgentHub's.
 */
export class AgentSockets {
  private readonly connections = new Map<string, Connection>();
  /** Each device's message rate, kept across its connections (let go once refilled and gone). */
  private readonly buckets = new Map<string, MessageBucket>();
  private readonly refusedConnecting = new Set<string>();
  private readonly unsubscribe: () => void;
  private readonly pinger: NodeJS.Timeout;
  /** Set once the process is stopping: no connection is taken any more. */
  private closing = false;

  constructor(
    private readonly handlers: SocketHandlers,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
    private readonly messagesPerSecond = AGENT_MESSAGES_PER_SECOND,
  ) {
    // Another process took a device's connection: the one held here is let go.
    this.unsubscribe = bus.subscribe((event) => {
      if (event.type !== 'agent.connected') return;
      const connection = this.connections.get(event.deviceRowId);
      if (connection && event.connectionId !== connection.id) this.replaced(connection, event.from);
    });
    // Transport-level liveness: a connection that misses a ping round is cut (half-open TCP).
    this.pinger = setInterval(() => this.pingAll(), AGENT_HEARTBEAT_MS).unref();
  }

  get size(): number {
    return this.connections.size;
  }

  /** The device's connection held by this process, if any. */
  of(deviceRowId: string): Connection | undefined {
    return this.connections.get(deviceRowId);
  }

  all(): IterableIterator<Connection> {
    return this.connections.values();
  }

  send(connection: Connection, message: ServerMessage): boolean {
    return sendTo(connection, message, this.log);
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
      this.enqueue(connection, () => this.handlers.message(connection, text));
    });
    socket.on('close', () => {
      clearTimeout(helloTimer);
      if (this.connections.get(device.id) !== connection) return;
      this.connections.delete(device.id);
      this.enqueue(connection, () => this.handlers.gone(device));
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

  /** Said once per connection, without a stack (nothing in the server went wrong), so a client cannot fill the log. */
  badFrame(connection: Connection, reason: string): void {
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

  /** The newer connection wins; the older agent waits before it tries again, and its page says so. */
  private replaced(older: Connection, from: string | null): void {
    // The same agent back after sleep or a dropped network leaves a dead connection behind: that
    // is no second agent. Only a connection that answers the close at once was another agent alive.
    const asked = performance.now();
    older.socket.once('close', () => {
      if (performance.now() - asked > SECOND_AGENT_ANSWERS_WITHIN_MS) return;
      void this.handlers
        .secondAgent(older.device, from)
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
    this.handlers.tick();
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
