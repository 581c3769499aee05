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

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const PACKAGES_PATH = 'main/binary-amd64/Packages.gz';
const COMPONENTS_PATH = 'main/dep11/Components-amd64.yml.gz';

/**
 * A Debian mirror on loopback, laid out as deb.debian.org is, serving the real slices in
 * tests/fixtures and a release file (InRelease) that lists their SHA-256, as a real mirror's
 * does. Its files can be changed between readings, or served not matching the release file.
 */
class LoopbackMirror {
  packages = PACKAGES;
  /** When set, Packages.gz is served with these bytes whatever the release file says. */
  corruptPackages: Buffer | null = null;
  requests: string[] = [];
  private server: Server | null = null;

  files(): Record<string, Buffer> {
    return { [PACKAGES_PATH]: gzipSync(this.packages), [COMPONENTS_PATH]: gzipSync(COMPONENTS) };
  }

  release(): string {
    const lines = Object.entries(this.files()).map(([path, data]) => ` ${sha256(data)} ${data.length} ${path}`);
    return ['Origin: Debian', 'Suite: stable', 'SHA256:', ...lines, ''].join('\n');
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const path = (request.url ?? '').replace('/debian/dists/trixie/', '');
      this.requests.push(path);
      if (path === 'InRelease') return void response.writeHead(200).end(this.release());
      const body = path === PACKAGES_PATH && this.corruptPackages ? this.corruptPackages : this.files()[path];
      if (!body) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/gzip' }).end(body);
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

  it("reads only the release file when the index's files have not changed", async () => {
    mirror.requests = [];
    const run = await syncNow();
    expect(run.body).toMatchObject({ outcome: 'unchanged', created: 0 });
    expect(mirror.requests).toEqual(['InRelease']);
  });

  it('refuses a file that does not match the release file, and applies nothing', async () => {
    const before = (await search('limit=1')).total;
    mirror.packages = `${PACKAGES}\nPackage: sneaked-in\nSection: utils\n`;
    mirror.corruptPackages = gzipSync(PACKAGES);
    const run = await syncNow();
    expect(run.body.outcome).toBe('failed');
    expect(run.body.error).toContain('does not match the release file');
    expect((await search('limit=1')).total).toBe(before);
    mirror.packages = PACKAGES;
    mirror.corruptPackages = null;
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
    expect(run.body.error).toMatch(/\/debian\/dists\/trixie\/InRelease could not be reached \(ECONNREFUSED\)$/);
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

  it('reads nothing but the release file when the index has not changed since the snapshot was read', async () => {
    // The snapshot was read from this mirror: its header keeps the hashes of the files it was read from.
    const files = mirror.files();
    const version = { packages: sha256(files[PACKAGES_PATH]!), components: sha256(files[COMPONENTS_PATH]!) };
    const header = { index: 'Debian trixie main, amd64', field: 'apt_package' as const, source: 'test', readAt: '2026-11-29', count: 0 };
    await writeSnapshot(join(dir, 'apt_package.jsonl.gz'), { ...header, version }, []);
    await t.app.services.catalogueIndex.applyShipped(dir);

    mirror.requests = [];
    expect(await t.app.services.catalogueSync.syncNow()).toMatchObject({ outcome: 'unchanged' });
    expect(mirror.requests).toEqual(['InRelease']);
  });
});
