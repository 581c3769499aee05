import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';

import {
  AGENT_CLOSE_REPLACED,
  AGENT_RECONNECT_BASE_MS,
  AGENT_RECONNECT_CAP_MS,
  AGENT_REPLACED_JITTER_MS,
  AGENT_REPLACED_RETRY_MS,
  type AgentMessage,
  type ServerMessage,
} from '@shared/agent/protocol';

import { AgentConnection, backoffDelay, replacedDelay } from './connection';
import { silentLogger } from './log';

describe('reconnect backoff (full jitter)', () => {
  it('stays between 0 and base · 2^attempt', () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const ceiling = AGENT_RECONNECT_BASE_MS * 2 ** attempt;
      expect(backoffDelay(attempt, () => 0)).toBe(0);
      expect(backoffDelay(attempt, () => 0.999999)).toBeLessThan(ceiling);
      expect(backoffDelay(attempt, () => 0.999999)).toBeGreaterThan(ceiling * 0.99);
    }
  });

  it('never waits longer than the cap, however many attempts failed', () => {
    for (const attempt of [6, 10, 50, 1_000]) {
      expect(backoffDelay(attempt, () => 0.999999)).toBeLessThan(AGENT_RECONNECT_CAP_MS);
      expect(backoffDelay(attempt, () => 0.999999)).toBeGreaterThan(AGENT_RECONNECT_CAP_MS * 0.99);
    }
  });

  it('spreads agents over the whole window rather than bunching them at its end', () => {
    const delays = Array.from({ length: 2_000 }, () => backoffDelay(20));
    const early = delays.filter((delay) => delay < AGENT_RECONNECT_CAP_MS / 4).length;
    expect(early).toBeGreaterThan(350);
    expect(early).toBeLessThan(650);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
  });
});

