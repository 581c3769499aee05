import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { AGENT_PROTOCOL_VERSION } from '@shared/agent/protocol';

import { listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, enrollMachine } from './helpers/devices';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A server that is stopping lets its agents go with 1001, and an agent that comes straight back
 * (its first try is within a second) is told 1012 "restarting" before anything is done for it:
 * no welcome, no jobs, nothing written. Welcoming tens of thousands again kept a stopping
 * process busy past its time to exit, and so kept its successor from starting.
 */
describe('agents while the server stops', () => {
  let t: TestApp;
  let url: string;
  let credential: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
    const owner = await adminBrowser(t);
    ({ credential } = await enrollMachine(t, owner, 'Build server'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the connected agent go with 1001 and tells one that comes back 1012 without welcoming it', async () => {
    const agent = await ProtocolAgent.connect(url, credential);
    const seenBefore = await agentSeenAt();
    expect(seenBefore).not.toBeNull();

    const closing = t.app.agentHub.close();
    expect(await agent.closed()).toBe(1001);
    await closing;
    // A welcome now would write a later time.
    t.clock.advance(60_000);
    // The listener is still open while the hub stops (as while the process stops): the agent's next try.
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/agent/ws`, { headers: { authorization: `Bearer ${credential}` } });
    const received: string[] = [];
    socket.on('message', (data: Buffer) => received.push(data.toString('utf8')));
    socket.on('open', () =>
      socket.send(
        JSON.stringify({
          type: 'hello',
          protocol: AGENT_PROTOCOL_VERSION,
          agentVersion: '0.1.0',
          platform: 'linux',
          arch: 'x64',
          managers: ['apt'],
        }),
      ),
    );
    const [code, reason] = await new Promise<[number, string]>((resolve) => socket.on('close', (c, r) => resolve([c, String(r)])));
    expect(code).toBe(1012);
    expect(reason).toBe('Server restarting');
    expect(received).toEqual([]);
    // The refused try wrote nothing: a welcome would have written the later time. (The first
    // connection's own goodbye may or may not have marked the agent gone by now, depending on
    // when its close arrived during the shutdown: either is fine.)
    expect([seenBefore, null]).toContain(await agentSeenAt());
  });

  async function agentSeenAt(): Promise<string | null> {
    const row = await t.app.ctx.db
      .selectFrom('devices')
      .select('agent_seen_at')
      .where('device_name', '=', 'Build server')
      .executeTakeFirstOrThrow();
    return row.agent_seen_at;
  }
});
