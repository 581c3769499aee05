import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';
import type { ImportListResponse } from '@shared/api/list-import';
import { MAX_OWN_APPS, type AdminOwnApp, type OwnApp } from '@shared/api/own-apps';
import { packageIdMessage } from '@shared/package-ids';
import { perPackageField } from '@shared/package-managers';

import { insertOwnApp } from '../../src/server/db/repositories/own-apps.repository';
import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { createCategory } from './helpers/catalogue';
import { adminBrowser, enrollMachine, type Browser } from './helpers/devices';
import { registerUser, type ApiError, type RegisteredUser } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

type Answer = OwnApp & ApiError & { details?: Record<string, string> };

const NO_IDS = perPackageField(() => null);

/** A valid id per field, and the grammar whose message a bad one gets. */
const FIELDS = {
  winget_id: { valid: 'Example.Tool', kind: 'winget' },
  homebrew_cask: { valid: 'example-tool', kind: 'brew-cask' },
  homebrew_formula: { valid: 'example-tool', kind: 'brew-formula' },
  apt_package: { valid: 'example-tool', kind: 'apt' },
  flatpak_id: { valid: 'org.example.Tool', kind: 'flatpak' },
  snap_name: { valid: 'example-tool', kind: 'snap' },
} as const;

/** Every shape by which a package id could become an option, a command or a path. */
const INJECTIONS = (valid: string) => [
  '-oDir::Cache=/tmp',
  '-o',
  '--force-yes',
  '--override=/quiet',
  `-${valid}`,
  `${valid};rm -rf /`,
  `${valid};id`,
  `$(id)`,
  `${valid}$(id)`,
  '`id`',
  `${valid}\`id\``,
  `${valid}\nid`,
  `${valid}\r\nid`,
  `${valid} --force`,
  `${valid} x`,
  `${valid}|sh`,
  `${valid}&id`,
  `${valid}>/etc/passwd`,
  `user/tap/${valid}`,
  `../${valid}`,
  `/tmp/${valid}`,
];

