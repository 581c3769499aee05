import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { precompressDir } from '../../scripts/precompress.mjs';
import { createTestApp, type TestApp } from './helpers/test-app';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Keep named lists of apps and install a whole list onto any of your machines." />
    <title>Loadout</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc123.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body>
    <div id="root"></div>
    ${'<!-- long enough to be worth compressing -->\n'.repeat(40)}
  </body>
</html>`;

/** A web build as `vite build` leaves it: hashed assets (some too small to compress), their .br and .gz, robots.txt. */
async function builtWebDir(): Promise<string> {
  const webDir = mkdtempSync(join(tmpdir(), 'loadout-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), SHELL);
  writeFileSync(join(webDir, 'robots.txt'), readFileSync('src/renderer/public/robots.txt'));
  writeFileSync(
    join(webDir, 'assets', 'index-abc123.js'),
    `export const apps = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `app ${i}`))};`,
  );
  writeFileSync(join(webDir, 'assets', 'react-abc123.js'), 'export const tiny = 1;');
  writeFileSync(join(webDir, 'assets', 'index-abc123.css'), '.card { padding: 4px; }\n'.repeat(100));
  await precompressDir(join(webDir, 'assets'));
  return webDir;
}

describe('compressed answers', () => {
  let t: TestApp;
  let assets: string[];
  let webDir: string;
  beforeAll(async () => {
    webDir = await builtWebDir();
    assets = readdirSync(join(webDir, 'assets')).filter((name) => !/\.(br|gz)$/.test(name));
    t = await createTestApp({ env: { WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });

  it('serves every built asset brotli, gzip or as it is, by what the browser accepts, cached for a year', async () => {
    for (const name of assets) {
      const original = readFileSync(join(webDir, 'assets', name));
      const worthIt = original.length >= 1024;
      const br = await get(`/assets/${name}`, { 'accept-encoding': 'gzip, deflate, br' });
      const gz = await get(`/assets/${name}`, { 'accept-encoding': 'gzip' });
      const plain = await get(`/assets/${name}`);
      for (const res of [br, gz, plain]) {
        expect(res.statusCode, name).toBe(200);
        expect(res.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
        expect(String(res.headers.vary), name).toMatch(/accept-encoding/i);
      }
      expect(br.headers['content-encoding'], name).toBe(worthIt ? 'br' : undefined);
      expect(gz.headers['content-encoding'], name).toBe(worthIt ? 'gzip' : undefined);
      expect(plain.headers['content-encoding'], name).toBeUndefined();
      expect(worthIt ? brotliDecompressSync(br.rawPayload) : br.rawPayload, name).toEqual(original);
      expect(worthIt ? gunzipSync(gz.rawPayload) : gz.rawPayload, name).toEqual(original);
      expect(plain.rawPayload, name).toEqual(original);
      if (worthIt) expect(br.rawPayload.length, name).toBeLessThan(original.length / 2);
    }
  });

  it('answers HEAD with the length of what GET would send, and a range of the encoded bytes', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    const head = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(br.rawPayload.length);
    expect(head.rawPayload.length).toBe(0);
    const range = await get('/assets/index-abc123.js', { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toEqual(br.rawPayload.subarray(0, 10));
  });

  it('compresses the page itself when the browser takes it, and never caches it', async () => {
    for (const path of ['/', '/sign-in', '/gallery', '/index.html']) {
      const res = await get(path, { 'accept-encoding': 'br' });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(String(res.headers.vary), path).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).toString(), path).toContain('<div id="root"></div>');
      const gz = await get(path, { 'accept-encoding': 'gzip' });
      expect(gunzipSync(gz.rawPayload).toString(), path).toContain('<div id="root"></div>');
      const plain = await get(path, { 'accept-encoding': 'br;q=0, identity' });
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.body, path).toContain('<div id="root"></div>');
    }
  });

  it('compresses large API answers and leaves small ones as they are', async () => {
    // The API reference's JSON is large; an unknown endpoint's error is a few dozen bytes.
    const large = await get('/api/docs/json', { 'accept-encoding': 'gzip, br' });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(String(large.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toHaveProperty('openapi');
    const gz = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('openapi');
    const small = await get('/api/nothing-here', { 'accept-encoding': 'gzip, br' });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves robots.txt as text: the public pages allowed, the API and the signed-in app not', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    for (const page of ['/sign-in', '/gallery', '/shared/']) expect(lines).toContain(`Allow: ${page}`);
    expect(lines).toContain('Disallow: /');
    expect(lines).not.toContain('Allow: /api/');
    expect(lines).not.toContain('Allow: /app-list');
  });

  it('sends the page a strict CSP: a fresh nonce on its scripts, no host allowlist alone, no plugins, no <base>', async () => {
    const first = await get('/sign-in');
    const second = await get('/sign-in');
    const policy = String(first.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    const nonce = /'nonce-([A-Za-z0-9+/=]{22,})'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(String(second.headers['content-security-policy'])).not.toContain(nonce);
    expect(first.body).toContain(`<script nonce="${nonce}" type="module"`);
    expect(first.body).toContain(`<link nonce="${nonce}" rel="modulepreload"`);
    expect(first.body).not.toContain(`<link nonce="${nonce}" rel="stylesheet"`);
  });
});
