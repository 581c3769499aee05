import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App, Category } from '@shared/api/catalogue';

import { createApp, createCategory, postApp } from './helpers/catalogue';
import { registerUser, type ApiError, type RegisteredUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const WINGET_MESSAGE = 'Not a valid winget id (Publisher.Package: letters, digits, "+", "-" and "_")';
const APT_MESSAGE = 'Not a valid Debian package name (lower-case letters, digits, "+", "-" and "."; it must end with a letter or digit)';

describe('catalogue', () => {
  let t: TestApp;
  let admin: RegisteredUser;
  let user: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerUser(t.api); // the first account of a fresh database is the admin
    user = await registerUser(t.api);
  });
  afterAll(async () => {
    await t.close();
  });

  const categories = async () => (await t.api.get<Category[]>('/catalogue/categories')).body;
  const apps = async (query = '') => (await t.api.get<App[]>(`/catalogue/apps${query}`)).body;

  it('lets only admins write: 401 without a token, 403 for other users, reads for everyone', async () => {
    const category = await createCategory(t.api, admin.token, 'Writers');
    const app = await createApp(t.api, admin.token, { name: 'Scribe', category: category.category_id });
    const attempts = [
      (token: string | null) => t.api.post<ApiError>('/catalogue/categories', { category_name: 'Nope' }, token),
      (token: string | null) =>
        t.api.post<ApiError>('/catalogue/categories', { category_id: category.category_id, category_name: 'Nope' }, token),
      (token: string | null) => t.api.delete<ApiError>(`/catalogue/categories/${category.category_id}`, token),
      (token: string | null) =>
        postApp(t.api, token, {
          name: 'Nope',
          description: 'x',
          category: category.category_id,
          website: 'https://x.org',
          file_size_kb: 1,
        }),
      (token: string | null) => t.api.delete<ApiError>(`/catalogue/apps/${app.app_id}`, token),
    ];
    for (const attempt of attempts) {
      const anonymous = await attempt(null);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('AUTHENTICATION_REQUIRED');
      const forbidden = await attempt(user.token);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ code: 'FORBIDDEN', message: 'Admin access is required' });
    }
    expect((await categories()).find((c) => c.category_id === category.category_id)).toEqual({ ...category, app_count: 1 });
    expect((await apps()).map((a) => a.name)).toContain('Scribe');
    expect((await categories()).some((c) => c.category_name === 'Nope')).toBe(false);
  });

  it('creates and renames categories; names are unique whatever the case', async () => {
    const res = await t.api.post<Category>('/catalogue/categories', { category_name: '  Browsers ' }, admin.token);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ category_id: expect.any(Number), category_name: 'Browsers', app_count: 0 });

    const duplicate = await t.api.post<ApiError>('/catalogue/categories', { category_name: 'BROWSERS' }, admin.token);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ code: 'CATEGORY_EXISTS', message: 'A category named “Browsers” already exists.' });

    const renamed = await t.api.post<Category>(
      '/catalogue/categories',
      { category_id: res.body.category_id, category_name: 'Web browsers' },
      admin.token,
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ category_id: res.body.category_id, category_name: 'Web browsers' });
    expect((await categories()).map((c) => c.category_name)).toContain('Web browsers');
    expect((await categories()).map((c) => c.category_name)).not.toContain('Browsers');

    const unknown = await t.api.post<ApiError>('/catalogue/categories', { category_id: 99_999, category_name: 'Ghosts' }, admin.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('CATEGORY_NOT_FOUND');

    const blank = await t.api.post<ApiError>('/catalogue/categories', { category_name: '   ' }, admin.token);
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Category name is required.');
  });

  it('adds apps with package ids and answers them with their platforms and icon', async () => {
    const category = await createCategory(t.api, admin.token, 'Browsers 2');
    const res = await postApp(t.api, admin.token, {
      name: 'Firefox',
      description: 'A free web browser.',
      category: category.category_id,
      website: 'https://www.mozilla.org/firefox/',
      file_size_kb: 230000,
      winget_id: 'Mozilla.Firefox',
      homebrew_cask: 'firefox',
      homebrew_formula: '',
      flatpak_id: 'org.mozilla.firefox',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Firefox',
      category: category.category_id,
      category_name: 'Browsers 2',
      file_size_kb: 230000,
      winget_id: 'Mozilla.Firefox',
      homebrew_cask: 'firefox',
      homebrew_formula: null,
      apt_package: null,
      flatpak_id: 'org.mozilla.firefox',
      snap_name: null,
      platforms: ['windows', 'macos', 'linux'],
    });
    expect(res.body.icon_file_location).toMatch(new RegExp(`^/catalogue/icons/${res.body.app_id}\\.webp\\?v=[0-9a-f]{16}$`));
    expect((await t.api.get<App>(`/catalogue/apps/${res.body.app_id}`)).body).toEqual(res.body);

    const duplicate = await postApp(t.api, admin.token, {
      name: 'firefox',
      description: 'x',
      category: category.category_id,
      website: 'https://x.org',
      file_size_kb: 1,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ code: 'APP_EXISTS', message: 'An app named “Firefox” already exists.' });

    const noCategory = await postApp(t.api, admin.token, {
      name: 'Lost',
      description: 'x',
      category: 99_999,
      website: 'https://x.org',
      file_size_kb: 1,
    });
    expect(noCategory.status).toBe(400);
    expect(noCategory.body.code).toBe('CATEGORY_NOT_FOUND');
  });

  it('refuses incomplete or malformed app forms with the field that is wrong', async () => {
    const category = await createCategory(t.api, admin.token, 'Forms');
    const base = {
      name: 'Formy',
      description: 'Fills forms.',
      category: category.category_id,
      website: 'https://formy.example',
      file_size_kb: 10,
    };
    const cases: Array<[Record<string, string | number>, string, string]> = [
      [{ ...base, name: ' ' }, 'name', 'Name is required'],
      [{ ...base, file_size_kb: 'big' }, 'file_size_kb', 'File size must be a number of KB'],
      [{ ...base, website: 'ftp://formy.example' }, 'website', 'Website must be an http(s) address'],
      [{ ...base, winget_id: 'not a winget id' }, 'winget_id', WINGET_MESSAGE],
      // What apt, winget, Flatpak, Snap and Homebrew would read as an action, a pattern, an option or a tap.
      [{ ...base, apt_package: 'canary-' }, 'apt_package', APT_MESSAGE],
      [{ ...base, apt_package: 'canary+' }, 'apt_package', APT_MESSAGE],
      [{ ...base, apt_package: 'canary.+' }, 'apt_package', APT_MESSAGE],
      [{ ...base, apt_package: 'can*' }, 'apt_package', APT_MESSAGE],
      [{ ...base, winget_id: '--override' }, 'winget_id', WINGET_MESSAGE],
      [{ ...base, flatpak_id: '--system' }, 'flatpak_id', 'Not a valid Flatpak application id (reverse-DNS, such as org.mozilla.firefox)'],
      [{ ...base, snap_name: '--dangerous' }, 'snap_name', 'Not a valid snap name (lower-case letters, digits and single hyphens)'],
      [
        { ...base, homebrew_formula: 'evil/tap/node' },
        'homebrew_formula',
        'Not a valid Homebrew formula (a name such as "node" or "python@3.12", without a tap or path)',
      ],
      [
        { ...base, homebrew_cask: '/tmp/x' },
        'homebrew_cask',
        'Not a valid Homebrew cask (a name such as "firefox", without a tap or path)',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const res = await postApp(t.api, admin.token, fields);
      expect(res.status, field).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details?.[field]).toBe(message);
    }
    const { category: _omitted, ...withoutCategory } = base;
    expect((await postApp(t.api, admin.token, withoutCategory)).body.details?.category).toBe('Category is required');
    expect((await apps()).some((a) => a.name === 'Formy')).toBe(false);
  });

  it('searches names and descriptions in any case, and filters by category', async () => {
    const tools = await createCategory(t.api, admin.token, 'Search tools');
    const other = await createCategory(t.api, admin.token, 'Search others');
    await createApp(t.api, admin.token, { name: 'Zeta Finder', category: tools.category_id, description: 'Finds files fast.' });
    await createApp(t.api, admin.token, { name: 'Omega', category: other.category_id, description: 'A FINDER of lost 100% things.' });
    await createApp(t.api, admin.token, { name: 'Alpha', category: tools.category_id, description: 'Unrelated.' });

    expect((await apps('?search=finder')).map((a) => a.name)).toEqual(['Omega', 'Zeta Finder']);
    expect((await apps(`?search=finder&category=${tools.category_id}`)).map((a) => a.name)).toEqual(['Zeta Finder']);
    expect((await apps(`?category=${tools.category_id}`)).map((a) => a.name)).toEqual(['Alpha', 'Zeta Finder']);
    expect((await apps('?search=100%25')).map((a) => a.name)).toEqual(['Omega']);
    expect((await apps('?search=0%25 t')).map((a) => a.name)).toEqual(['Omega']);
    expect((await apps('?search=_')).map((a) => a.name)).toEqual([]);
    expect((await t.api.get<ApiError>('/catalogue/apps/424242')).body).toEqual({ code: 'APP_NOT_FOUND', message: 'App not found' });
  });

  it('keeps a category that still has apps, and deletes it once it is empty', async () => {
    const category = await createCategory(t.api, admin.token, 'Doomed');
    const first = await createApp(t.api, admin.token, { name: 'Doomed One', category: category.category_id });
    const second = await createApp(t.api, admin.token, { name: 'Doomed Two', category: category.category_id });

    const refused = await t.api.delete<ApiError>(`/catalogue/categories/${category.category_id}`, admin.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'CATEGORY_NOT_EMPTY', message: 'This category still has 2 apps. Delete or move them first.' });
    expect((await categories()).find((c) => c.category_id === category.category_id)?.app_count).toBe(2);

    for (const app of [first, second]) expect((await t.api.delete(`/catalogue/apps/${app.app_id}`, admin.token)).status).toBe(200);
    expect((await t.api.get(`/catalogue/apps/${first.app_id}`)).status).toBe(404);
    expect((await t.api.delete(`/catalogue/apps/${first.app_id}`, admin.token)).status).toBe(404);
    expect((await t.api.delete(`/catalogue/categories/${category.category_id}`, admin.token)).status).toBe(200);
    expect((await categories()).some((c) => c.category_id === category.category_id)).toBe(false);
    expect((await t.api.delete<ApiError>(`/catalogue/categories/${category.category_id}`, admin.token)).body.code).toBe(
      'CATEGORY_NOT_FOUND',
    );
  });

  it("removes a deleted app from every user's lists", async () => {
    const category = await createCategory(t.api, admin.token, 'Listed');
    const app = await createApp(t.api, admin.token, { name: 'Short Lived', category: category.category_id });
    const keep = await createApp(t.api, admin.token, { name: 'Long Lived', category: category.category_id });
    const list = await t.api.post<{ id: string }>('/api/lists', { name: 'Mine' }, user.token);
    await t.api.post(`/api/lists/${list.body.id}/items`, { appId: app.app_id }, user.token);
    await t.api.post(`/api/lists/${list.body.id}/items`, { appId: keep.app_id }, user.token);

    await t.api.delete(`/catalogue/apps/${app.app_id}`, admin.token);
    const items = await t.api.get<{ items: Array<{ name: string; position: number }> }>(`/api/lists/${list.body.id}/items`, user.token);
    expect(items.body.items).toEqual([expect.objectContaining({ name: 'Long Lived', position: 0 })]);
  });
});
