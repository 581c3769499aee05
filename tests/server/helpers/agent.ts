import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';

import {
  AGENT_PROTOCOL_VERSION,
  serverMessageSchema,
  type AgentMessage,
  type ManagerName,
  type ServerMessage,
} from '@shared/agent/protocol';
import type { DeviceInventory, Installation } from '@shared/api/installations';

import type { ApiError } from './factories';
import type { TestApp } from './test-app';

/** The server's address once it listens on a loopback port (agents connect over a real socket). */
export async function listeningUrl(t: TestApp): Promise<string> {
  const address = t.app.server.address() as AddressInfo | null;
  if (address) return `http://127.0.0.1:${address.port}`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/**
 * A machine's side of the agent protocol, spoken over a real WebSocket: what the device agent
 * sends and receives, with no package manager behind it. Tests drive it message by message.
 */
export class ProtocolAgent {
  readonly received: ServerMessage[] = [];
  private waiters: { predicate: (message: ServerMessage) => boolean; resolve: (message: ServerMessage) => void }[] = [];
  closeCode: number | null = null;
  private readonly closedPromise: Promise<number>;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = serverMessageSchema.parse(JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : ''));
      this.received.push(message);
      for (const waiter of [...this.waiters]) {
        if (waiter.predicate(message)) {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          waiter.resolve(message);
        }
      }
    });
    this.closedPromise = new Promise((resolve) => socket.on('close', (code) => resolve((this.closeCode = code))));
  }

  /** `tags`: what the machine's agent was started with (`run --tag`), said in its hello. */
  static async connect(
    baseUrl: string,
    credential: string,
    managers: ManagerName[] = ['apt'],
    tags?: string[],
    timeZone?: string,
  ): Promise<ProtocolAgent> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/agent/ws`, { headers: { authorization: `Bearer ${credential}` } });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
      socket.once('error', reject);
    });
    const agent = new ProtocolAgent(socket);
    agent.send({
      type: 'hello',
      protocol: AGENT_PROTOCOL_VERSION,
      agentVersion: '0.1.0',
      platform: 'linux',
      arch: 'x64',
      managers,
      ...(tags ? { tags } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    await agent.next('welcome');
    return agent;
  }

  send(message: AgentMessage): void {
    this.socket.send(JSON.stringify(message));
  }

  sendRaw(text: string): void {
    this.socket.send(text);
  }

  /** The next message of this type (or one already received and not yet taken by a wait). */
  next<T extends ServerMessage['type']>(
    type: T,
    predicate: (message: Extract<ServerMessage, { type: T }>) => boolean = () => true,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    const matches = (message: ServerMessage): message is Extract<ServerMessage, { type: T }> =>
      message.type === type && predicate(message as Extract<ServerMessage, { type: T }>);
    const index = this.received.findIndex(matches);
    if (index >= 0) {
      const [message] = this.received.splice(index, 1);
      return Promise.resolve(message as Extract<ServerMessage, { type: T }>);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} within 5 s; received: ${JSON.stringify(this.received)}`)), 5_000);
      this.waiters.push({
        predicate: matches,
        resolve: (message) => {
          clearTimeout(timer);
          this.received.splice(this.received.indexOf(message), 1);
          resolve(message as Extract<ServerMessage, { type: T }>);
        },
      });
    });
  }

  closed(): Promise<number> {
    return this.closedPromise;
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close();
    await this.closedPromise;
  }
}

/** A thin client for one user's installations. */
export function installationsOf(t: TestApp, token: string) {
  return {
    create: (body: Record<string, unknown>, idempotencyKey?: string) =>
      t.api.post<Installation & ApiError>('/api/installations', body, token, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    preview: (body: Record<string, unknown>) =>
      t.api.post<
        ApiError & {
          devices: {
            deviceId: string;
            items: { name: string; action: string; reason: string | null; installedVersion: string | null }[];
          }[];
        }
      >('/api/installations/preview', body, token),
    list: () => t.api.get<{ installations: (Installation & { devices: unknown[] })[] } & ApiError>('/api/installations', token),
    get: (id: string) => t.api.get<Installation & ApiError>(`/api/installations/${id}`, token),
    cancel: (id: string) => t.api.post<Installation & ApiError>(`/api/installations/${id}/cancel`, undefined, token),
    retry: (id: string) => t.api.post<Installation & ApiError>(`/api/installations/${id}/retry`, undefined, token),
    log: (id: string, itemId: string) =>
      t.api.get<{ log: string; exitCode: number | null } & ApiError>(`/api/installations/${id}/items/${itemId}/log`, token),
    inventory: (deviceId: string) => t.api.get<DeviceInventory & ApiError>(`/api/devices/${deviceId}/inventory`, token),
  };
}

/** Polls until `read` passes `check` (the server applies agent reports asynchronously). */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type AssignedJob = Extract<ServerMessage, { type: 'job.assign' }>['job'];

/**
 * The agent's whole round of one job: the next job (of this installation, when named) is
 * acknowledged, each app reported succeeded through apt at `version` (an uninstall at none, a
 * pinned item at its pin), and the job done. Answers the job as the agent received it.
 */
export async function finishJob(agent: ProtocolAgent, installationId?: string, version = '1.0'): Promise<AssignedJob> {
  const { job } = await agent.next(
    'job.assign',
    (message) => installationId === undefined || message.job.installationId === installationId,
  );
  agent.send({ type: 'job.ack', jobId: job.jobId });
  for (const item of job.items)
    agent.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId: item.itemId,
      status: 'succeeded',
      manager: 'apt',
      version: job.kind === 'uninstall' ? null : (item.pinnedVersion ?? version),
      exitCode: 0,
      message: '',
      log: '',
    });
  agent.send({ type: 'job.done', jobId: job.jobId });
  return job;
}
