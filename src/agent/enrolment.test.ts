import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CONFIG_FILE, ConfigStore } from './config-store';
import { enrolledConfig, enrollWithCode, ServerRefused } from './enrolment';
import { enrolledDevice } from './testing/enrolled-device';

const SERVER = 'https://loadout.example.com';

const device = enrolledDevice;

/** A release public key as servers send it: the raw 32 bytes of an Ed25519 key, base64. */
function releaseKey(): string {
  const { x } = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
  return Buffer.from(x ?? '', 'base64url').toString('base64');
}

/** The server at the network edge, answering every enrolment with `answer`. */
function serverAnswering(answer: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer), { status: 201, headers: { 'content-type': 'application/json' } })),
  );
}

const enrol = () => enrollWithCode({ server: SERVER, code: 'ABCDE-FGHIJ', deviceId: 'agent-1234', deviceName: 'Build box' });

describe('the release key pinned at enrolment', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agent-enrolment-'));
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps the server's release key with the credential", async () => {
    const key = releaseKey();
    serverAnswering({ credential: 'secret-credential', device, releasePublicKey: key });
    const answer = await enrol();
    expect(answer.releasePublicKey).toBe(key);

    const store = new ConfigStore(dir);
    await store.save(enrolledConfig(SERVER, answer));
    expect(await store.load()).toEqual({
      server: SERVER,
      deviceId: 'agent-1234',
      deviceName: 'Build box',
      credential: 'secret-credential',
      releasePublicKey: key,
    });
  });

  it('takes the new key when the machine enrols again', async () => {
    const store = new ConfigStore(dir);
    serverAnswering({ credential: 'first', device, releasePublicKey: releaseKey() });
    await store.save(enrolledConfig(SERVER, await enrol()));
    const second = releaseKey();
    serverAnswering({ credential: 'second', device, releasePublicKey: second });
    await store.save(enrolledConfig(SERVER, await enrol(), { insecureHttp: true }));
    expect(await store.load()).toMatchObject({ credential: 'second', releasePublicKey: second, insecureHttp: true });
  });

  it('pins nothing with a server that sends no key, and reads a configuration written before keys were pinned', async () => {
    serverAnswering({ credential: 'secret-credential', device });
    const config = enrolledConfig(SERVER, await enrol());
    expect(config).not.toHaveProperty('releasePublicKey');

    const older = { server: SERVER, deviceId: 'agent-1234', deviceName: 'Build box', credential: 'secret-credential' };
    await writeFile(join(dir, CONFIG_FILE), JSON.stringify(older));
    const loaded = await new ConfigStore(dir).load();
    expect(loaded).toEqual(older);
    expect(loaded?.releasePublicKey).toBeUndefined();
  });

  it('refuses an answer whose key is not an Ed25519 public key, and a stored one that is damaged', async () => {
    serverAnswering({ credential: 'secret-credential', device, releasePublicKey: 'not a key' });
    await expect(enrol()).rejects.toBeInstanceOf(ServerRefused);

    const damaged = { server: SERVER, deviceId: 'a', deviceName: 'b', credential: 'c', releasePublicKey: 'AAAA' };
    await writeFile(join(dir, CONFIG_FILE), JSON.stringify(damaged));
    await expect(new ConfigStore(dir).load()).rejects.toThrow('is damaged');
    expect(JSON.parse(await readFile(join(dir, CONFIG_FILE), 'utf8'))).toEqual(damaged);
  });
});