describe('your own apps', () => {
  let t: TestApp;
  let url: string;
  let admin: Browser;
  let user: RegisteredUser;
  let other: RegisteredUser;
  let catalogue: App[];
  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
    admin = await adminBrowser(t);
    catalogue = await catalogueOf(t, admin.token, 2, 'Listed');
    user = await registerUser(t.api);
    other = await registerUser(t.api);
  });
  afterAll(async () => {
    await t.close();
  });

  const ownApps = (token: string) => ({
    all: () => t.api.get<{ apps: OwnApp[] } & ApiError>('/api/own-apps', token),
    add: (body: Record<string, unknown>) => t.api.post<Answer>('/api/own-apps', body, token),
    change: (id: number, body: Record<string, unknown>) => t.api.put<Answer>(`/api/own-apps/${id}`, body, token),
    remove: (id: number) => t.api.delete<ApiError>(`/api/own-apps/${id}`, token),
  });

  it('needs a signed-in user', async () => {
    const res = await t.api.get<ApiError>('/api/own-apps');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('AUTHENTICATION_REQUIRED');
  });

  it('adds, lists, changes and deletes an own app; the same package id again answers the app you have', async () => {
    const mine = ownApps(user.token);
    const added = await mine.add({ name: ' Tool One ', apt_package: 'tool-one', winget_id: 'Example.ToolOne' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      name: 'Tool One',
      apt_package: 'tool-one',
      winget_id: 'Example.ToolOne',
      homebrew_cask: null,
      platforms: ['windows', 'linux'],
    });
    expect((await mine.all()).body.apps.map((app) => app.name)).toEqual(['Tool One']);

    const second = await mine.add({ name: 'Tool Two', snap_name: 'tool-two' });
    expect(second.status).toBe(201);
    const clash = await mine.change(second.body.app_id, { name: 'Tool Two', snap_name: 'tool-two', apt_package: 'tool-one' });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ code: 'OWN_APP_EXISTS', message: 'Your app “Tool One” has one of these package ids already.' });
    const changed = await mine.change(second.body.app_id, { name: 'Tool 2', flatpak_id: 'org.example.ToolTwo' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Tool 2', snap_name: null, flatpak_id: 'org.example.ToolTwo', platforms: ['linux'] });

    expect((await mine.remove(second.body.app_id)).status).toBe(200);
    const gone = await mine.remove(second.body.app_id);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ code: 'APP_NOT_FOUND', message: 'App not found' });
    expect((await mine.all()).body.apps.map((app) => app.name)).toEqual(['Tool One']);
  });

  it('refuses a new app whose package id you have already, naming your app, its id and the field; nothing is renamed', async () => {
    const mine = ownApps(user.token);
    const ripgrep = await mine.add({ name: 'Ripgrep', apt_package: 'ripgrep', winget_id: 'BurntSushi.ripgrep' });
    expect(ripgrep.status).toBe(201);
    const again = await mine.add({ name: 'rg', apt_package: 'ripgrep' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'OWN_APP_EXISTS',
      message: 'You already have “Ripgrep” with this apt package.',
      details: { appId: String(ripgrep.body.app_id), apt_package: 'Your app “Ripgrep” has this id' },
    });
    // Any case, and every field that clashes is named; the first one in the message.
    const both = await mine.add({ name: 'RG', winget_id: 'burntsushi.RipGrep', apt_package: 'ripgrep', flatpak_id: 'org.example.Rg' });
    expect(both.status).toBe(409);
    expect(both.body.message).toBe('You already have “Ripgrep” with this winget id.');
    expect(both.body.details).toEqual({
      appId: String(ripgrep.body.app_id),
      winget_id: 'Your app “Ripgrep” has this id',
      apt_package: 'Your app “Ripgrep” has this id',
    });
    const apps = (await mine.all()).body.apps.filter((app) => app.apt_package === 'ripgrep' || app.flatpak_id === 'org.example.Rg');
    expect(apps).toEqual([ripgrep.body]);
    // Another account's ids are theirs: the same package is a new app for someone else.
    const theirs = await ownApps(other.token).add({ name: 'rg', apt_package: 'ripgrep' });
    expect(theirs.status).toBe(201);
    expect((await ownApps(other.token).remove(theirs.body.app_id)).status).toBe(200);
  });

  it('refuses an app without a name or without any package id', async () => {
    const noIds = await ownApps(user.token).add({ name: 'Nothing' });
    expect(noIds.status).toBe(400);
    expect(noIds.body.code).toBe('VALIDATION_ERROR');
    expect(noIds.body.details).toEqual({ winget_id: 'Give at least one package id' });
    const noName = await ownApps(user.token).add({ name: '  ', apt_package: 'tool-three' });
    expect(noName.status).toBe(400);
    expect(noName.body.details).toEqual({ name: 'Name is required' });
  });

  it('refuses every argument-injection shape in every package id field, with that field’s message', async () => {
    const mine = ownApps(user.token);
    for (const [field, { valid, kind }] of Object.entries(FIELDS)) {
      for (const bad of INJECTIONS(valid)) {
        for (const add of [true, false]) {
          const body = { name: 'Injected', [field]: bad };
          const res = add ? await mine.add(body) : await mine.change(1, body);
          expect(res.status, `${field}: ${JSON.stringify(bad)}`).toBe(400);
          expect(res.body.code).toBe('VALIDATION_ERROR');
          expect(res.body.details?.[field], `${field}: ${JSON.stringify(bad)}`).toBe(packageIdMessage(kind));
        }
      }
    }
    expect((await mine.all()).body.apps.map((app) => app.name)).not.toContain('Injected');
  });

  it('keeps own apps private: another user cannot list, read, change, delete, add to a list or install one', async () => {
    const own = (await ownApps(user.token).add({ name: 'Private tool', apt_package: 'private-tool' })).body;
    const theirs = ownApps(other.token);
    expect((await theirs.all()).body.apps).toEqual([]);
    const changed = await theirs.change(own.app_id, { name: 'Taken', apt_package: 'taken' });
    expect(changed.status).toBe(404);
    expect(changed.body).toEqual({ code: 'APP_NOT_FOUND', message: 'App not found' });
    const removed = await theirs.remove(own.app_id);
    expect(removed.status).toBe(404);
    expect(removed.body.code).toBe('APP_NOT_FOUND');

    const list = (await listsOf(t, other.token).create('Theirs')).body;
    const added = await listsOf(t, other.token).add(list.id, own.app_id);
    expect(added.status).toBe(404);
    expect(added.body).toEqual({ code: 'APP_NOT_FOUND', message: 'App not found' });
    const missing = await listsOf(t, other.token).add(list.id, 999_999);
    expect(missing.body).toEqual(added.body);

    const install = await installationsOf(t, other.token).create({ appIds: [own.app_id], deviceIds: ['dev_nothing'] });
    expect(install.status).toBe(404);
    expect(install.body.code).toBe('APP_NOT_FOUND');
    // The catalogue never shows it, not even to its owner.
    expect((await t.api.get<App[]>('/catalogue/apps?search=Private', user.token)).body).toEqual([]);
    expect((await t.api.get<ApiError>(`/catalogue/apps/${own.app_id}`, user.token)).status).toBe(404);
    expect((await ownApps(user.token).all()).body.apps.map((app) => app.name)).toContain('Private tool');
  });

  it('adds an own app to your list as "your app", counts it, and deleting it takes it out of the list', async () => {
    const own = (await ownApps(user.token).add({ name: 'Listed tool', apt_package: 'listed-tool' })).body;
    const lists = listsOf(t, user.token);
    const list = (await lists.create('With my apps')).body;
    const item = await lists.add(list.id, own.app_id);
    expect(item.status).toBe(201);
    expect(item.body).toMatchObject({
      app_id: own.app_id,
      name: 'Listed tool',
      own_app: true,
      category: 0,
      category_name: '',
      file_size_kb: null,
    });
    const catalogueItem = await lists.add(list.id, catalogue[0]!.app_id);
    expect(catalogueItem.body).toMatchObject({ own_app: false, category_name: 'Listed category' });
    expect((await lists.all()).body.find((entry) => entry.id === list.id)).toMatchObject({
      appCount: 2,
      unknownSizeCount: 1,
      sizeKb: 1000,
    });

    const exported = await t.api.get<string>(`/api/lists/${list.id}/export?format=text&platform=linux`, user.token);
    expect(exported.body).toContain('Listed tool');

    expect((await ownApps(user.token).remove(own.app_id)).status).toBe(200);
    expect((await lists.items(list.id)).body.items.map((entry) => entry.name)).toEqual(['Listed 1']);
  });

  it('stops at the account’s limit with a clear error', async () => {
    const heavy = await registerUser(t.api);
    const now = t.clock.now().toISOString();
    for (let i = 0; i < MAX_OWN_APPS; i += 1)
      await insertOwnApp(t.app.ctx.db, heavy.user.id, { ...NO_IDS, name: `Bulk ${i}`, apt_package: `bulk-${i}` }, now);
    const res = await ownApps(heavy.token).add({ name: 'One more', apt_package: 'one-more' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'OWN_APP_LIMIT_REACHED',
      message: `You have ${MAX_OWN_APPS} apps of your own, the most an account may keep. Delete one to add another.`,
    });
    // An id it has already names that app rather than the limit.
    const again = await ownApps(heavy.token).add({ name: 'Again', apt_package: 'bulk-3' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already have “Bulk 3” with this apt package.');
  });

  it('keeps the packages of a winget export or a Brewfile that the catalogue lacks as your own apps', async () => {
    const importer = await registerUser(t.api);
    await setPlan(t, importer.user.id, 'premium');
    const existing = (await ownApps(importer.token).add({ name: 'My Foo', winget_id: 'Example.Foo' })).body;
    const winget = JSON.stringify({
      Sources: [
        {
          SourceDetails: { Name: 'winget' },
          Packages: [{ PackageIdentifier: 'Example.Foo' }, { PackageIdentifier: 'Example.Bar' }, { PackageIdentifier: 'Example.Bar' }],
        },
      ],
    });
    const fromWinget = await t.api.post<ImportListResponse & ApiError>(
      '/api/lists/import',
      { format: 'winget', content: winget, name: 'From winget' },
      importer.token,
    );
    expect(fromWinget.status).toBe(201);
    expect(fromWinget.body.unmatched).toEqual([]);
    expect(fromWinget.body.list.apps.map((app) => [app.name, app.winget_id, app.own_app])).toEqual([
      ['My Foo', 'Example.Foo', true],
      ['Example.Bar', 'Example.Bar', true],
    ]);
    expect(fromWinget.body.list.apps[0]?.app_id).toBe(existing.app_id);

    const brewfile = ['tap "hashicorp/tap"', 'brew "hashicorp/tap/terraform"', 'brew "jq"', 'cask "some-cask"'].join('\n');
    const fromBrew = await t.api.post<ImportListResponse & ApiError>(
      '/api/lists/import',
      { format: 'brewfile', content: brewfile, name: 'From Brewfile' },
      importer.token,
    );
    expect(fromBrew.status).toBe(201);
    // A third-party tap is not installed from: the tap and its formula are shown back, with why.
    expect(fromBrew.body.unmatched).toEqual(['tap "hashicorp/tap"', 'hashicorp/tap/terraform']);
    expect(fromBrew.body.notes.map((note) => [note.line, note.reason])).toEqual([
      [1, 'tap'],
      [2, 'tappedPackage'],
    ]);
    expect(fromBrew.body.list.apps.map((app) => [app.name, app.homebrew_formula, app.homebrew_cask, app.own_app])).toEqual([
      ['jq', 'jq', null, true],
      ['some-cask', null, 'some-cask', true],
    ]);
    expect((await ownApps(importer.token).all()).body.apps.map((app) => app.name)).toEqual(['Example.Bar', 'jq', 'My Foo', 'some-cask']);
    // Someone else's import makes their own apps, never reuses these.
    expect((await ownApps(other.token).all()).body.apps.map((app) => app.name)).not.toContain('jq');
  });

  it('lets only an admin list and promote own apps; a promoted app is in the catalogue for everyone', async () => {
    const user = await registerUser(t.api);
    const own = (await ownApps(user.token).add({ name: 'Promising tool', apt_package: 'promising-tool' })).body;
    const list = (await listsOf(t, user.token).create('Promising')).body;
    expect((await listsOf(t, user.token).add(list.id, own.app_id)).status).toBe(201);
    const category = await createCategory(t.api, admin.token, 'Promoted');
    const promote = { category: category.category_id, description: 'A tool users asked for.', website: 'https://example.org/' };

    for (const token of [user.token, other.token]) {
      expect((await t.api.get<ApiError>('/api/admin/own-apps', token)).status).toBe(403);
      expect((await t.api.post<ApiError>(`/api/admin/own-apps/${own.app_id}/promote`, promote, token)).status).toBe(403);
    }
    const listed = await t.api.get<{ apps: AdminOwnApp[] }>('/api/admin/own-apps', admin.token);
    expect(listed.status).toBe(200);
    const entry = listed.body.apps.find((app) => app.app_id === own.app_id);
    expect(entry).toMatchObject({ name: 'Promising tool', apt_package: 'promising-tool', listCount: 1 });
    expect(JSON.stringify(listed.body)).not.toContain(user.user.email);

    const badCategory = await t.api.post<ApiError>(
      `/api/admin/own-apps/${own.app_id}/promote`,
      { ...promote, category: 999_999 },
      admin.token,
    );
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.code).toBe('CATEGORY_NOT_FOUND');
    const notOwn = await t.api.post<ApiError>(`/api/admin/own-apps/${catalogue[0]!.app_id}/promote`, promote, admin.token);
    expect(notOwn.status).toBe(404);
    expect(notOwn.body.code).toBe('APP_NOT_FOUND');

    // The process's catalogue snapshot (agents' inventory requests) never holds an own app…
    expect((await t.app.ctx.catalogue.apps()).map((row) => row.id)).not.toContain(own.app_id);
    const promoted = await t.api.post<App & ApiError>(`/api/admin/own-apps/${own.app_id}/promote`, promote, admin.token);
    // …and hears of the promotion at once.
    expect((await t.app.ctx.catalogue.apps()).map((row) => row.id)).toContain(own.app_id);
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({
      app_id: own.app_id,
      name: 'Promising tool',
      category_name: 'Promoted',
      website: 'https://example.org/',
    });
    expect((await t.api.get<App[]>('/catalogue/apps?search=Promising', other.token)).body.map((app) => app.app_id)).toEqual([own.app_id]);
    expect((await ownApps(user.token).all()).body.apps.map((app) => app.name)).not.toContain('Promising tool');
    expect((await listsOf(t, user.token).items(list.id)).body.items[0]).toMatchObject({ app_id: own.app_id, own_app: false });
    expect((await t.api.post<ApiError>(`/api/admin/own-apps/${own.app_id}/promote`, promote, admin.token)).status).toBe(404);
  });

  it('sends an own app’s package id to the agent when a list holding it is installed, and asks for its version', async () => {
    const owner = await adminBrowser(t);
    await setPlan(t, owner.user.user.id, 'premium');
    const own = (await ownApps(owner.token).add({ name: 'Cowsay mine', apt_package: 'cowsay' })).body;
    const list = (await listsOf(t, owner.token).create('Own install')).body;
    await listsOf(t, owner.token).add(list.id, own.app_id);
    const machine = await enrollMachine(t, owner);
    const created = await installationsOf(t, owner.token).create({ listId: list.id, deviceIds: [machine.deviceId] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ counts: { queued: 1 } });
    const agent = await ProtocolAgent.connect(url, machine.credential);
    try {
      const { job } = await agent.next('job.assign');
      expect(job.items.map((item) => [item.name, item.packages.apt_package])).toEqual([['Cowsay mine', 'cowsay']]);
      // The agent reports its version too (no catalogue app of this test names cowsay), so the list's status knows it.
      expect((await agent.next('inventory.request')).packages).toContainEqual({ manager: 'apt', id: 'cowsay' });
      agent.send({
        type: 'inventory',
        packages: [{ manager: 'apt', id: 'cowsay', installedVersion: '3.03', availableVersion: '3.04' }],
      });
      const inventory = await eventually(
        () => installationsOf(t, owner.token).inventory(machine.deviceId),
        (res) => res.body.checkedAt !== null,
        'the inventory',
      );
      // The device's inventory (what update policies update from) knows the own app; another user's would not.
      expect(inventory.body.apps).toContainEqual({
        appId: own.app_id,
        name: 'Cowsay mine',
        manager: 'apt',
        packageId: 'cowsay',
        installedVersion: '3.03',
        availableVersion: '3.04',
        pinnedVersion: null,
        chosen: true,
        heldUpdate: null,
        securityUpdate: false,
      });
    } finally {
      await agent.close();
    }
  });
});
