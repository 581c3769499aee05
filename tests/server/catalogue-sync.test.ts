import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CatalogueSyncRun, CatalogueSyncRunsResponse } from '@shared/api/admin';
import type { CatalogueSearchResponse } from '@shared/api/catalogue';

import { writeSnapshot } from '../../src/server/services/catalogue-index/snapshot-file';
import { adminBrowser, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const fixtures = join(import.meta.dirname, '../fixtures/catalogue-index/debian');
const PACKAGES = readFileSync(join(fixtures, 'Packages'), 'utf8');
const COMPONENTS = readFileSync(join(fixtures, 'Components-amd64.yml'), 'utf8');

/**
 * A Debian mirror on loopback, laid out as deb.debian.org is, serving the real slices in
 * tests/fixtures: it answers "not modified" to a request that names the package index's current
 * ETag, as a real mirror does. Its files can be changed between readings.
 */
class LoopbackMirror {
  packages = PACKAGES;
  requests: Array<{ path: string; ifNoneMatch: string | undefined }> = [];
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const path = request.url ?? '';
      this.requests.push({ path, ifNoneMatch: request.headers['if-none-match'] });
      const body =
        path === '/debian/dists/trixie/main/binary-amd64/Packages.gz'
          ? this.packages
          : path === '/debian/dists/trixie/main/dep11/Components-amd64.yml.gz'
            ? COMPONENTS
            : null;
      if (body === null) return void response.writeHead(404).end();
      const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
      if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
      response.writeHead(200, { etag, 'content-type': 'application/gzip' }).end(gzipSync(body));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/debian`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

describe("keeping the catalogue fresh from Debian's mirror", () => {
  const mirror = new LoopbackMirror();
  let t: TestApp;
  let admin: Browser;

  beforeAll(async () => {
    t = await createTestApp({ env: { DEBIAN_MIRROR: await mirror.start(), CATALOGUE_SYNC_HOURS: '24' } });
    admin = await adminBrowser(t);
  });
  afterAll(async () => {
    await t.close();
    await mirror.stop();
  });

  const syncNow = () => t.api.post<CatalogueSyncRun & ApiError>('/api/admin/catalogue/syncs', {}, admin.token);
  const search = async (query: string) => (await t.api.get<CatalogueSearchResponse>(`/catalogue/search?${query}`)).body;

  it("reads the mirror's index into the catalogue and records what it did, for an admin to read", async () => {
    const run = await syncNow();
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ index: 'Debian trixie main, amd64', outcome: 'applied', linked: 0, changed: 0, gone: 0, error: null });
    expect(run.body.created).toBeGreaterThan(20);
    expect(run.body.examples.created).toContain('Firefox ESR');
    expect((await search('q=ripgrep')).apps.map((app) => app.apt_package)).toEqual(['ripgrep']);

    const runs = await t.api.get<CatalogueSyncRunsResponse>('/api/admin/catalogue/syncs', admin.token);
    expect(runs.body.runs.map((each) => each.outcome)).toEqual(['applied']);
  });

  it('asks the mirror whether the index changed, and reads nothing when it did not', async () => {
    mirror.requests = [];
    const run = await syncNow();
    expect(run.body).toMatchObject({ outcome: 'unchanged', created: 0 });
    expect(mirror.requests).toHaveLength(1);
    expect(mirror.requests[0]?.ifNoneMatch).toMatch(/^"[0-9a-f]{16}"$/);
  });

  it('applies a changed index: a package it dropped is kept in the catalogue, marked gone, and named in the record', async () => {
    mirror.packages = PACKAGES.split('\n\n')
      .filter((stanza) => !stanza.startsWith('Package: ripgrep\n'))
      .join('\n\n');
    const run = await syncNow();
    expect(run.body).toMatchObject({ outcome: 'applied', created: 0, gone: 1, examples: { gone: ['ripgrep'] } });
    expect((await search('q=ripgrep')).total).toBe(1);
  });

  it('records a mirror that fails, and leaves the catalogue as it was', async () => {
    const before = (await search('limit=1')).total;
    await mirror.stop();
    const run = await syncNow();
    expect(run.body.outcome).toBe('failed');
    expect(run.body.error).toBeTruthy();
    expect((await search('limit=1')).total).toBe(before);
  });

  it('is for admins only', async () => {
    const stranger = await t.api.get<ApiError>('/api/admin/catalogue/syncs');
    expect(stranger.status).toBe(401);
  });
});

describe('the first sync after a shipped snapshot', () => {
  const mirror = new LoopbackMirror();
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { DEBIAN_MIRROR: await mirror.start(), CATALOGUE_SYNC_HOURS: '24' } });
    dir = mkdtempSync(join(tmpdir(), 'loadout-shipped-'));
  });
  afterAll(async () => {
    await t.close();
    await mirror.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('asks whether the index changed since the snapshot was read, and reads nothing when it did not', async () => {
    // The snapshot was read from this mirror: its header keeps what the mirror said of the index.
    const etag = `"${createHash('sha256').update(PACKAGES).digest('hex').slice(0, 16)}"`;
    const header = { index: 'Debian trixie main, amd64', field: 'apt_package' as const, source: 'test', readAt: '2026-11-29', count: 0 };
    await writeSnapshot(join(dir, 'apt_package.jsonl.gz'), { ...header, validators: { etag, lastModified: null } }, []);
    await t.app.services.catalogueIndex.applyShipped(dir);

    mirror.requests = [];
    expect(await t.app.services.catalogueSync.syncNow()).toMatchObject({ outcome: 'unchanged' });
    expect(mirror.requests).toEqual([{ path: '/debian/dists/trixie/main/binary-amd64/Packages.gz', ifNoneMatch: etag }]);
  });
});
