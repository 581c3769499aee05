import { createHash } from 'node:crypto';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AgentReleasesResponse } from '@shared/api/client';

import { createTestApp, type TestApp } from './helpers/test-app';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

describe('desktop client downloads', () => {
  let t: TestApp;
  let releases: string;
  beforeAll(async () => {
    releases = mkdtempSync(join(tmpdir(), 'loadout-releases-'));
    writeFileSync(join(releases, 'Loadout Desktop.AppImage'), 'an AppImage');
    t = await createTestApp({ env: { RELEASES_DIR: releases } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(releases, { recursive: true, force: true });
  });

  it('serves the installer under its product file name to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client/download-client/linux?arch=auto' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Loadout Desktop.AppImage"');
    expect(res.body).toBe('an AppImage');
    expect(res.headers['x-checksum-sha256']).toBe(sha256('an AppImage'));
  });

  it('answers a clear 404 for a build this server does not have, and 400 for a platform that does not exist', async () => {
    const windows = await t.api.get<{ code: string; message: string }>('/api/client/download-client/windows');
    expect(windows.status).toBe(404);
    expect(windows.body).toEqual({
      code: 'CLIENT_BUILD_NOT_FOUND',
      message: 'The desktop client for Windows is not available on this server yet',
    });
    const arm = await t.api.get<{ code: string; message: string }>('/api/client/download-client/linux?arch=arm64');
    expect(arm.body).toEqual({ code: 'CLIENT_BUILD_NOT_FOUND', message: 'The desktop client is not built for Linux on arm64' });
    expect((await t.api.get('/api/client/download-client/beos')).status).toBe(400);
  });
});

describe('the headless agent, checked before it runs', () => {
  let t: TestApp;
  let dir: string;
  let agentFile: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'loadout-agent-'));
    agentFile = join(dir, 'loadout-agent.mjs');
    writeFileSync(agentFile, '#!/usr/bin/env node\nconsole.log("agent one");\n');
    t = await createTestApp({ env: { AGENT_FILE: agentFile } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const download = () => t.app.inject({ method: 'GET', url: '/api/client/agent' });
  const releases = () => t.api.get<AgentReleasesResponse>('/api/client/agent/releases');

  it('sends the SHA-256 of the bytes it serves in a header, and lists the same in the releases', async () => {
    const res = await download();
    expect(res.statusCode).toBe(200);
    const served = sha256(res.rawPayload);
    expect(res.headers['x-checksum-sha256']).toBe(served);
    expect(res.headers['repr-digest']).toBe(`sha-256=:${Buffer.from(served, 'hex').toString('base64')}:`);

    const listing = await releases();
    expect(listing.status).toBe(200);
    expect(listing.body).toEqual({
      version: t.config.version,
      publicKey: expect.any(String),
      desktop: { windows: false, macos: false, linux: false },
      builds: [
        {
          platform: 'any',
          arch: 'any',
          format: 'mjs',
          url: 'http://loadout.test/api/client/agent',
          sha256: served,
          size: res.rawPayload.length,
          signature: res.headers['x-signature-ed25519'],
        },
      ],
    });
  });

  it('follows a new build put in place of the old one', async () => {
    const before = (await download()).headers['x-checksum-sha256'];
    const next = `${agentFile}.tmp`;
    writeFileSync(next, '#!/usr/bin/env node\nconsole.log("agent two, a little longer");\n');
    renameSync(next, agentFile);
    const res = await download();
    expect(res.body).toContain('agent two');
    expect(res.headers['x-checksum-sha256']).toBe(sha256(res.rawPayload));
    expect(res.headers['x-checksum-sha256']).not.toBe(before);
    expect((await releases()).body.builds[0]?.sha256).toBe(sha256(res.rawPayload));
  });

  it('lists no build when the agent has not been built', async () => {
    rmSync(agentFile);
    expect((await releases()).body.builds).toEqual([]);
    expect((await download()).statusCode).toBe(404);
  });
});
