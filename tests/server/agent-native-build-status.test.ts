// A build that `npm start` begins shows in the releases list while it runs, and its programs
// appear when it is done, without a restart (the status and the manifest are read per request).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AgentReleasesResponse } from '@shared/api/client';

import { BUILD_STATUS_FILE, clearBuildStatus, markBuilding, markFailed } from '../../scripts/agent-native/build-status.mjs';
import { createTestApp, type TestApp } from './helpers/test-app';

const LINUX_X64 = { platform: 'linux', arch: 'x64' };

describe('a native agent build under way', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'loadout-native-'));
    t = await createTestApp({ env: { AGENT_NATIVE_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const releases = async () => {
    const res = await t.api.get<AgentReleasesResponse>('/api/client/agent/releases');
    expect(res.status).toBe(200);
    return res.body;
  };
  const nativeBuilds = (list: AgentReleasesResponse) => list.builds.filter((build) => build.platform !== 'any');

  it('is reported while it runs, started with the server, then replaced by its builds', async () => {
    expect((await releases()).nativeBuild).toBeUndefined();

    // This test process stands for the build's: alive, so the status is believed.
    markBuilding(dir, [LINUX_X64], true);
    const during = await releases();
    expect(during.nativeBuild).toEqual({ state: 'building', builds: [{ platform: 'linux', arch: 'x64' }], startedWithServer: true });
    expect(nativeBuilds(during)).toEqual([]);

    writeFileSync(join(dir, 'loadout-agent-linux-x64.deb'), '!<arch> debian package');
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({
        version: '0.1.0',
        builds: [{ platform: 'linux', arch: 'x64', format: 'deb', file: 'loadout-agent-linux-x64.deb' }],
      }),
    );
    clearBuildStatus(dir);
    const after = await releases();
    expect(after.nativeBuild).toBeUndefined();
    expect(nativeBuilds(after).map(({ platform, arch, format }) => ({ platform, arch, format }))).toEqual([
      { platform: 'linux', arch: 'x64', format: 'deb' },
    ]);
  });

  it('is not reported once its process is gone (killed with the server)', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(
      join(dir, BUILD_STATUS_FILE),
      JSON.stringify({ state: 'building', pid: gone, builds: [LINUX_X64], startedWithServer: true, startedAt: new Date().toISOString() }),
    );
    expect((await releases()).nativeBuild).toBeUndefined();
  });

  it('reports a build that failed, by a person or the server, and ignores a damaged status file', async () => {
    markFailed(dir, [LINUX_X64, { platform: 'windows', arch: 'x64' }], false);
    expect((await releases()).nativeBuild).toEqual({
      state: 'failed',
      builds: [
        { platform: 'linux', arch: 'x64' },
        { platform: 'windows', arch: 'x64' },
      ],
      startedWithServer: false,
    });
    writeFileSync(join(dir, BUILD_STATUS_FILE), '{"state":"building","builds":"../../etc"');
    expect((await releases()).nativeBuild).toBeUndefined();
    clearBuildStatus(dir);
  });
});
