import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';

import { agentMessageSchema, type AgentMessage, type ServerMessage } from '@shared/agent/protocol';

import type { DevicesTable } from '../db/schema';
import { AGENT_SEND_BUFFER_MAX_BYTES, type MessageBucket } from '../security/agent-limits';

/** One agent's connection as the hub holds it: its socket, its inbox and its limits. */
export interface Connection {
  /** Tells this connection from a newer one of the same device, in any process. */
  id: string;
  device: DevicesTable;
  socket: WebSocket;
  ready: boolean;
  /** When its hello was welcomed (ISO): next-start jobs go only to connections begun after they were made. */
  readyAt: string | null;
  alive: boolean;
  lastSeenWrite: number;
  /** What one agent said (and its leaving), handled one after another, in order. */
  inbox: (() => Promise<void> | void)[];
  /** Whether its inbox is being worked through now. */
  busy: boolean;
  /** Settles once the inbox is empty (for closing). */
  drained: Promise<void>;
  /** Messages taken in and not yet handled; past AGENT_INBOX_MAX the socket is not read. */
  waiting: number;
  /** Its message rate, and what was dropped for going past it. */
  bucket: MessageBucket;
  dropped: number;
  /** A frame it cannot take was logged once; the rest of this connection's are not. */
  toldBadFrame: boolean;
}

export function openConnection(device: DevicesTable, socket: WebSocket, bucket: MessageBucket): Connection {
  return {
    id: randomBytes(9).toString('base64url'),
    device,
    socket,
    ready: false,
    readyAt: null,
    alive: true,
    lastSeenWrite: 0,
    inbox: [],
    busy: false,
    drained: Promise.resolve(),
    waiting: 0,
    bucket,
    dropped: 0,
    toldBadFrame: false,
  };
}

/**
 * Sends unless the agent has left, or has not read what it was sent: past
 * AGENT_SEND_BUFFER_MAX_BYTES waiting it is cut off, so one that never reads cannot make the
 * server hold more and more for it.
 */
export function sendTo(connection: Connection, message: ServerMessage, log: FastifyBaseLogger): boolean {
  const { socket } = connection;
  if (socket.readyState !== socket.OPEN) return false;
  const text = JSON.stringify(message);
  if (socket.bufferedAmount + Buffer.byteLength(text) > AGENT_SEND_BUFFER_MAX_BYTES) {
    log.warn(
      { device: connection.device.device_id, waiting: socket.bufferedAmount },
      'agent does not read what it is sent; connection dropped',
    );
    socket.terminate();
    return false;
  }
  socket.send(text);
  return true;
}

/** A frame's size, for what it costs its device's bucket (read before it is decoded). */
export function byteLengthOf(data: Buffer | ArrayBuffer | Buffer[]): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data.byteLength;
}

export function textOf(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  // A Buffer is read where it is (Buffer.from would copy every message first).
  return (data instanceof ArrayBuffer ? Buffer.from(data) : data).toString('utf8');
}

export function parse(text: string | null): AgentMessage | null {
  if (text === null) return null;
  try {
    const parsed = agentMessageSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
