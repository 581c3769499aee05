import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App, CatalogueSearchResponse } from '@shared/api/catalogue';

import { createApp, createCategory } from './helpers/catalogue';
import { adminBrowser, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * GET /catalogue/search: what the catalogue page and the "add apps" drawer page through. Public,
 * answered from each process's catalogue snapshot, so an admin's change shows in the next search.
 */
describe('searching the catalogue', () => {
  let t: TestApp;
  let admin: Browser;
  let browsers: number;
  let tools: number;
  const made: Record<string, App> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminBrowser(t);
    browsers = (await createCategory(t.api, admin.token, 'Search browsers')).category_id;
    tools = (await createCategory(t.api, admin.token, 'Search tools')).category_id;
    const apps = [
      { name: 'Firefox', category: browsers, winget_id: 'Mozilla.Firefox', homebrew_cask: 'firefox', apt_package: 'firefox-esr' },
      { name: 'Firefox Developer Edition', category: browsers, homebrew_cask: 'firefox@developer-edition' },
      { name: 'Thunderbird', category: tools, winget_id: 'Mozilla.Thunderbird', description: 'Mail from Mozilla.' },
      { name: 'ripgrep', category: tools, homebrew_formula: 'ripgrep', apt_package: 'ripgrep' },
    ];
    for (const fields of apps) made[fields.name] = await createApp(t.api, admin.token, fields);
  });
  afterAll(() => t.close());

  const search = async (query: string) => {
    const response = await t.api.get<CatalogueSearchResponse & ApiError>(`/catalogue/search?${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const names = async (query: string) => (await search(query)).apps.map((app) => app.name);

  it('finds apps by the start of a word of their name, their package ids and their description, whole names first, without signing in', async () => {
    expect(await names('q=fire')).toEqual(['Firefox', 'Firefox Developer Edition']);
    expect(await names('q=firefox-esr')).toEqual(['Firefox']);
    expect(await names('q=mozilla')).toEqual(['Firefox', 'Thunderbird']);
    expect(await names('q=ripgrep')).toEqual(['ripgrep']);
  });

  it('forgives a typing mistake and narrows by platform and category', async () => {
    expect(await names('q=thunderbrid')).toEqual(['Thunderbird']);
    expect(await names('q=firefox&platform=linux')).toEqual(['Firefox']);
    expect(await names('q=mozilla&category=' + String(tools))).toEqual(['Thunderbird']);
    expect(await names('platform=windows')).toEqual(['Firefox', 'Thunderbird']);
  });

  it('pages, with the total, and answers each app as the catalogue does', async () => {
    const first = await search('limit=3');
    expect(first).toMatchObject({ total: 4, offset: 0, limit: 3 });
    expect(first.apps).toHaveLength(3);
    const rest = await search('limit=3&offset=3');
    expect(rest.apps).toHaveLength(1);
    expect(new Set([...first.apps, ...rest.apps].map((app) => app.name))).toEqual(new Set(Object.keys(made)));
    const firefox = (await search('q=firefox&limit=1')).apps[0];
    expect(firefox).toEqual((await t.api.get<App>(`/catalogue/apps/${made.Firefox!.app_id}`)).body);
    expect(firefox).toMatchObject({ curated: true, publisher: '', platforms: ['windows', 'macos', 'linux'] });
  });

  it("shows an admin's change in the very next search", async () => {
    const ripgrep = made.ripgrep!;
    const renamed = await t.api.put<App & ApiError>(
      `/catalogue/apps/${ripgrep.app_id}`,
      { ...ripgrep, name: 'rg (ripgrep)', icon_file_location: undefined, platforms: undefined, publisher: undefined, curated: undefined },
      admin.token,
    );
    expect(renamed.status).toBe(200);
    expect(await names('q=rg')).toEqual(['rg (ripgrep)']);
    expect((await t.api.delete<ApiError>(`/catalogue/apps/${ripgrep.app_id}`, admin.token)).status).toBe(200);
    expect(await names('q=ripgrep')).toEqual([]);
  });

  it('answers GET /catalogue/apps by name, at most 1,000 at a time, from an offset', async () => {
    const page = await t.api.get<App[]>('/catalogue/apps?limit=2&offset=1');
    expect(page.body.map((app) => app.name)).toEqual(['Firefox Developer Edition', 'Thunderbird']);
    expect((await t.api.get<ApiError>('/catalogue/apps?limit=1001')).body.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a page past its bounds or an unknown platform with the field that is wrong', async () => {
    for (const query of ['limit=101', 'limit=0', 'offset=-1', 'offset=100001', 'platform=beos', `q=${'x'.repeat(101)}`]) {
      const response = await t.api.get<ApiError>(`/catalogue/search?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code, query).toBe('VALIDATION_ERROR');
    }
  });
});
