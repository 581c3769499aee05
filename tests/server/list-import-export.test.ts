import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';
import type { ImportListResponse } from '@shared/api/list-import';

import { createApp, createCategory, type AppFields } from './helpers/catalogue';
import { registerUser, type ApiError, type RegisteredUser } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

const CATALOGUE: Array<Omit<AppFields, 'category'>> = [
  { name: 'Firefox', winget_id: 'Mozilla.Firefox', homebrew_cask: 'firefox', flatpak_id: 'org.mozilla.firefox' },
  { name: 'Git', winget_id: 'Git.Git', homebrew_formula: 'git', apt_package: 'git' },
  {
    name: 'VLC media player',
    winget_id: 'VideoLAN.VLC',
    homebrew_cask: 'vlc',
    apt_package: 'vlc',
    flatpak_id: 'org.videolan.VLC',
    snap_name: 'vlc',
  },
  { name: 'Notepad++', winget_id: 'Notepad++.Notepad++' },
  { name: 'Rectangle', homebrew_cask: 'rectangle' },
  { name: 'Tree', homebrew_formula: 'tree', apt_package: 'tree' },
];

describe('list import and export', () => {
  let t: TestApp;
  let admin: RegisteredUser;
  let user: RegisteredUser;
  const apps = new Map<string, App>();
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerUser(t.api);
    const category = await createCategory(t.api, admin.token, 'Everyday');
    for (const fields of CATALOGUE)
      apps.set(fields.name, await createApp(t.api, admin.token, { ...fields, category: category.category_id }));
    user = await registerUser(t.api);
    await setPlan(t, user.user.id, 'premium');
  });
  afterAll(async () => {
    await t.close();
  });

  const appId = (name: string) => apps.get(name)?.app_id ?? 0;
  const importList = (body: Record<string, string>, token = user.token) =>
    t.api.post<ImportListResponse & ApiError>('/api/lists/import', body, token);
  const exportList = (listId: string, query: string, token = user.token) =>
    t.api.get<string>(`/api/lists/${listId}/export?${query}`, token);
  async function listWith(name: string, appNames: string[]): Promise<string> {
    const lists = listsOf(t, user.token);
    const id = (await lists.create(name)).body.id;
    for (const app of appNames) await lists.add(id, appId(app));
    return id;
  }
  const namesOf = (res: { body: ImportListResponse }) => res.body.list.apps.map((app) => app.name);

  it('round-trips a winget export', async () => {
    const listId = await listWith('Dev box', ['Firefox', 'Git', 'Rectangle', 'Notepad++']);
    const file = await exportList(listId, 'format=winget');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Dev box.winget.json"');
    const json = file.body as unknown as { Sources: Array<{ Packages: Array<{ PackageIdentifier: string }> }> };
    // Rectangle has no winget id: a winget file cannot carry it.
    expect(json.Sources[0]?.Packages.map((p) => p.PackageIdentifier)).toEqual(['Mozilla.Firefox', 'Git.Git', 'Notepad++.Notepad++']);

    const imported = await importList({ format: 'winget', name: 'Dev box again', content: JSON.stringify(file.body) });
    expect(imported.status).toBe(201);
    expect(namesOf(imported)).toEqual(['Firefox', 'Git', 'Notepad++']);
    expect(imported.body).toMatchObject({
      unmatched: [],
      skippedForLimit: [],
      list: { name: 'Dev box again', appCount: 3, readOnly: false },
    });
  });

  it('round-trips a winget configuration; a pinned app carries its version there and in winget JSON', async () => {
    const listId = await listWith('Configured', ['Firefox', 'Git', 'Rectangle', 'VLC media player']);
    expect((await t.api.put(`/api/lists/${listId}/items/${appId('Git')}/pin`, { version: '2.47.1' }, user.token)).status).toBe(200);
    const file = await exportList(listId, 'format=winget-configure');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Configured.winget.yaml"');
    expect(file.body).toContain('resource: Microsoft.WinGet.DSC/WinGetPackage');
    expect(file.body).toContain('version: 2.47.1');

    const imported = await importList({ format: 'winget-configure', name: 'Configured again', content: file.body });
    expect(imported.status).toBe(201);
    // Rectangle has no winget id: a winget file cannot carry it.
    expect(namesOf(imported)).toEqual(['Firefox', 'Git', 'VLC media player']);
    expect(imported.body.notes).toEqual([]);

    const json = (await exportList(listId, 'format=winget')).body as unknown as { Sources: Array<{ Packages: unknown[] }> };
    expect(json.Sources[0]?.Packages).toContainEqual({ PackageIdentifier: 'Git.Git', Version: '2.47.1' });
    expect(json.Sources[0]?.Packages).toContainEqual({ PackageIdentifier: 'Mozilla.Firefox' });
  });

  it('round-trips a Flatpak list, keeping an id the catalogue lacks as your own app', async () => {
    const listId = await listWith('Linux desk', ['Firefox', 'Git', 'VLC media player']);
    const file = await exportList(listId, 'format=flatpak');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Linux desk.flatpak.txt"');
    expect(file.body).toBe('org.mozilla.firefox\norg.videolan.VLC\n');
    const imported = await importList({ format: 'flatpak', name: 'Linux desk again', content: `${file.body}com.example.Editor\n` });
    expect(imported.status).toBe(201);
    expect(namesOf(imported)).toEqual(['Firefox', 'VLC media player', 'com.example.Editor']);
    expect(imported.body.list.apps[2]).toMatchObject({ own_app: true, flatpak_id: 'com.example.Editor' });
  });

  it('round-trips a Brewfile', async () => {
    const listId = await listWith('Mac', ['Git', 'Firefox', 'Tree', 'Rectangle', 'Notepad++']);
    const file = await exportList(listId, 'format=brewfile');
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Brewfile"');
    expect(file.body).toBe('# Mac (exported from Loadout)\ncask "firefox"\ncask "rectangle"\nbrew "git"\nbrew "tree"\n');

    const imported = await importList({ format: 'brewfile', name: 'Mac again', content: file.body });
    expect(namesOf(imported)).toEqual(['Firefox', 'Rectangle', 'Git', 'Tree']);
    expect(imported.body.unmatched).toEqual([]);
  });

  it('round-trips a text list, and filters it by platform', async () => {
    const listId = await listWith('Everything', ['VLC media player', 'Notepad++', 'Rectangle', 'Tree']);
    const file = await exportList(listId, 'format=text');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Everything.txt"');
    expect(file.body).toBe('VLC media player\nNotepad++\nRectangle\nTree\n');
    const imported = await importList({ format: 'text', name: 'Everything again', content: file.body });
    expect(namesOf(imported)).toEqual(['VLC media player', 'Notepad++', 'Rectangle', 'Tree']);

    const linux = await exportList(listId, 'format=text&platform=linux');
    expect(linux.body).toBe('VLC media player\nTree\n');
    expect(linux.headers['content-disposition']).toBe('attachment; filename="Everything-linux.txt"');
    expect((await exportList(listId, 'format=text&platform=windows')).body).toBe('VLC media player\nNotepad++\n');
    expect((await exportList(listId, 'format=text&platform=macos')).body).toBe('VLC media player\nRectangle\nTree\n');
    expect((await exportList(listId, 'format=zip')).status).toBe(400);
  });

  it('matches ids in any case, by name or package id, and reports the rest as written', async () => {
    const winget = await importList({
      format: 'winget',
      name: 'Mixed',
      content: JSON.stringify({
        Sources: [
          {
            Packages: [
              { PackageIdentifier: 'mozilla.firefox' },
              { PackageIdentifier: 'Unknown.Thing' },
              { PackageIdentifier: 'Mozilla.Firefox' },
            ],
          },
        ],
      }),
    });
    // A package the catalogue lacks is kept as the user's own app (own-apps.test.ts).
    expect(namesOf(winget)).toEqual(['Firefox', 'Unknown.Thing']);
    expect(winget.body.unmatched).toEqual([]);

    const text = await importList({
      format: 'text',
      name: 'Typed',
      content: 'git\norg.videolan.VLC\nNo Such App\n\n# a comment\nNOTEPAD++.NOTEPAD++\n',
    });
    expect(namesOf(text)).toEqual(['Git', 'VLC media player', 'Notepad++']);
    expect(text.body.unmatched).toEqual(['No Such App']);

    const brew = await importList({
      format: 'brewfile',
      name: 'Tapped',
      content: 'tap "someone/tap"\nbrew "someone/tap/tree"\ncask "no-such-cask"\nbrew "firefox"\n',
    });
    expect(namesOf(brew)).toEqual(['Tree', 'no-such-cask', 'Firefox']);
    expect(brew.body.unmatched).toEqual(['tap "someone/tap"']);
    expect(brew.body.notes).toEqual([{ line: 1, written: 'tap "someone/tap"', reason: 'tap' }]);
  });

  it('refuses files that are not in the chosen format, creating nothing', async () => {
    const before = (await listsOf(t, user.token).all()).body.length;
    const cases: Array<[string, string, string]> = [
      ['winget', '{"Sources": [', 'This is not a winget export file: it is not valid JSON.'],
      ['winget', 'Firefox\nGit\n', 'This is not a winget export file: it is not valid JSON.'],
      ['brewfile', 'Firefox\n', 'This is not a valid Brewfile: line 1 (“Firefox”) is not a brew "…" or cask "…" entry.'],
      ['text', '', 'The file is empty'],
    ];
    for (const [format, content, message] of cases) {
      const res = await importList({ format, content, name: 'Broken' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    expect((await listsOf(t, user.token).all()).body).toHaveLength(before);
  });

  it('keeps to the plan: no list past the limit, and a file over appsPerList only with a choice', async () => {
    const free = await registerUser(t.api);
    const extra = await catalogueOf(t, admin.token, 2, 'Extra');
    const content = [...CATALOGUE.map((app) => app.name), ...extra.map((app) => app.name)].join('\n');
    // Eight apps, five a list: refused as it is, and nothing is created.
    const refused = await importList({ format: 'text', name: 'Too many', content }, free.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'LIST_APP_LIMIT_REACHED',
      message: 'This file has 8 apps and your Free plan allows up to 5 apps per list: split it into lists or choose which to keep.',
    });
    // Splitting takes two lists; Free has one.
    const split = await t.api.post<ApiError>('/api/lists/import', { format: 'text', name: 'Too many', content, split: true }, free.token);
    expect(split.status).toBe(403);
    expect(split.body).toMatchObject({ code: 'LIST_LIMIT_REACHED', message: expect.stringContaining('Splitting this file takes 2 lists') });
    expect((await listsOf(t, free.token).all()).body).toEqual([]);

    const kept = await t.api.post<ImportListResponse>(
      '/api/lists/import',
      { format: 'text', name: 'Too many', content, keep: [7, 0, 2] },
      free.token,
    );
    expect(kept.status).toBe(201);
    expect(namesOf(kept)).toEqual(['Firefox', 'VLC media player', 'Extra 2']);
    expect(kept.body.skippedForLimit).toEqual(['Git', 'Notepad++', 'Rectangle', 'Tree', 'Extra 1']);

    const second = await importList({ format: 'text', name: 'Second', content: 'Git' }, free.token);
    expect(second.status).toBe(403);
    expect(second.body.code).toBe('LIST_LIMIT_REACHED');
    expect((await listsOf(t, free.token).all()).body.map((list) => list.name)).toEqual(['Too many']);
  });

  it('refuses an import past the plan before reading the file', async () => {
    const free = await registerUser(t.api);
    expect((await importList({ format: 'text', name: 'First', content: 'Git' }, free.token)).status).toBe(201);
    // A file that is expensive or invalid to read is not read at all by a user who cannot import.
    const res = await importList({ format: 'brewfile', name: 'Second', content: `brew${' '.repeat(200_000)}x` }, free.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('LIST_LIMIT_REACHED');
  });

  it('rate-limits imports per user', async () => {
    const busy = await registerUser(t.api);
    await setPlan(t, busy.user.id, 'premium');
    t.config.rateLimit = { ...t.config.rateLimit, importsPerUser: 3 };
    try {
      for (let i = 0; i < 3; i += 1)
        expect((await importList({ format: 'text', name: `Import ${i}`, content: 'Git' }, busy.token)).status).toBe(201);
      const limited = await importList({ format: 'text', name: 'One more', content: 'Git' }, busy.token);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      // Another user is not affected.
      const other = await registerUser(t.api);
      expect((await importList({ format: 'text', name: 'Mine', content: 'Git' }, other.token)).status).toBe(201);
    } finally {
      t.config.rateLimit = { ...t.config.rateLimit, importsPerUser: 1000 };
    }
  });

  it('answers a 512 KB Brewfile of spaces with a clear error, without holding the server', async () => {
    const content = `brew${' '.repeat(512 * 1024 - 10)}x`;
    const [res, health] = await Promise.all([importList({ format: 'brewfile', name: 'Spaces', content }), t.api.get('/api/health')]);
    expect(health.status).toBe(200);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^This is not a valid Brewfile: line 1/);
  });
});
