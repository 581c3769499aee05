import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { App, Category } from '@shared/api/catalogue';

import { getMeta } from '../../src/server/db/repositories/meta.repository';
import { SEED_VERSION_KEY } from '../../src/server/services/catalogue-seed.service';
import { registerUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/catalogue-seed/${name}`, import.meta.url));
const SHIPPED = fileURLToPath(new URL('../../resources/catalogue/seed.json', import.meta.url));

describe('catalogue seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CATALOGUE_SEED_FILE: fixture('seed.json') } });
  });
  afterAll(async () => {
    await t.close();
  });

  const apps = async () => (await t.api.get<App[]>('/catalogue/apps')).body;
  const categories = async () => (await t.api.get<Category[]>('/catalogue/categories')).body;

  it('fills an empty catalogue on start, with processed icons, and records the version', async () => {
    expect((await categories()).map((c) => [c.category_name, c.app_count])).toEqual([
      ['Browsers', 1],
      ['Unused', 0],
      ['Utilities', 2],
    ]);
    const all = await apps();
    // "Bad Ids" has an invalid winget id: skipped with a warning, the rest is applied.
    expect(all.map((app) => app.name)).toEqual(['Firefox', 'Git', 'Iconless']);
    expect(all[0]).toMatchObject({
      winget_id: 'Mozilla.Firefox',
      homebrew_cask: 'firefox',
      platforms: ['windows', 'macos', 'linux'],
      file_size_kb: 230000,
    });
    expect(all[1]).toMatchObject({ homebrew_formula: 'git', category_name: 'Utilities' });
    // An icon that cannot be processed leaves the app without one rather than failing the start.
    expect(all[2]?.icon_file_location).toBeNull();

    const icon = await t.app.inject({ method: 'GET', url: all[0]?.icon_file_location ?? '' });
    expect(icon.headers['content-type']).toBe('image/webp');
    const meta = await sharp(icon.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect(await getMeta(t.app.ctx.db, SEED_VERSION_KEY)).toBe('1');
  });

  it('applies a version once: what an admin deleted or renamed stays so on the next start', async () => {
    const admin = await registerUser(t.api);
    const git = (await apps()).find((app) => app.name === 'Git');
    const browsers = (await categories()).find((c) => c.category_name === 'Browsers');
    expect((await t.api.delete(`/catalogue/apps/${git?.app_id}`, admin.token)).status).toBe(200);
    await t.api.post('/catalogue/categories', { category_id: browsers?.category_id, category_name: 'Web browsers' }, admin.token);

    expect(await t.app.services.catalogueSeed.run()).toMatchObject({ applied: false, appsAdded: 0 });
    expect((await apps()).map((app) => app.name)).toEqual(['Firefox', 'Iconless']);
    expect((await categories()).map((c) => c.category_name)).toEqual(['Unused', 'Utilities', 'Web browsers']);
  });

  it('adds only what is missing from a newer version, and never overwrites what is stored', async () => {
    const before = (await apps()).find((app) => app.name === 'Firefox');
    const result = await t.app.services.catalogueSeed.run(fixture('seed-v2.json'));
    expect(result).toMatchObject({ applied: true, version: 2, appsAdded: 1, categoriesAdded: 2 });
    const after = await apps();
    expect(after.map((app) => app.name)).toEqual(['Firefox', 'Iconless', 'VLC media player']);
    expect(after.find((app) => app.name === 'Firefox')).toEqual(before);
    expect(after.find((app) => app.name === 'VLC media player')).toMatchObject({ category_name: 'Media', snap_name: 'vlc' });
    // "Browsers" was renamed by the admin; the newer seed brings the name back as a new, empty category.
    expect((await categories()).map((c) => c.category_name)).toEqual(['Browsers', 'Media', 'Unused', 'Utilities', 'Web browsers']);
    expect(await getMeta(t.app.ctx.db, SEED_VERSION_KEY)).toBe('2');
    expect((await t.app.services.catalogueSeed.run(fixture('seed.json'))).applied).toBe(false);
  });
});

describe('catalogue seed: sizes corrected by a newer version', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CATALOGUE_SEED_FILE: fixture('seed.json') } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("replaces a size only while it is still the earlier seed's, and leaves an admin's own alone", async () => {
    const admin = await registerUser(t.api);
    const sizes = async () =>
      Object.fromEntries((await t.api.get<App[]>('/catalogue/apps')).body.map((app) => [app.name, app.file_size_kb]));
    expect(await sizes()).toEqual({ Firefox: 230000, Git: 60000, Iconless: 100 });

    // The admin corrects one size by hand, and edits another app's description but not its size.
    const stored = (await t.api.get<App[]>('/catalogue/apps')).body;
    const edit = (name: string, change: Partial<App>) => {
      const app = stored.find((candidate) => candidate.name === name);
      if (!app) throw new Error(`${name} not seeded`);
      const { app_id: id, name: appName, description, category, website, file_size_kb, winget_id, homebrew_cask } = { ...app, ...change };
      const fields = { name: appName, description, category, website, file_size_kb, winget_id, homebrew_cask };
      return t.api.put(
        `/catalogue/apps/${id}`,
        { ...fields, homebrew_formula: app.homebrew_formula, apt_package: app.apt_package },
        admin.token,
      );
    };
    expect((await edit('Iconless', { file_size_kb: 777 })).status).toBe(200);
    expect((await edit('Git', { description: 'The version control system, described by the admin.' })).status).toBe(200);

    const result = await t.app.services.catalogueSeed.run(fixture('seed-sizes.json'));
    expect(result).toMatchObject({ applied: true, version: 2, appsAdded: 0, sizesUpdated: 2 });
    // Firefox: the real size; Git: none known now, so none (its description stays the admin's); Iconless: the admin's 777.
    expect(await sizes()).toEqual({ Firefox: 301565, Git: null, Iconless: 777 });
    const git = (await t.api.get<App[]>('/catalogue/apps')).body.find((app) => app.name === 'Git');
    expect(git?.description).toBe('The version control system, described by the admin.');

    // A version applies once: an admin who now gives Git a size keeps it.
    expect((await edit('Git', { file_size_kb: 44890, description: git?.description ?? '' })).status).toBe(200);
    expect((await t.app.services.catalogueSeed.run(fixture('seed-sizes.json'))).applied).toBe(false);
    expect((await sizes()).Git).toBe(44890);
  });
});

describe('catalogue seed files', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('starts with an empty catalogue when the seed file is missing', async () => {
    t = await createTestApp({ env: { CATALOGUE_SEED_FILE: fixture('no-such-seed.json') } });
    expect((await t.api.get('/api/health')).status).toBe(200);
    expect((await t.api.get<App[]>('/catalogue/apps')).body).toEqual([]);
    expect(await getMeta(t.app.ctx.db, SEED_VERSION_KEY)).toBeNull();
  });

  it('applies the shipped catalogue: every app with its icon', async () => {
    const shipped = JSON.parse(readFileSync(SHIPPED, 'utf8')) as {
      version: number;
      apps: Array<{ name: string; file_size_kb: number | null }>;
    };
    t = await createTestApp({ env: { CATALOGUE_SEED_FILE: SHIPPED } });
    const all = (await t.api.get<App[]>('/catalogue/apps')).body;
    expect(all.map((app) => app.name).sort()).toEqual(shipped.apps.map((app) => app.name).sort());
    expect(all.filter((app) => app.icon_file_location === null).map((app) => app.name)).toEqual([]);
    expect(all.filter((app) => app.platforms.length === 0).map((app) => app.name)).toEqual([]);
    // Sizes as shipped: Debian's where there is one, none (null, not 0) elsewhere.
    const sizes = Object.fromEntries(all.map((app) => [app.name, app.file_size_kb]));
    expect(sizes).toEqual(Object.fromEntries(shipped.apps.map((app) => [app.name, app.file_size_kb])));
    expect(sizes['Google Chrome']).toBeNull();
    expect(await getMeta(t.app.ctx.db, SEED_VERSION_KEY)).toBe(String(shipped.version));
  });
});
