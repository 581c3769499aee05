import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from './helpers/test-app';

describe('desktop client downloads (SPEC §7, §9)', () => {
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

  it('serves the installer under SPEC’s file name to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client/download-client/linux?arch=auto' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Loadout Desktop.AppImage"');
    expect(res.body).toBe('an AppImage');
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
