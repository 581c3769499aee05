import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';

import { createApp, createCategory, postApp } from './helpers/catalogue';
import { registerUser, type ApiError, type RegisteredUser } from './helpers/factories';
import { listsOf } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('editing a catalogue app', () => {
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

  const fieldsOf = (app: App) => ({
    name: app.name,
    description: app.description,
    category: app.category,
    website: app.website,
    file_size_kb: app.file_size_kb,
    winget_id: app.winget_id,
    homebrew_cask: app.homebrew_cask,
    homebrew_formula: app.homebrew_formula,
    apt_package: app.apt_package,
    flatpak_id: app.flatpak_id,
    snap_name: app.snap_name,
  });
  const put = (id: number, body: unknown, token: string | null) => t.api.put<App & ApiError>(`/catalogue/apps/${id}`, body, token);

  it('changes the fields an admin sends, keeps the icon, and answers the app as GET does', async () => {
    const tools = await createCategory(t.api, admin.token, 'Tools');
    const editors = await createCategory(t.api, admin.token, 'Editors');
    const app = await createApp(t.api, admin.token, { name: 'Notepad Plus', category: tools.category_id, winget_id: 'Notepad.Plus' });

    const res = await put(
      app.app_id,
      {
        ...fieldsOf(app),
        name: '  Notepad++ ',
        category: editors.category_id,
        winget_id: '',
        apt_package: 'notepadqq',
        file_size_kb: 4096,
      },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      app_id: app.app_id,
      name: 'Notepad++',
      category: editors.category_id,
      category_name: 'Editors',
      file_size_kb: 4096,
      winget_id: null,
      apt_package: 'notepadqq',
      platforms: ['linux'],
      icon_file_location: app.icon_file_location,
    });
    expect((await t.api.get<App>(`/catalogue/apps/${app.app_id}`)).body).toEqual(res.body);
  });

  it('lets only admins edit: 401 without a token, 403 for other users', async () => {
    const category = await createCategory(t.api, admin.token, 'Guarded');
    const app = await createApp(t.api, admin.token, { name: 'Keeper', category: category.category_id });
    const anonymous = await put(app.app_id, { ...fieldsOf(app), name: 'Taken' }, null);
    expect(anonymous.status).toBe(401);
    const forbidden = await put(app.app_id, { ...fieldsOf(app), name: 'Taken' }, user.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ code: 'FORBIDDEN', message: 'Admin access is required' });
    expect((await t.api.get<App>(`/catalogue/apps/${app.app_id}`)).body.name).toBe('Keeper');
  });

  it('refuses a bad form with the field that is wrong, a taken name, an unknown category or app', async () => {
    const category = await createCategory(t.api, admin.token, 'Checked');
    const first = await createApp(t.api, admin.token, { name: 'First One', category: category.category_id });
    const second = await createApp(t.api, admin.token, { name: 'Second One', category: category.category_id });

    const invalid = await put(second.app_id, { ...fieldsOf(second), website: 'ftp://x', apt_package: 'Not A Package' }, admin.token);
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(invalid.body.details ?? {}).sort()).toEqual(['apt_package', 'website']);

    const taken = await put(second.app_id, { ...fieldsOf(second), name: 'FIRST ONE' }, admin.token);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ code: 'APP_EXISTS', message: 'An app named “First One” already exists.' });

    // Its own name, unchanged, is no clash.
    expect((await put(first.app_id, { ...fieldsOf(first), description: 'Now described.' }, admin.token)).status).toBe(200);

    const noCategory = await put(second.app_id, { ...fieldsOf(second), category: 99_999 }, admin.token);
    expect(noCategory.status).toBe(400);
    expect(noCategory.body.code).toBe('CATEGORY_NOT_FOUND');

    const noApp = await put(99_999, fieldsOf(second), admin.token);
    expect(noApp.status).toBe(404);
    expect(noApp.body.code).toBe('APP_NOT_FOUND');
    expect((await t.api.get<App>(`/catalogue/apps/${second.app_id}`)).body.name).toBe('Second One');
  });

  it('lets an edited app have no size (none known): it reads as null, and a list counts it apart from its size', async () => {
    const category = await createCategory(t.api, admin.token, 'Sized');
    const known = await createApp(t.api, admin.token, { name: 'Known Size', category: category.category_id, file_size_kb: 1024 * 1024 });
    const unknown = await createApp(t.api, admin.token, { name: 'Unknown Size', category: category.category_id, file_size_kb: 5000 });

    // The form sends an emptied number field as "" (JSON null works the same).
    const emptied = await put(unknown.app_id, { ...fieldsOf(unknown), file_size_kb: '' }, admin.token);
    expect(emptied.status).toBe(200);
    expect(emptied.body.file_size_kb).toBeNull();
    expect((await put(unknown.app_id, { ...fieldsOf(unknown), file_size_kb: null }, admin.token)).body.file_size_kb).toBeNull();
    expect((await t.api.get<App[]>('/catalogue/apps')).body.find((app) => app.app_id === unknown.app_id)?.file_size_kb).toBeNull();

    const lists = listsOf(t, user.token);
    const list = (await lists.create('Sizes')).body;
    await lists.add(list.id, known.app_id);
    const added = await lists.add(list.id, unknown.app_id);
    expect(added.body).toMatchObject({ file_size_kb: null, size_kb: null });
    expect((await lists.items(list.id)).body.items.map((item) => [item.name, item.size_kb])).toEqual([
      ['Known Size', 1024 * 1024],
      ['Unknown Size', null],
    ]);
    expect((await lists.all()).body.find((summary) => summary.id === list.id)).toMatchObject({
      appCount: 2,
      sizeKb: 1024 * 1024,
      unknownSizeCount: 1,
    });

    // A size is still a positive whole number when given.
    const negative = await put(known.app_id, { ...fieldsOf(known), file_size_kb: -5 }, admin.token);
    expect(negative.status).toBe(400);
    expect(negative.body.details).toEqual({ file_size_kb: 'File size must be a number of KB' });
  });

  it('still asks a new app for its size', async () => {
    const category = await createCategory(t.api, admin.token, 'New ones');
    const fields = {
      name: 'No Size',
      category: category.category_id,
      description: 'Says nothing of its size.',
      website: 'https://example.com/',
    };
    for (const file_size_kb of [undefined, '']) {
      const res = await postApp(t.api, admin.token, file_size_kb === undefined ? fields : { ...fields, file_size_kb });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.body.details ?? {})).toEqual(['file_size_kb']);
    }
  });
});
