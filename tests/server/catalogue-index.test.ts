import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App, AppSourcesResponse, CatalogueSearchResponse } from '@shared/api/catalogue';

import { debianApps } from '../../src/server/services/catalogue-index/debian-apps';
import { readDebianPackages } from '../../src/server/services/catalogue-index/formats/debian-packages';
import { readDep11 } from '../../src/server/services/catalogue-index/formats/dep11';
import type { IndexEntry } from '../../src/server/services/catalogue-index/index-entry';
import { writeSnapshot } from '../../src/server/services/catalogue-index/snapshot-file';
import { createApp, createCategory } from './helpers/catalogue';
import { adminBrowser, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { listsOf } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

const fixtures = join(import.meta.dirname, '../fixtures/catalogue-index/debian');
const lines = (file: string) => readFileSync(join(fixtures, file), 'utf8').split('\n');
const INDEX = 'Debian trixie main, amd64';

/**
 * The catalogue made from a package manager's index (here a real slice of Debian's): each app a
 * person would choose becomes a catalogue app, or is linked to the curated app that has its id,
 * with the evidence kept; a later index changes facts, and a package it drops is kept, marked gone.
 */
describe("the catalogue from Debian's index", () => {
  let t: TestApp;
  let admin: Browser;
  let dir: string;
  let entries: IndexEntry[];
  let curatedFirefox: App;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminBrowser(t);
    dir = mkdtempSync(join(tmpdir(), 'loadout-index-'));
    entries = debianApps(await readDebianPackages(lines('Packages')), await readDep11(lines('Components-amd64.yml')));
    const browsers = await createCategory(t.api, admin.token, 'Browsers');
    curatedFirefox = await createApp(t.api, admin.token, {
      name: 'Firefox',
      category: browsers.category_id,
      winget_id: 'Mozilla.Firefox',
      apt_package: 'firefox-esr',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const search = async (query: string) => (await t.api.get<CatalogueSearchResponse & ApiError>(`/catalogue/search?${query}`)).body;
  const ship = (shipped: readonly IndexEntry[]) =>
    writeSnapshot(
      join(dir, 'apt_package.jsonl.gz'),
      { index: INDEX, field: 'apt_package', source: 'test', readAt: '2026-11-29', count: shipped.length },
      shipped,
    );
  const evidenceOf = (packageId: string) =>
    t.app.ctx.db
      .selectFrom('app_index_entries')
      .selectAll()
      .where('field', '=', 'apt_package')
      .where('package_id', '=', packageId)
      .executeTakeFirst();

  it("makes each of the index's apps a catalogue app, and links a package the curated catalogue has to that app, with the evidence", async () => {
    await ship(entries);
    const [result] = await t.app.services.catalogueIndex.applyShipped(dir);
    expect(result).toMatchObject({ index: INDEX, linked: 1, created: entries.length - 1, gone: 0, skipped: 0 });

    const jq = (await search('q=jq')).apps[0];
    expect(jq).toMatchObject({
      name: 'jq',
      apt_package: 'jq',
      curated: false,
      description: '',
      website: 'https://jqlang.github.io/jq',
      platforms: ['linux'],
    });
    expect(jq?.category_name).toBe('Utilities');
    expect((await search('q=0 a.d.')).apps[0]).toMatchObject({ name: '0 A.D.', category_name: 'Games' });
    expect((await evidenceOf('jq'))?.evidence).toBe(`Made from ${INDEX}'s index: no other app had this package.`);

    // Firefox stays one app: the curated one, which had firefox-esr as its apt package.
    const firefox = await search('q=firefox');
    expect(firefox.apps.map((app) => app.name)).toEqual(['Firefox']);
    expect(firefox.apps[0]).toMatchObject({ app_id: curatedFirefox.app_id, curated: true, winget_id: 'Mozilla.Firefox' });
    expect(await evidenceOf('firefox-esr')).toMatchObject({
      app_id: curatedFirefox.app_id,
      evidence: "The catalogue's Firefox has the same apt package, firefox-esr.",
    });
    // Where each app's ids come from, for anyone to read.
    const sources = (id: number) => t.api.get<AppSourcesResponse & ApiError>(`/catalogue/apps/${id}/sources`);
    expect((await sources(jq!.app_id)).body.sources).toEqual([
      expect.objectContaining({
        field: 'apt_package',
        packageId: 'jq',
        name: 'jq',
        goneAt: null,
        evidence: expect.stringContaining('Made from'),
      }),
    ]);
    expect((await sources(curatedFirefox.app_id)).body.sources).toEqual([
      expect.objectContaining({
        packageId: 'firefox-esr',
        name: 'Firefox ESR',
        evidence: "The catalogue's Firefox has the same apt package, firefox-esr.",
      }),
    ]);
    expect((await sources(999_999)).body.code).toBe('APP_NOT_FOUND');
    // Curated apps come first when browsing.
    expect((await search('limit=1')).apps[0]?.name).toBe('Firefox');
  });

  it('applies a shipped index once: the next start finds it applied and changes nothing', async () => {
    expect(await t.app.services.catalogueIndex.applyShipped(dir)).toEqual([]);
  });

  it("follows the index's later changes, and keeps an app it drops (a list may hold it), marked gone", async () => {
    const token = admin.token;
    const list = (await listsOf(t, token).create('Tools')).body;
    const ripgrep = (await search('q=ripgrep')).apps[0]!;
    expect((await listsOf(t, token).add(list.id, ripgrep.app_id)).status).toBe(201);

    const changed = entries
      .filter((entry) => entry.packageId !== 'ripgrep')
      .map((entry) => (entry.packageId === 'jq' ? { ...entry, version: '1.8.0-1', homepage: 'https://jqlang.org/' } : entry));
    await ship(changed);
    const [result] = await t.app.services.catalogueIndex.applyShipped(dir);
    expect(result).toMatchObject({ created: 0, linked: 0, changed: 1, gone: 1 });
    expect((await search('q=jq')).apps[0]?.website).toBe('https://jqlang.org/');
    expect((await evidenceOf('ripgrep'))?.gone_at).not.toBeNull();
    expect((await listsOf(t, token).items(list.id)).body.items.map((item) => item.name)).toEqual(['ripgrep']);
  });

  it('does not make again an app an admin deleted', async () => {
    const hello = (await search('q=hello')).apps.find((app) => app.apt_package === 'hello')!;
    expect((await t.api.delete<ApiError>(`/catalogue/apps/${hello.app_id}`, admin.token)).status).toBe(200);
    await ship([...entries.filter((entry) => entry.packageId !== 'ripgrep'), { ...entries[0]!, packageId: 'newtool', name: 'newtool' }]);
    const [result] = await t.app.services.catalogueIndex.applyShipped(dir);
    expect(result).toMatchObject({ created: 1 });
    expect((await search('q=hello')).apps.filter((app) => app.apt_package === 'hello')).toEqual([]);
    expect((await evidenceOf('hello'))?.app_id).toBeNull();
  });

  it('refuses a shipped line whose package id could be read as an option, and applies the rest', async () => {
    await ship([...entries, { ...entries[0]!, packageId: '--purge', name: 'Sneaky' }]);
    await t.app.services.catalogueIndex.applyShipped(dir);
    expect((await search('q=sneaky')).total).toBe(0);
  });
});
