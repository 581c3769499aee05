import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import {
  AGENT_CLOSE_PROTOCOL,
  AGENT_PROTOCOL_VERSION,
  serverMessageSchema,
  type AgentMessage,
  type ServerMessage,
} from '@shared/agent/protocol';
import { verifyReleaseSignature } from '@shared/agent/release-signature';

import { eventually, listeningUrl } from './helpers/agent';
import { adminBrowser, devicesOf, enrollMachine, type Browser } from './helpers/devices';
import { createTestApp, type TestApp } from './helpers/test-app';

type Hello = Extract<AgentMessage, { type: 'hello' }>;
const BUILD = 'ELF the native agent 0.3.0';

/** A server carrying native build 0.3.0 for Linux x64 (as scripts/agent-native-build.mjs leaves it). */
function nativeDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'loadout-native-'));
  writeFileSync(join(dir, 'loadout-agent-linux-x64'), BUILD);
  const builds = [{ platform: 'linux', arch: 'x64', format: 'exe', file: 'loadout-agent-linux-x64' }];
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ version: '0.3.0', node: '24.21.0', builds }));
  return dir;
}

/** An agent's connection with the hello a test chooses: what the server sends, and how it closes. */
async function connect(url: string, credential: string, hello: Partial<Hello>) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/agent/ws`, { headers: { authorization: `Bearer ${credential}` } });
  const received: ServerMessage[] = [];
  socket.on('message', (data: Buffer) => received.push(serverMessageSchema.parse(JSON.parse(data.toString('utf8')))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
  );
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const full: Hello = {
    type: 'hello',
    protocol: AGENT_PROTOCOL_VERSION,
    agentVersion: '0.2.0',
    platform: 'linux',
    arch: 'x64',
    managers: ['apt'],
    ...hello,
  };
  socket.send(JSON.stringify(full));
  // The welcome, the jobs, the inventory request and any offer go out together: wait for the inventory request.
  const settled = eventually(
    async () => received,
    (messages) => messages.some((message) => message.type === 'inventory.request'),
    'the server to answer the hello',
  ).catch(() => received);
  return { socket, received, closed, settled, send: (message: AgentMessage) => socket.send(JSON.stringify(message)) };
}

describe('agents updating themselves', () => {
  let t: TestApp;
  let url: string;
  let dir: string;
  beforeAll(async () => {
    dir = nativeDir();
    t = await createTestApp({ env: { AGENT_NATIVE_DIR: dir } });
    url = await listeningUrl(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const deviceOf = async (machine: { owner: Browser; deviceId: string }) =>
    (await devicesOf(t, machine.owner).list()).body.devices.find((d) => d.device_id === machine.deviceId)!;
  const enrolled = async () => {
    const owner = await adminBrowser(t);
    return { owner, ...(await enrollMachine(t, owner)) };
  };
  const offers = (messages: ServerMessage[]) => messages.filter((message) => message.type === 'update.available');

  it('offers an older native agent the newer build, signed for its platform and version', async () => {
    const machine = await enrolled();
    const agent = await connect(url, machine.credential, { build: 'native', agentVersion: '0.2.9' });
    await agent.settled;
    const [offer] = offers(agent.received);
    expect(offer).toMatchObject({
      type: 'update.available',
      version: '0.3.0',
      url: 'http://loadout.test/api/client/agent/linux/x64',
      sha256: createHash('sha256').update(BUILD).digest('hex'),
      size: Buffer.byteLength(BUILD),
    });
    const publicKey = (await t.api.get<{ publicKey: string }>('/api/client/agent/releases')).body.publicKey;
    expect(
      verifyReleaseSignature({
        platform: 'linux',
        arch: 'x64',
        format: 'exe',
        version: '0.3.0',
        sha256: offer!.sha256,
        publicKey,
        signature: offer!.signature,
      }),
    ).toBe(true);
    agent.socket.close();
  });

  it('offers nothing to a native agent as new, to the script, the desktop client, an older agent without a build, or another platform', async () => {
    for (const hello of [
      { build: 'native', agentVersion: '0.3.0' },
      { build: 'native', agentVersion: '0.10.0' },
      { build: 'script', agentVersion: '0.1.0' },
      { build: 'desktop', agentVersion: '0.1.0' },
      { agentVersion: '0.1.0' },
      { build: 'native', agentVersion: '0.1.0', arch: 'arm64' },
    ] as const) {
      const machine = await enrolled();
      const agent = await connect(url, machine.credential, hello);
      await agent.settled;
      expect(
        agent.received.map((message) => message.type),
        JSON.stringify(hello),
      ).toContain('welcome');
      expect(offers(agent.received), JSON.stringify(hello)).toEqual([]);
      agent.socket.close();
    }
  });

  it('keeps the agent’s update.status for the device page, and clears it once the agent runs the new version', async () => {
    const machine = await enrolled();
    const old = await connect(url, machine.credential, { build: 'native', agentVersion: '0.2.0' });
    await old.settled;
    old.send({
      type: 'update.status',
      state: 'failed',
      version: '0.3.0',
      message: 'The download does not match the SHA-256 the server announced',
    });
    const failed = await eventually(
      () => deviceOf(machine),
      (d) => d.agent_update?.state === 'failed',
      'the failure to be kept',
    );
    expect(failed.agent_update).toMatchObject({
      version: '0.3.0',
      message: 'The download does not match the SHA-256 the server announced',
    });
    expect(failed.agent_version).toBe('0.2.0');

    old.send({ type: 'update.status', state: 'restarting', version: '0.3.0', message: 'Restarting on 0.3.0' });
    await eventually(
      () => deviceOf(machine),
      (d) => d.agent_update?.state === 'restarting',
      'the restart to be kept',
    );
    old.socket.close();
    await old.closed;
    const updated = await connect(url, machine.credential, { build: 'native', agentVersion: '0.3.0' });
    await updated.settled;
    const device = await eventually(
      () => deviceOf(machine),
      (d) => d.agent_update === null,
      'the update to be done',
    );
    expect(device.agent_version).toBe('0.3.0');
    updated.socket.close();
  });

  it('refuses an agent whose protocol it no longer speaks, saying which agent to install', async () => {
    const machine = await enrolled();
    const agent = await connect(url, machine.credential, { protocol: 0, agentVersion: '0.0.1' });
    const closed = await agent.closed;
    expect(closed.code).toBe(AGENT_CLOSE_PROTOCOL);
    expect(closed.reason).toBe('Agent 0.0.1 (protocol 0) is too old for this server: install agent 0.3.0 from it');
    expect(agent.received).toEqual([]);
    const newer = await connect(url, machine.credential, { protocol: AGENT_PROTOCOL_VERSION + 1 });
    expect((await newer.closed).code).toBe(AGENT_CLOSE_PROTOCOL);
  });
});

describe('agent updates held by the administrator', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = nativeDir();
    t = await createTestApp({ env: { AGENT_NATIVE_DIR: dir, AGENT_UPDATES: 'hold' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends no update, and the device page says updates are held while a newer build exists', async () => {
    const url = await listeningUrl(t);
    const owner = await adminBrowser(t);
    const machine = await enrollMachine(t, owner);
    const agent = await connect(url, machine.credential, { build: 'native', agentVersion: '0.2.0' });
    await agent.settled;
    expect(agent.received.filter((message) => message.type === 'update.available')).toEqual([]);
    const device = await eventually(
      async () => (await devicesOf(t, owner).list()).body.devices.find((d) => d.device_id === machine.deviceId)!,
      (d) => d.agent_update?.state === 'held',
      'the hold to show',
    );
    expect(device.agent_update).toMatchObject({ state: 'held', version: '0.3.0' });
    agent.socket.close();
  });
});
