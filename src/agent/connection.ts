import WebSocket from 'ws';

import {
  AGENT_CLOSE_DEACTIVATED,
  AGENT_CLOSE_PROTOCOL,
  AGENT_CLOSE_REPLACED,
  AGENT_PROTOCOL_RETRY_MS,
  AGENT_RECONNECT_BASE_MS,
  AGENT_RECONNECT_CAP_MS,
  AGENT_REPLACED_JITTER_MS,
  AGENT_REPLACED_RETRY_MS,
  SERVER_MESSAGE_MAX_BYTES,
  serverMessageSchema,
  TIMER_MAX_MS,
  type AgentMessage,
  type ServerMessage,
} from '@shared/agent/protocol';
import { ErrorCode } from '@shared/api/error-codes';

import type { Logger } from './log';

/**
 * Full jitter: anywhere between 0 and min(cap, base · 2^attempt), so that ten
 * thousand agents cut off by a server restart do not all come back in the same second.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(AGENT_RECONNECT_CAP_MS, AGENT_RECONNECT_BASE_MS * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * ceiling);
}

/**
 * After the server let another agent with this enrolment take the connection: long enough that
 * the two do not take turns pushing each other off (each turn re-runs every job), spread so
 * that they do not come back together either.
 */
export function replacedDelay(random: () => number = Math.random): number {
  return AGENT_REPLACED_RETRY_MS + Math.floor(random() * AGENT_REPLACED_JITTER_MS);
}

/** Why the connection ended for good. */
export type ConnectionEnd =
  | { reason: 'stopped' }
  | { reason: 'deactivated'; removeClient: boolean }
  /** 401 with another code: the server does not know this credential (enrol again). */
  | { reason: 'refused'; message: string };

/** Reports waiting for a connection; the oldest go first when it is full (the server re-sends jobs). */
const MAX_QUEUED = 2_000;
/** Messages that mean something after a reconnect; heartbeats do not. */
const KEPT_WHILE_OFFLINE = new Set<AgentMessage['type']>(['job.ack', 'item.progress', 'job.done', 'inventory']);

export interface ConnectionOptions {
  server: string;
  credential: string;
  /** What to say first on every connection. */
  hello: () => AgentMessage;
  onMessage: (message: ServerMessage) => void;
  /** Each time the server has welcomed us (after every reconnect). */
  onReady?: () => void;
  /** Each time a welcomed connection is lost (a reconnect follows unless it ended). */
  onDisconnected?: () => void;
  /** Replaced by another agent with this enrolment: no reconnect before `until` (null once connected again). */
  onWaiting?: (until: Date | null) => void;
  log: Logger;
  random?: () => number;
}

/**
 * The one WebSocket to `<server>/api/agent/ws`. It says hello, sends heartbeats, hands parsed
 * server messages on, queues reports while offline and reconnects until stopped, refused or
 * told that the device was deactivated.
 */
