import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from './helpers/test-app';

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'loadout-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Loadout</title><div id="root"></div>');
    writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'console.log("hi")');
    t = await createTestApp({ env: { WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers client routes with index.html so the router can take over', async () => {
    for (const path of ['/', '/app-list', '/settings', '/installations/42', '/some/unknown/page?x=1']) {
      const res = await t.api.get<string>(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('serves the pages with the CSP and helmet headers the web app passes', async () => {
    for (const path of ['/', '/settings', '/assets/app-abc123.js']) {
      const res = await t.api.get<string>(path);
      expect(res.headers['content-security-policy'], path).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], path).toContain('https://js.stripe.com');
      expect(res.headers['cross-origin-opener-policy'], path).toBe('same-origin-allow-popups');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    }
  });

  it('serves index.html no-cache, however it is reached, so a release is seen at the next load', async () => {
    for (const path of ['/', '/index.html', '/settings']) {
      const res = await t.api.get<string>(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.api.get<string>('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps JSON 404s for unknown API paths', async () => {
    const res = await t.api.get<{ code: string }>('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('does not hand index.html to non-GET requests', async () => {
    const res = await t.api.post<{ code: string }>('/app-list', {});
    expect(res.status).toBe(404);
  });
});
