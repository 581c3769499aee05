import type { Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { AGENT_MESSAGE_MAX_BYTES, AGENT_PROTOCOL_VERSION, type InventoryPackage } from '@shared/agent/protocol';
import type { App } from '@shared/api/catalogue';

import {
  AGENT_CLOSE_POLICY,
  AGENT_CONNECT_COST,
  AGENT_INVENTORY_MIN_GAP_MS,
  AGENT_MESSAGE_BURST_SECONDS,
  AGENT_MESSAGES_DROPPED_MAX,
  AGENT_MESSAGES_PER_SECOND,
  messageCost,
} from '../../src/server/security/agent-limits';
import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import { catalogueOf } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

interface LogLine {
  level: number;
  msg: string;
  device?: string;
  stack?: string;
  err?: unknown;
}

/** 600 packages (the most a report may hold), `hello` at `version`: a frame just under 64 KiB. */
function bigInventory(version: string): InventoryPackage[] {
  const filler = Array.from({ length: 599 }, (_, i) => ({
    manager: 'apt' as const,
    id: `lib-filler-pkg-${String(i).padStart(4, '0')}`,
    installedVersion: '1.2.3-4ubuntu5.6',
    availableVersion: null,
  }));
  return [{ manager: 'apt', id: 'hello', installedVersion: version, availableVersion: null }, ...filler];
}

describe('one agent credential cannot slow everyone: the limits of an agent connection', () => {
  let t: TestApp;
  let url: string;
  let admin: Browser;
  let catalogue: App[];
  const log: LogLine[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) log.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    t = await createTestApp({ logStream });
    url = await listeningUrl(t);
    admin = await adminBrowser(t);
    // hello, and apps with long package ids: what the server sends in an inventory.request adds up.
    catalogue = await catalogueOf(t, admin.token, 40, 'Limits', (i) =>
      i === 1
        ? { apt_package: 'hello' }
        : {
            apt_package: `lib${i}-${'a'.repeat(120)}`,
            flatpak_id: `org.example.App${i}.${'b'.repeat(230)}`,
            snap_name: `snap${i}-${'c'.repeat(30)}`,
          },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  async function machine(name: string) {
    const owner = await adminBrowser(t);
    const enrolled = await enrollMachine(t, owner, name);
    const row = await t.app.ctx.db.selectFrom('devices').select('id').where('device_id', '=', enrolled.deviceId).executeTakeFirstOrThrow();
    return { owner, ...enrolled, rowId: row.id };
  }

  const inventoryCheckIns = async (rowId: string) =>
    (
      await t.app.ctx.db
        .selectFrom('device_check_ins')
        .select('id')
        .where('device_row_id', '=', rowId)
        .where('kind', '=', 'inventory')
        .execute()
    ).length;

  /** The server says it could not read a frame once per connection: what the agent sent before is handled by then. */
  const badFrameLines = (deviceId: string) => log.filter((line) => line.device === deviceId && /frame it may not send/.test(line.msg));
  async function handledSoFar(agent: ProtocolAgent, deviceId: string) {
    agent.sendRaw('not json: everything before this was read');
    await eventually(
      async () => badFrameLines(deviceId).length,
      (count) => count === 1,
      'the server to reach the end of what the agent sent',
    );
  }

  it('applies a flood of 63 KiB inventories once per gap, and the latest one is what the device page shows', async () => {
    const m = await machine('Flooding box');
    const owner = await signInAgain(t, m.owner);
    const agent = await ProtocolAgent.connect(url, m.credential);
    await agent.next('inventory.request');
    const frame = JSON.stringify({ type: 'inventory', packages: bigInventory('1.0') });
    expect(frame.length).toBeGreaterThan(60 * 1024);
    expect(frame.length).toBeLessThan(AGENT_MESSAGE_MAX_BYTES);

    // Each frame costs its bytes (16 tokens for 63 KiB): 100 of them fit the burst, with the connection and the hello.
    const FLOOD = 100;
    expect(FLOOD * messageCost(frame.length) + AGENT_CONNECT_COST + 1).toBeLessThan(
      AGENT_MESSAGES_PER_SECOND * AGENT_MESSAGE_BURST_SECONDS,
    );
    for (let i = 0; i < FLOOD; i += 1) agent.send({ type: 'inventory', packages: bigInventory(`1.${i}`) });
    await handledSoFar(agent, m.deviceId);
    // The answer to the server's request is applied at once; the rest came too soon after it.
    expect(await inventoryCheckIns(m.rowId)).toBe(1);
    const shown = async () =>
      (await installationsOf(t, owner.token).inventory(m.deviceId)).body.apps.find((app) => app.packageId === 'hello');
    expect((await shown())?.installedVersion).toBe('1.0');

    // When the gap is over, the latest report kept is applied: one more check-in, the last version.
    t.clock.advance(AGENT_INVENTORY_MIN_GAP_MS);
    await eventually(
      async () => (await shown())?.installedVersion,
      (version) => version === `1.${FLOOD - 1}`,
      'the latest inventory on the device page',
    );
    expect(await inventoryCheckIns(m.rowId)).toBe(2);
    expect(catalogue[0]?.apt_package).toBe('hello');

    // Check now: the server asked, so the answer is applied at once, gap or not.
    const asked = await t.api.post(`/api/devices/${m.deviceId}/inventory/refresh`, undefined, owner.token);
    expect(asked.status).toBe(202);
    await agent.next('inventory.request');
    agent.send({ type: 'inventory', packages: bigInventory('2.0') });
    await eventually(
      async () => (await shown())?.installedVersion,
      (version) => version === '2.0',
      'the asked-for inventory',
    );
    expect(await inventoryCheckIns(m.rowId)).toBe(3);
    await agent.close();
  });

  it('drops messages past the rate, then closes the connection with a policy violation and one warning', async () => {
    const m = await machine('Chatty box');
    const owner = await signInAgain(t, m.owner);
    const agent = await ProtocolAgent.connect(url, m.credential);
    await agent.next('inventory.request');
    // The test clock stands still, so nothing refills: the burst is all there is. Connecting took
    // AGENT_CONNECT_COST and the hello one.
    const burst = AGENT_MESSAGES_PER_SECOND * AGENT_MESSAGE_BURST_SECONDS;
    for (let i = AGENT_CONNECT_COST + 1; i < burst; i += 1) agent.send({ type: 'heartbeat' });
    // Past the burst: dropped unread (it would have been applied at once, as the answer to the request).
    agent.send({ type: 'inventory', packages: bigInventory('9.9') });
    for (let i = 0; i < AGENT_MESSAGES_DROPPED_MAX; i += 1) agent.send({ type: 'heartbeat' });
    expect(await agent.closed()).toBe(AGENT_CLOSE_POLICY);

    const warnings = log.filter((line) => line.device === m.deviceId && /rate limit/.test(line.msg));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, dropped: AGENT_MESSAGES_DROPPED_MAX });
    expect((await installationsOf(t, owner.token).inventory(m.deviceId)).body.checkedAt).toBeNull();

    // The rate is the device's, not the connection's: connecting again does not refill it.
    const refused = new WebSocket(`${url.replace(/^http/, 'ws')}/api/agent/ws`, { headers: { authorization: `Bearer ${m.credential}` } });
    expect(await new Promise((resolve) => refused.on('close', resolve))).toBe(AGENT_CLOSE_POLICY);
    expect(log.filter((line) => line.device === m.deviceId && /connects again and again/.test(line.msg))).toHaveLength(1);
    // Once it has refilled, a normal agent is served as before.
    t.clock.advance(AGENT_MESSAGE_BURST_SECONDS * 1000);
    const again = await ProtocolAgent.connect(url, m.credential);
    await again.next('inventory.request');
    again.send({ type: 'inventory', packages: bigInventory('1.0') });
    await eventually(
      async () => (await installationsOf(t, owner.token).inventory(m.deviceId)).body.checkedAt,
      (checkedAt) => checkedAt !== null,
      'the inventory of the next connection',
    );
    await again.close();
  });

  it('closes a flood of large frames after what they cost, not after as many as small ones', async () => {
    const m = await machine('Heavy flooder');
    const agent = await ProtocolAgent.connect(url, m.credential);
    await agent.next('inventory.request');
    const burst = AGENT_MESSAGES_PER_SECOND * AGENT_MESSAGE_BURST_SECONDS;
    for (let i = AGENT_CONNECT_COST + 1; i < burst; i += 1) agent.send({ type: 'heartbeat' });
    // Past the burst, frames just under 64 KiB: each counts as what it costs to receive.
    const frame = JSON.stringify({ type: 'inventory', packages: bigInventory('6.6') });
    const enough = Math.ceil(AGENT_MESSAGES_DROPPED_MAX / messageCost(frame.length)) + 1;
    expect(enough).toBeLessThan(AGENT_MESSAGES_DROPPED_MAX / 10);
    for (let i = 0; i < enough; i += 1) agent.sendRaw(frame);
    expect(await agent.closed()).toBe(AGENT_CLOSE_POLICY);
    expect(log.filter((line) => line.device === m.deviceId && /rate limit; connection closed/.test(line.msg))).toHaveLength(1);
  });

  it('takes hello once per connection: a second one is ignored', async () => {
    const m = await machine('Hello box');
    const agent = await ProtocolAgent.connect(url, m.credential);
    await agent.next('inventory.request');
    const connectedCheckIns = async () =>
      (
        await t.app.ctx.db
          .selectFrom('device_check_ins')
          .select('id')
          .where('device_row_id', '=', m.rowId)
          .where('kind', '=', 'connected')
          .execute()
      ).length;
    expect(await connectedCheckIns()).toBe(1);
    for (let i = 0; i < 20; i += 1) {
      agent.send({
        type: 'hello',
        protocol: AGENT_PROTOCOL_VERSION,
        agentVersion: '0.2.0',
        platform: 'linux',
        arch: 'x64',
        managers: ['apt'],
      });
    }
    await handledSoFar(agent, m.deviceId);
    expect(agent.received.filter((message) => message.type === 'welcome' || message.type === 'inventory.request')).toEqual([]);
    expect(await connectedCheckIns()).toBe(1);
    await agent.close();
  });

  it('cuts off an agent that does not read what it is sent, so the server does not hold it', async () => {
    const m = await machine('Deaf box');
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/agent/ws`, { headers: { authorization: `Bearer ${m.credential}` } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    const welcomed = new Promise((resolve) => socket.once('message', resolve));
    socket.send(
      JSON.stringify({
        type: 'hello',
        protocol: AGENT_PROTOCOL_VERSION,
        agentVersion: '0.1.0',
        platform: 'linux',
        arch: 'x64',
        managers: ['apt'],
      }),
    );
    await welcomed;
    const connected = t.app.agentHub.size;
    // From now on nothing is read from the socket: the kernel's buffers fill, then the server's.
    (socket as unknown as { _socket: Socket })._socket.pause();

    // Each inventory.request carries the catalogue's package ids (about 20 KB here).
    const dropped = () => log.some((line) => line.device === m.deviceId && /does not read/.test(line.msg));
    for (let i = 0; i < 2_000 && !dropped(); i += 50) {
      await Promise.all(Array.from({ length: 50 }, () => t.app.ctx.bus.publish({ type: 'inventory.request', deviceRowId: m.rowId })));
    }
    await eventually(async () => dropped(), Boolean, 'the server to give up on the agent');
    await eventually(
      async () => t.app.agentHub.size,
      (size) => size === connected - 1,
      'the connection to be let go',
    );
    (socket as unknown as { _socket: Socket })._socket.resume();
    expect(await closed).toBe(1006);
  });

  it('logs a frame it cannot take once per connection, as a warning without a stack', async () => {
    const m = await machine('Odd box');
    const agent = await ProtocolAgent.connect(url, m.credential);
    for (let i = 0; i < 50; i += 1) agent.sendRaw(`{"type":"nonsense","n":${i}}`);
    agent.sendRaw(Buffer.alloc(1024, 0xff).toString('latin1'));
    await eventually(
      async () => badFrameLines(m.deviceId).length,
      (count) => count === 1,
      'the warning',
    );
    // Over the size limit: ws closes the connection (1009). This connection has had its warning.
    agent.sendRaw('x'.repeat(AGENT_MESSAGE_MAX_BYTES + 1));
    expect(await agent.closed()).toBe(1009);
    const again = await ProtocolAgent.connect(url, m.credential);
    again.sendRaw('y'.repeat(AGENT_MESSAGE_MAX_BYTES + 1));
    expect(await again.closed()).toBe(1009);

    await eventually(
      async () => badFrameLines(m.deviceId).length,
      (count) => count === 2,
      'one warning per connection',
    );
    const lines = badFrameLines(m.deviceId);
    for (const line of lines) {
      expect(line.level).toBe(40);
      expect(line.err).toBeUndefined();
      expect(JSON.stringify(line)).not.toMatch(/\n\s+at /);
    }
    expect(lines.map((line) => (line as LogLine & { reason: string }).reason)).toEqual([
      'not a message of the protocol',
      'Max payload size exceeded',
    ]);
    expect(log.filter((line) => line.level >= 50)).toEqual([]);
  });
});