export class AgentConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private ready = false;
  /** Replaced by another agent and not welcomed since. */
  private waiting = false;
  private readonly queue: AgentMessage[] = [];
  private finish!: (end: ConnectionEnd) => void;
  private ended = false;
  /** Resolves once, when the connection will not be tried again. */
  readonly ended$: Promise<ConnectionEnd>;

  constructor(private readonly options: ConnectionOptions) {
    this.ended$ = new Promise((resolve) => (this.finish = resolve));
  }

  get url(): string {
    return `${this.options.server.replace(/^http/, 'ws')}/api/agent/ws`;
  }

  get connected(): boolean {
    return this.ready;
  }

  start(): void {
    this.connect();
  }

  /**
   * Sends now when connected, else keeps reports for the next connection. Numbered reports are
   * not kept here: their sender keeps them until acknowledged and sends them again on reconnect.
   */
  send(message: AgentMessage): void {
    if (this.ready && this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return;
    }
    if (!KEPT_WHILE_OFFLINE.has(message.type) || this.ended || ('seq' in message && message.seq !== undefined)) return;
    if (this.queue.length >= MAX_QUEUED) this.queue.shift();
    this.queue.push(message);
  }

  /** Closes the socket (after what was sent) and stops reconnecting. */
  stop(): Promise<void> {
    this.end({ reason: 'stopped' });
    return this.closed();
  }

  private closed(): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      socket.once('close', () => resolve());
      // A server that never answers the close frame does not hold the agent's exit.
      setTimeout(() => {
        socket.terminate();
        resolve();
      }, 3_000).unref();
    });
  }

  private end(end: ConnectionEnd): void {
    if (this.ended) return;
    this.ended = true;
    if (this.ready) this.options.onDisconnected?.();
    this.ready = false;
    this.clearTimers();
    if (this.socket && this.socket.readyState !== WebSocket.CLOSED) this.socket.close(1000, 'Agent stopping');
    this.finish(end);
  }

  private connect(): void {
    if (this.ended) return;
    const socket = new WebSocket(this.url, {
      headers: { authorization: `Bearer ${this.options.credential}` },
      maxPayload: SERVER_MESSAGE_MAX_BYTES,
      handshakeTimeout: 30_000,
    });
    this.socket = socket;
    let refusal: Promise<void> | null = null;

    socket.on('unexpected-response', (_request, response) => {
      refusal = readBody(response).then((body) => {
        socket.terminate();
        if (response.statusCode !== 401) {
          this.options.log.warn(`The server refused the connection (HTTP ${response.statusCode})`);
          return;
        }
        const code = errorCodeOf(body);
        if (code === ErrorCode.DEVICE_DEACTIVATED_REMOTELY) this.end({ reason: 'deactivated', removeClient: false });
        else this.end({ reason: 'refused', message: messageOf(body) ?? 'The server refused this machine’s credential' });
      });
    });
    socket.on('open', () => {
      this.options.log.info(`Connected to ${this.options.server}`);
      socket.send(JSON.stringify(this.options.hello()));
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const message = parse(Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]));
      if (!message) {
        this.options.log.warn('The server sent a message this agent does not understand; ignored');
        return;
      }
      if (message.type === 'welcome') this.welcomed(socket, message.heartbeatMs);
      else if (message.type === 'device.deactivated') this.end({ reason: 'deactivated', removeClient: message.removeClient });
      if (!this.ended || message.type === 'device.deactivated') this.options.onMessage(message);
    });
    socket.on('error', (error) => {
      if (!this.ended && !refusal) this.options.log.warn(`Connection error: ${describeError(error)}`);
    });
    socket.on('close', (code, reason) => {
      if (this.socket === socket) this.socket = null;
      const wasReady = this.ready;
      this.ready = false;
      if (wasReady) this.options.onDisconnected?.();
      this.clearTimers();
      void (refusal ?? Promise.resolve()).then(() => {
        if (this.ended) return;
        if (code === AGENT_CLOSE_DEACTIVATED) return this.end({ reason: 'deactivated', removeClient: false });
        if (code === AGENT_CLOSE_REPLACED) return this.waitAfterReplaced();
        if (code === AGENT_CLOSE_PROTOCOL) return this.waitAfterOutdated(reason.toString('utf8'));
        const delay = backoffDelay(this.attempt, this.options.random);
        this.attempt += 1;
        this.options.log.info(`Disconnected (${code}); reconnecting in ${(delay / 1000).toFixed(1)} s`);
        this.retryTimer = setTimeout(() => this.connect(), delay);
      });
    });
  }

  private waitAfterReplaced(): void {
    const delay = replacedDelay(this.options.random);
    const minutes = Math.round(delay / 60_000);
    this.options.log.warn(`Another agent with this enrolment connected; this one waits ${minutes} minutes before trying again`);
    this.waiting = true;
    this.options.onWaiting?.(new Date(Date.now() + delay));
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /**
   * The server no longer speaks this agent's protocol, and says which agent to install.
   * Reconnecting at once would only be refused again; an update sent before the refusal may
   * meanwhile replace this program.
   */
  private waitAfterOutdated(reason: string): void {
    const minutes = Math.round(AGENT_PROTOCOL_RETRY_MS / 60_000);
    this.options.log.error(`${reason || 'The server does not speak this agent’s protocol'} (trying again in ${minutes} minutes)`);
    this.retryTimer = setTimeout(() => this.connect(), AGENT_PROTOCOL_RETRY_MS);
  }

  private welcomed(socket: WebSocket, heartbeatMs: number): void {
    if (this.waiting) {
      this.waiting = false;
      this.options.onWaiting?.(null);
    }
    // A good connection: the next failure starts the backoff from the beginning.
    this.attempt = 0;
    this.ready = true;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    // The server's figure, held to what a timer can take: past it, heartbeats would go every millisecond.
    this.heartbeatTimer = setInterval(() => this.send({ type: 'heartbeat' }), Math.min(Math.max(heartbeatMs, 1_000), TIMER_MAX_MS));
    for (const message of this.queue.splice(0)) socket.send(JSON.stringify(message));
    this.options.onReady?.();
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.retryTimer = null;
    this.heartbeatTimer = null;
  }
}

function parse(data: Buffer): ServerMessage | null {
  try {
    const parsed = serverMessageSchema.safeParse(JSON.parse(data.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function readBody(response: NodeJS.ReadableStream): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 64 * 1024) chunks.push(chunk);
    });
    response.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        resolve(null);
      }
    });
    response.on('error', () => resolve(null));
  });
}

export function errorCodeOf(body: unknown): string | null {
  return body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' ? body.code : null;
}

export function messageOf(body: unknown): string | null {
  return body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : null;
}

/** The system's word for a network failure (ECONNREFUSED, ENOTFOUND), also inside fetch's wrapper. */
export function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code) return code;
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  if (cause) {
    const nested = (cause as { errors?: unknown[] }).errors?.[0];
    return (cause as NodeJS.ErrnoException).code ?? (nested as NodeJS.ErrnoException | undefined)?.code ?? (cause as Error).message;
  }
  return error instanceof Error ? error.message : String(error);
}
