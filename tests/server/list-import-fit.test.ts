import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';
import type { ImportListResponse, ImportPreview } from '@shared/api/list-import';

import { registerUser, type ApiError, type RegisteredUser } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A Brewfile as people publish them: Ruby helpers, conditions, taps and App Store apps among the entries. */
function dotfilesBrewfile(tools: readonly App[]): string {
  return [
    '# frozen_string_literal: true',
    'def installed?(app)',
    '  File.exist?("/Applications/#{app}.app")',
    'end',
    'tap "homebrew/bundle"',
    ...tools.map((tool) => `brew "${tool.homebrew_formula ?? ''}"`),
    'cask "own-editor" unless installed?("Own Editor")',
    'brew "own-cli"',
    'mas "Keynote", id: 409183694',
    'vscode "esbenp.prettier-vscode"',
  ].join('\n');
}

describe('importing a file with more apps than a list holds', () => {
  let t: TestApp;
  let user: RegisteredUser;
  let tools: App[];
  let content: string;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await registerUser(t.api);
    tools = await catalogueOf(t, admin.token, 28, 'Tool', (i) => ({ homebrew_formula: `tool-${i}` }));
    user = await registerUser(t.api);
    await setPlan(t, user.user.id, 'premium');
    content = dotfilesBrewfile(tools);
  });
  afterAll(async () => {
    await t.close();
  });

  const preview = (body: Record<string, unknown>, token = user.token) =>
    t.api.post<ImportPreview & ApiError>('/api/lists/import/preview', body, token);
  const importList = (body: Record<string, unknown>, token = user.token) =>
    t.api.post<ImportListResponse & ApiError>('/api/lists/import', body, token);
  const listNames = async (token = user.token) => (await listsOf(t, token).all()).body.map((list) => list.name);

  it('previews the file, creating nothing: every app in order, every other line with its number', async () => {
    const before = await listNames();
    const res = await preview({ format: 'brewfile', content });
    expect(res.status).toBe(200);
    expect(res.body.appsPerList).toBe(25);
    expect(res.body.listsLeft).toBeNull();
    expect(res.body.apps).toHaveLength(30);
    expect(res.body.apps[0]).toEqual({ line: 6, written: 'tool-1', name: 'Tool 1', appId: tools[0]?.app_id, field: null, packageId: null });
    expect(res.body.apps.slice(28)).toEqual([
      { line: 34, written: 'own-editor', name: 'own-editor', appId: null, field: 'homebrew_cask', packageId: 'own-editor' },
      { line: 35, written: 'own-cli', name: 'own-cli', appId: null, field: 'homebrew_formula', packageId: 'own-cli' },
    ]);
    expect(res.body.notes).toEqual([
      { line: 2, written: 'def installed?(app)', reason: 'code' },
      { line: 3, written: 'File.exist?("/Applications/#{app}.app")', reason: 'code' },
      { line: 5, written: 'tap "homebrew/bundle"', reason: 'tap' },
      { line: 34, written: 'cask "own-editor" unless installed?("Own Editor")', reason: 'condition' },
      { line: 36, written: 'mas "Keynote", id: 409183694', reason: 'appStore' },
      { line: 37, written: 'vscode "esbenp.prettier-vscode"', reason: 'extension' },
    ]);
    expect(await listNames()).toEqual(before);
  });

  it('refuses the file as it is, and splits it into lists in file order when asked', async () => {
    const refused = await importList({ format: 'brewfile', name: 'Mac', content });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('LIST_APP_LIMIT_REACHED');

    const res = await importList({ format: 'brewfile', name: 'Mac', content, split: true });
    expect(res.status).toBe(201);
    expect(res.body.lists.map((list) => [list.name, list.appCount])).toEqual([
      ['Mac (1 of 2)', 25],
      ['Mac (2 of 2)', 5],
    ]);
    expect(res.body.list.id).toBe(res.body.lists[0]?.id);
    expect(res.body.lists[1]?.apps.map((app) => app.name)).toEqual(['Tool 26', 'Tool 27', 'Tool 28', 'own-editor', 'own-cli']);
    expect(res.body.skippedForLimit).toEqual([]);
    // Left out, as written: the code, the tap and what other tools install; the condition is only a note.
    expect(res.body.unmatched).toEqual([
      'def installed?(app)',
      'File.exist?("/Applications/#{app}.app")',
      'tap "homebrew/bundle"',
      'mas "Keynote", id: 409183694',
      'vscode "esbenp.prettier-vscode"',
    ]);
    // Your lists come oldest first: the parts in their order.
    expect((await listNames()).slice(-2)).toEqual(['Mac (1 of 2)', 'Mac (2 of 2)']);
  });

  it('keeps the apps chosen by their place in the preview, and refuses places the file does not have', async () => {
    const before = await listNames();
    for (const keep of [[0, 0], [30], [-1]]) {
      const res = await importList({ format: 'brewfile', name: 'Chosen', content, keep });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    // More than a list holds, even when chosen, still needs a split.
    const tooMany = await importList({ format: 'brewfile', name: 'Chosen', content, keep: [...Array(26).keys()] });
    expect(tooMany.body.code).toBe('LIST_APP_LIMIT_REACHED');
    expect(await listNames()).toEqual(before);

    const res = await importList({ format: 'brewfile', name: 'Chosen', content, keep: [29, 1, 0] });
    expect(res.status).toBe(201);
    expect(res.body.list.apps.map((app) => app.name)).toEqual(['Tool 1', 'Tool 2', 'own-cli']);
    expect(res.body.skippedForLimit).toHaveLength(27);
  });

  it('shortens a long name so that each part keeps its number', async () => {
    const name = 'N'.repeat(100);
    const res = await importList({ format: 'brewfile', name, content, split: true });
    expect(res.body.lists.map((list) => list.name)).toEqual([`${'N'.repeat(91)} (1 of 2)`, `${'N'.repeat(91)} (2 of 2)`]);
  });

  it('gives a runtime no place in a list: 25 apps and their runtimes fit one', async () => {
    const apps = Array.from({ length: 25 }, (_, i) => `Example.App${i + 1}`);
    const runtimes = ['Microsoft.VCRedist.2015+.x64', 'Microsoft.UI.Xaml.2.8', 'Microsoft.VCLibs.Desktop.14'];
    const content = JSON.stringify({ Sources: [{ Packages: [...runtimes, ...apps].map((id) => ({ PackageIdentifier: id })) }] });
    const res = await importList({ format: 'winget', name: 'Windows', content });
    expect(res.status).toBe(201);
    expect(res.body.lists).toHaveLength(1);
    expect(res.body.list.appCount).toBe(25);
    expect(res.body.notes).toEqual(runtimes.map((written) => ({ line: null, written, reason: 'runtime' })));
  });

  it('answers the preview only to a signed-in user with room for a list', async () => {
    expect((await t.api.post('/api/lists/import/preview', { format: 'text', content: 'Git' })).status).toBe(401);
    const free = await registerUser(t.api);
    expect((await importList({ format: 'text', name: 'Only list', content: 'Tool 1' }, free.token)).status).toBe(201);
    const res = await preview({ format: 'text', content: 'Tool 2' }, free.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('LIST_LIMIT_REACHED');
    const bad = await preview({ format: 'brewfile', content: 'Firefox\n' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('This is not a valid Brewfile: line 1 (“Firefox”) is not a brew "…" or cask "…" entry.');
  });
});