describe('AgentConnection against a local server', () => {
  /** A WebSocket server that answers upgrades as `answer` says and records what agents send. */
  async function server(answer: (attempt: number) => { status: number; body?: unknown } | 'accept') {
    const http = createServer();
    const wss = new WebSocketServer({ noServer: true });
    const received: AgentMessage[] = [];
    const sockets: WebSocket[] = [];
    let attempts = 0;
    http.on('upgrade', (request, socket, head) => {
      const decision = answer(attempts++);
      if (decision !== 'accept') {
        const body = JSON.stringify(decision.body ?? {});
        socket.end(`HTTP/1.1 ${decision.status} No\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => {
        sockets.push(ws);
        ws.on('message', (data: Buffer) => {
          const message = JSON.parse(data.toString()) as AgentMessage;
          received.push(message);
          if (message.type === 'hello') {
            ws.send('{"type":"not-in-the-protocol"}');
            ws.send(JSON.stringify({ type: 'welcome', deviceId: 'd', deviceName: 'Box', heartbeatMs: 60_000 }));
          }
        });
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    return {
      url,
      received,
      sockets,
      close: async () => {
        for (const socket of sockets) socket.terminate();
        await new Promise((resolve) => http.close(resolve));
      },
    };
  }

  const connect = (url: string, messages: ServerMessage[] = [], random = () => 0) =>
    new AgentConnection({
      server: url,
      credential: 'cred',
      hello: () => ({ type: 'hello', protocol: 1, agentVersion: '0.1.0', platform: 'linux', arch: 'x64', managers: ['apt'] }),
      onMessage: (message) => messages.push(message),
      log: silentLogger,
      random,
    });

  it('says hello, drops what is not in the protocol, and sends reports queued while offline after it reconnects', async () => {
    const local = await server(() => 'accept');
    const messages: ServerMessage[] = [];
    // Half the first backoff window (500 ms): time to send while offline.
    const connection = connect(local.url, messages, () => 0.5);
    connection.send({ type: 'job.ack', jobId: 'early' });
    connection.send({ type: 'heartbeat' });
    connection.start();
    await vi.waitFor(() => expect(connection.connected).toBe(true));
    await vi.waitFor(() => expect(local.received.map((message) => message.type)).toEqual(['hello', 'job.ack']));
    expect(messages.map((message) => message.type)).toEqual(['welcome']);

    local.sockets[0]!.terminate();
    await vi.waitFor(() => expect(connection.connected).toBe(false));
    connection.send({ type: 'job.done', jobId: 'while-offline' });
    await vi.waitFor(() => expect(local.received.map((message) => message.type)).toEqual(['hello', 'job.ack', 'hello', 'job.done']));
    await connection.stop();
    expect(await connection.ended$).toEqual({ reason: 'stopped' });
    await local.close();
  });

  it('ends as deactivated on a 401 DEVICE_DEACTIVATED_REMOTELY, after retrying what is only a failure', async () => {
    const local = await server((attempt) =>
      attempt === 0 ? { status: 503 } : { status: 401, body: { code: 'DEVICE_DEACTIVATED_REMOTELY', message: 'Deactivated' } },
    );
    const connection = connect(local.url);
    connection.start();
    expect(await connection.ended$).toEqual({ reason: 'deactivated', removeClient: false });
    await local.close();
  });

  it('ends as refused on a 401 with another code, and as deactivated on close code 4401', async () => {
    const refusing = await server(() => ({
      status: 401,
      body: { code: 'TOKEN_INVALID', message: 'This device credential is not valid.' },
    }));
    const refused = connect(refusing.url);
    refused.start();
    expect(await refused.ended$).toEqual({ reason: 'refused', message: 'This device credential is not valid.' });
    await refusing.close();

    const closing = await server(() => 'accept');
    const closed = connect(closing.url);
    closed.start();
    await vi.waitFor(() => expect(closed.connected).toBe(true));
    closing.sockets[0]!.close(4401, 'Device deactivated');
    expect(await closed.ended$).toEqual({ reason: 'deactivated', removeClient: false });
    await closing.close();
  });

  it('waits the long backoff, not a second, when another agent with this enrolment took the connection', async () => {
    const local = await server(() => 'accept');
    const warnings: string[] = [];
    const waits: (Date | null)[] = [];
    // random 0: any ordinary drop would be retried at once.
    const connection = new AgentConnection({
      server: local.url,
      credential: 'cred',
      hello: () => ({ type: 'hello', protocol: 1, agentVersion: '0.1.0', platform: 'linux', arch: 'x64', managers: ['apt'] }),
      onMessage: () => undefined,
      onWaiting: (until) => waits.push(until),
      log: { ...silentLogger, warn: (message) => warnings.push(message) },
      random: () => 0,
    });
    connection.start();
    await vi.waitFor(() => expect(connection.connected).toBe(true));
    const before = Date.now();
    local.sockets[0]!.close(AGENT_CLOSE_REPLACED, 'Replaced by a newer connection');
    await vi.waitFor(() => expect(waits).toHaveLength(1));
    expect(warnings.filter((line) => line.startsWith('Another'))).toEqual([
      'Another agent with this enrolment connected; this one waits 10 minutes before trying again',
    ]);
    expect(waits[0]!.getTime() - before).toBeGreaterThanOrEqual(AGENT_REPLACED_RETRY_MS - 1_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(local.sockets).toHaveLength(1);
    expect(connection.connected).toBe(false);
    // Stopping while it waits ends it at once.
    await connection.stop();
    expect(await connection.ended$).toEqual({ reason: 'stopped' });
    await local.close();
  });
});

describe('the wait after being replaced', () => {
  it('is the long backoff plus jitter, never less', () => {
    expect(replacedDelay(() => 0)).toBe(AGENT_REPLACED_RETRY_MS);
    expect(replacedDelay(() => 0.999999)).toBeLessThan(AGENT_REPLACED_RETRY_MS + AGENT_REPLACED_JITTER_MS);
    expect(replacedDelay(() => 0.999999)).toBeGreaterThan(AGENT_REPLACED_RETRY_MS + AGENT_REPLACED_JITTER_MS * 0.99);
  });
});
