import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { verifyReleaseSignature } from '@shared/agent/release-signature';
import type { AgentReleasesResponse } from '@shared/api/client';

import { adminBrowser, devicesOf, enroll } from './helpers/devices';
import { createTestApp, type TestApp } from './helpers/test-app';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
type ApiError = { code: string; message: string };

/** A native builds folder as scripts/agent-native-build.mjs leaves it; small fake files suffice to test the serving. */
function nativeDir(manifest: unknown, files: Record<string, string>, dir = mkdtempSync(join(tmpdir(), 'loadout-native-'))): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  writeFileSync(join(dir, 'manifest.json'), typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
  return dir;
}

describe('native agent builds, signed with the release key', () => {
  let t: TestApp;
  let dir: string;
  let agentDir: string;
  beforeAll(async () => {
    dir = nativeDir(
      {
        version: '2.0.0',
        node: '22.12.0',
        builds: [
          { platform: 'linux', arch: 'x64', format: 'exe', file: 'loadout-agent-linux-x64' },
          { platform: 'linux', arch: 'x64', format: 'deb', file: 'loadout-agent-linux-x64.deb' },
          { platform: 'windows', arch: 'x64', format: 'exe', file: 'loadout-agent-windows-x64.exe' },
          // Listed but never built: served as missing, not as an error.
          { platform: 'macos', arch: 'arm64', format: 'exe', file: 'loadout-agent-macos-arm64' },
        ],
      },
      {
        'loadout-agent-linux-x64': 'ELF linux agent',
        'loadout-agent-linux-x64.deb': '!<arch> debian package',
        'loadout-agent-windows-x64.exe': 'MZ windows agent',
      },
    );
    agentDir = mkdtempSync(join(tmpdir(), 'loadout-agent-'));
    writeFileSync(join(agentDir, 'loadout-agent.mjs'), 'console.log("agent")\n');
    const releasesDir = mkdtempSync(join(agentDir, 'releases-'));
    writeFileSync(join(releasesDir, 'Loadout Desktop.dmg'), 'a disk image');
    t = await createTestApp({
      env: { AGENT_NATIVE_DIR: dir, AGENT_FILE: join(agentDir, 'loadout-agent.mjs'), RELEASES_DIR: releasesDir },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(agentDir, { recursive: true, force: true });
  });

  const releases = async () => (await t.api.get<AgentReleasesResponse>('/api/client/agent/releases')).body;

  it('lists the script and every built native build with its address, size, SHA-256 and signature', async () => {
    const list = await releases();
    expect(list.version).toBe('2.0.0');
    expect(Buffer.from(list.publicKey, 'base64')).toHaveLength(32);
    expect(list.desktop).toEqual({ windows: false, macos: true, linux: false });
    const file = (name: string) => ({ sha256: sha256(`${name}`), size: Buffer.byteLength(name) });
    expect(list.builds.map(({ signature: _signature, ...build }) => build)).toEqual([
      {
        platform: 'any',
        arch: 'any',
        format: 'mjs',
        url: 'http://loadout.test/api/client/agent',
        ...file('console.log("agent")\n'),
      },
      { platform: 'linux', arch: 'x64', format: 'exe', url: 'http://loadout.test/api/client/agent/linux/x64', ...file('ELF linux agent') },
      {
        platform: 'linux',
        arch: 'x64',
        format: 'deb',
        url: 'http://loadout.test/api/client/agent/linux/x64?format=deb',
        ...file('!<arch> debian package'),
      },
      {
        platform: 'windows',
        arch: 'x64',
        format: 'exe',
        url: 'http://loadout.test/api/client/agent/windows/x64',
        ...file('MZ windows agent'),
      },
    ]);
    for (const build of list.builds) {
      expect(verifyReleaseSignature({ ...build, version: list.version, publicKey: list.publicKey }), build.url).toBe(true);
    }
  });

  it('streams a build with its checksum and signature, which refuses a changed byte or another platform', async () => {
    const list = await releases();
    const res = await t.app.inject({ method: 'GET', url: '/api/client/agent/windows/x64' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('MZ windows agent');
    expect(res.headers['content-disposition']).toBe('attachment; filename="loadout-agent-windows-x64.exe"');
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers['cache-control']).toBe('no-cache');
    const served = sha256(res.rawPayload);
    expect(res.headers['x-checksum-sha256']).toBe(served);
    expect(res.headers['repr-digest']).toBe(`sha-256=:${Buffer.from(served, 'hex').toString('base64')}:`);

    const signature = String(res.headers['x-signature-ed25519']);
    const claim = { platform: 'windows', arch: 'x64', format: 'exe', version: list.version, publicKey: list.publicKey, signature };
    expect(verifyReleaseSignature({ ...claim, sha256: served })).toBe(true);
    const tampered = Buffer.from(res.rawPayload);
    tampered[0] = (tampered[0] ?? 0) ^ 1;
    expect(verifyReleaseSignature({ ...claim, sha256: sha256(tampered) })).toBe(false);
    expect(verifyReleaseSignature({ ...claim, sha256: served, platform: 'linux' })).toBe(false);
    expect(verifyReleaseSignature({ ...claim, sha256: served, version: '1.9.0' })).toBe(false);

    const deb = await t.app.inject({ method: 'GET', url: '/api/client/agent/linux/x64?format=deb' });
    expect(deb.statusCode).toBe(200);
    expect(deb.headers['content-type']).toBe('application/vnd.debian.binary-package');
    expect(deb.body).toBe('!<arch> debian package');

    const script = await t.app.inject({ method: 'GET', url: '/api/client/agent' });
    expect(script.headers['x-signature-ed25519']).toBe(list.builds[0]?.signature);
  });

  it('answers a 404 naming the build that is missing, and 400 for a platform, processor or format that does not exist', async () => {
    const missing = await t.api.get<ApiError>('/api/client/agent/macos/arm64');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 'CLIENT_BUILD_NOT_FOUND', message: 'No macOS arm64 agent has been built on this server' });
    const msi = await t.api.get<ApiError>('/api/client/agent/windows/x64?format=msi');
    expect(msi.status).toBe(404);
    expect(msi.body.message).toBe('No Windows x64 agent .msi installer has been built on this server');
    const arm = await t.api.get<ApiError>('/api/client/agent/windows/arm64');
    expect(arm.body.message).toBe('No Windows arm64 agent has been built on this server');

    for (const url of ['/api/client/agent/windows/x64?format=zip', '/api/client/agent/beos/x64', '/api/client/agent/linux/mips']) {
      const res = await t.api.get<ApiError>(url);
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toBe('VALIDATION_ERROR');
    }
  });

  it('serves the same file again from its cached checksum, and follows a file that changed', async () => {
    const file = join(dir, 'loadout-agent-linux-x64');
    const first = await t.app.inject({ method: 'GET', url: '/api/client/agent/linux/x64' });
    writeFileSync(file, 'ELF linux agent, rebuilt');
    const second = await t.app.inject({ method: 'GET', url: '/api/client/agent/linux/x64' });
    expect(second.body).toBe('ELF linux agent, rebuilt');
    expect(second.headers['x-checksum-sha256']).toBe(sha256('ELF linux agent, rebuilt'));
    expect(second.headers['x-signature-ed25519']).not.toBe(first.headers['x-signature-ed25519']);
  });

  it('hands the release public key to a machine at enrolment', async () => {
    const admin = await adminBrowser(t);
    const code = (await devicesOf(t, admin).createToken(1)).body.token.code;
    const res = await enroll(t, code);
    expect(res.status).toBe(201);
    expect(res.body.releasePublicKey).toBe((await releases()).publicKey);
  });
});

describe('a manifest that is missing, damaged or names a file outside its folder', () => {
  const cases = {
    'names ../secret': {
      version: '2.0.0',
      builds: [{ platform: 'linux', arch: 'x64', format: 'exe', file: '../secret' }],
    },
    'names a path': {
      version: '2.0.0',
      builds: [{ platform: 'linux', arch: 'x64', format: 'exe', file: 'sub/loadout-agent' }],
    },
    'is not JSON': '{ "version": ',
  };
  for (const [name, manifest] of Object.entries(cases)) {
    it(`${name}: no native builds, never a 500, and the file outside is not served`, async () => {
      // The folder inside a temporary one of its own, so that ../secret is a file that exists.
      const parent = mkdtempSync(join(tmpdir(), 'loadout-native-parent-'));
      writeFileSync(join(parent, 'secret'), 'outside the folder');
      const dir = nativeDir(manifest, { 'loadout-agent': 'inside' }, join(parent, 'native'));
      mkdirSync(join(dir, 'sub'));
      writeFileSync(join(dir, 'sub', 'loadout-agent'), 'in a subfolder');
      const t = await createTestApp({ env: { AGENT_NATIVE_DIR: dir, AGENT_FILE: join(dir, 'absent.mjs') } });
      try {
        const list = await t.api.get<AgentReleasesResponse>('/api/client/agent/releases');
        expect(list.status).toBe(200);
        expect(list.body.builds).toEqual([]);
        expect(list.body.version).toBe(t.config.version);
        const res = await t.api.get<ApiError>('/api/client/agent/linux/x64');
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('No Linux x64 agent has been built on this server');
      } finally {
        await t.close();
        rmSync(parent, { recursive: true, force: true });
      }
    });
  }

  it('an absent folder: no native builds, said once in the log rather than per request', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await createTestApp({ env: { AGENT_NATIVE_DIR: join(tmpdir(), 'loadout-no-such-native-dir') }, logStream });
    try {
      for (let i = 0; i < 3; i += 1) {
        const list = await t.api.get<AgentReleasesResponse>('/api/client/agent/releases');
        expect(list.body.builds.every((b) => b.format === 'mjs')).toBe(true);
        expect((await t.api.get('/api/client/agent/linux/x64')).status).toBe(404);
      }
      expect(lines.filter((line) => line.includes('No native agent builds are served'))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

describe('the release key', () => {
  it('is made once and kept (0600) in the data folder, so a restarted server signs with the same key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loadout-data-'));
    const env = { RELEASE_SIGNING_KEY: '', DATA_DIR: dataDir };
    const keyOf = async () => {
      const t = await createTestApp({ env });
      try {
        const releases = await t.api.get<AgentReleasesResponse>('/api/client/agent/releases');
        // The private key is in neither the answer nor anything that prints the configuration.
        const pem = readFileSync(join(dataDir, 'release-signing-key.pem'), 'utf8');
        const secret = pem.split('\n')[1] ?? pem;
        expect(secret.length).toBeGreaterThan(40);
        expect(JSON.stringify(releases.body)).not.toContain(secret);
        expect(JSON.stringify(t.config)).not.toContain(secret);
        expect(inspect(t.config)).not.toContain(secret);
        return releases.body.publicKey;
      } finally {
        await t.close();
      }
    };
    try {
      const first = await keyOf();
      expect(statSync(join(dataDir, 'release-signing-key.pem')).mode & 0o777).toBe(0o600);
      expect(await keyOf()).toBe(first);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
