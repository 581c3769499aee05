import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';
import type { ListDetail } from '@shared/api/lists';
import type { OwnApp } from '@shared/api/own-apps';
import type { GalleryResponse, SetSharingRequest, SharedList, Sharing } from '@shared/api/shared-lists';

import { createCategory } from './helpers/catalogue';
import { devicesOf, newDeviceId } from './helpers/devices';
import { registerUser, type ApiError, type RegisteredUser } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

const NOT_SHARED = { code: 'SHARED_LIST_NOT_FOUND', message: 'This list is not shared, or the link is wrong.' };
const LIST_LIMIT = { code: 'LIST_LIMIT_REACHED', message: 'Your Free plan includes 1 app list. Upgrade to Premium for unlimited lists.' };
const APP_LIMIT = {
  code: 'LIST_APP_LIMIT_REACHED',
  message: 'Your Free plan allows up to 5 apps per list. Upgrade to Premium for up to 25.',
};
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Loadout</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('shared lists', () => {
  let t: TestApp;
  let admin: RegisteredUser;
  let apps: App[];
  let categoryId: number;

  beforeAll(async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'loadout-shared-web-'));
    writeFileSync(join(webDir, 'index.html'), INDEX_HTML);
    t = await createTestApp({ env: { WEB_DIR: webDir } });
    admin = await registerUser(t.api);
    apps = await catalogueOf(t, admin.token, 7, 'Tool', (i) =>
      i % 2 === 0 ? { winget_id: `Vendor.Tool${i}` } : { apt_package: `tool${i}` },
    );
    categoryId = (await createCategory(t.api, admin.token, 'Developer tools')).category_id;
  });
  afterAll(async () => {
    await t.close();
  });

  const sharing = (token: string, listId: string) => t.api.get<Sharing & ApiError>(`/api/lists/${listId}/sharing`, token);
  const share = (token: string | null, listId: string, body: SetSharingRequest) =>
    t.api.put<Sharing & ApiError>(`/api/lists/${listId}/sharing`, body, token);
  const open = (shareId: string, token: string | null = null) => t.api.get<SharedList & ApiError>(`/api/shared-lists/${shareId}`, token);
  const gallery = (query = '') => t.api.get<GalleryResponse & ApiError>(`/api/gallery${query}`);
  const copy = (shareId: string, token: string | null) =>
    t.api.post<ListDetail & ApiError>(`/api/shared-lists/${shareId}/copy`, undefined, token);

  /** A premium owner with a named list of the first `count` apps and a browser device of their own. */
  async function ownerWithList(name: string, count = 3) {
    const owner = await registerUser(t.api, { firstName: 'Olivia', lastName: 'Owner' });
    await setPlan(t, owner.user.id, 'premium');
    const registered = await devicesOf(t, { token: owner.token, deviceId: newDeviceId() }).register('Olivia secret laptop');
    expect(registered.status).toBe(200);
    const lists = listsOf(t, owner.token);
    const list = (await lists.create(name)).body;
    for (const app of apps.slice(0, count)) expect((await lists.add(list.id, app.app_id)).status).toBe(201);
    return { owner, list };
  }

  it('keeps a list private until its owner shares it, and tells its owner so', async () => {
    const { owner, list } = await ownerWithList('Private tools');
    const res = await sharing(owner.token, list.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      visibility: 'private',
      shareId: null,
      shareUrl: null,
      description: '',
      categoryId: null,
      copyCount: 0,
      sharedAt: null,
    });
    // Nothing private is in the gallery.
    expect((await gallery()).body.items.map((card) => card.name)).not.toContain('Private tools');
  });

  it('shows an unlisted list to anyone with the link, signed in or not, but not in the gallery', async () => {
    const { owner, list } = await ownerWithList('Unlisted tools');
    const shared = await share(owner.token, list.id, { visibility: 'unlisted', description: 'For the new laptop' });
    expect(shared.status).toBe(200);
    expect(shared.body.visibility).toBe('unlisted');
    expect(shared.body.shareId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shared.body.shareUrl).toBe(`http://loadout.test/shared/${shared.body.shareId}`);
    const shareId = shared.body.shareId ?? '';

    const signedOut = await open(shareId);
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toMatchObject({
      shareId,
      visibility: 'unlisted',
      name: 'Unlisted tools',
      description: 'For the new laptop',
      platforms: ['windows', 'linux'],
      copyCount: 0,
    });
    expect(signedOut.body.apps.map((app) => app.name)).toEqual(['Tool 1', 'Tool 2', 'Tool 3']);
    expect(signedOut.body.apps.map((app) => app.platforms)).toEqual([['linux'], ['windows'], ['linux']]);
    const stranger = await registerUser(t.api);
    expect((await open(shareId, stranger.token)).body).toEqual(signedOut.body);

    const everything = await gallery('?search=Unlisted');
    expect(everything.status).toBe(200);
    expect(everything.body.items).toEqual([]);
  });

  it('puts a public list in the gallery, searchable by name and description and filtered by category', async () => {
    const { owner, list } = await ownerWithList('Zebra stack', 2);
    const shared = await share(owner.token, list.id, { visibility: 'public', description: 'Everything for podcasting', categoryId });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ visibility: 'public', description: 'Everything for podcasting', categoryId });

    const byName = await gallery('?search=zebra');
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ total: 1, page: 1, pageSize: 24 });
    expect(byName.body.items).toEqual([
      {
        shareId: shared.body.shareId,
        name: 'Zebra stack',
        description: 'Everything for podcasting',
        categoryId,
        categoryName: 'Developer tools',
        platforms: ['windows', 'linux'],
        copyCount: 0,
        sharedAt: shared.body.sharedAt,
        appCount: 2,
      },
    ]);
    expect((await gallery('?search=PODCAST')).body.items.map((card) => card.name)).toEqual(['Zebra stack']);
    expect((await gallery(`?category=${categoryId}`)).body.items.map((card) => card.name)).toContain('Zebra stack');
    expect((await gallery(`?category=${categoryId + 1000}`)).body.items).toEqual([]);
    // Search text is data, not a LIKE pattern.
    expect((await gallery('?search=%25')).body.items).toEqual([]);
    expect((await gallery('?search=_')).body.items).toEqual([]);
  });

  it('pages the gallery and sorts it by newest or most copied', async () => {
    const owner = await registerUser(t.api);
    await setPlan(t, owner.user.id, 'premium');
    const lists = listsOf(t, owner.token);
    const shareIds: string[] = [];
    for (let n = 1; n <= 26; n += 1) {
      t.clock.advance(10_000);
      const list = (await lists.create(`Paged ${String(n).padStart(2, '0')}`)).body;
      shareIds.push((await share(owner.token, list.id, { visibility: 'public', description: 'paging' })).body.shareId ?? '');
    }
    const first = await gallery('?search=paging');
    expect(first.body.total).toBe(26);
    expect(first.body.items).toHaveLength(24);
    expect(first.body.items[0]?.name).toBe('Paged 26');
    const second = await gallery('?search=paging&page=2');
    expect(second.body.items.map((card) => card.name)).toEqual(['Paged 02', 'Paged 01']);

    const copier = await registerUser(t.api);
    await setPlan(t, copier.user.id, 'premium');
    expect((await copy(shareIds[4] ?? '', copier.token)).status).toBe(201);
    const popular = await gallery('?search=paging&sort=copies');
    expect(popular.body.items[0]).toMatchObject({ name: 'Paged 05', copyCount: 1 });

    const bad = await gallery('?sort=random&page=0');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });

  it('answers private, unknown and malformed links alike', async () => {
    const { list, owner } = await ownerWithList('Never shared');
    await sharing(owner.token, list.id);
    for (const shareId of [list.id, 'A'.repeat(43), 'not-an-id', '..%2F..%2Fetc', 'x'.repeat(90)]) {
      const res = await open(shareId);
      expect(res.status, shareId).toBe(404);
      expect(res.body, shareId).toEqual(NOT_SHARED);
      const copied = await copy(shareId, owner.token);
      expect(copied.status, shareId).toBe(404);
      expect(copied.body, shareId).toEqual(NOT_SHARED);
    }
  });

  it("never shows the owner's e-mail, name, id or devices", async () => {
    const { owner, list } = await ownerWithList('Discreet tools');
    const shared = (await share(owner.token, list.id, { visibility: 'public', description: 'Quiet' })).body;
    const answers = [
      JSON.stringify((await open(shared.shareId ?? '')).body),
      JSON.stringify((await gallery('?search=Discreet')).body),
      (await t.api.get<string>(`/shared/${shared.shareId}`)).body,
    ];
    for (const text of answers) {
      expect(text).toContain('Discreet tools');
      for (const secret of [owner.email, owner.user.id, list.id, 'Olivia', 'Owner', 'secret laptop']) expect(text).not.toContain(secret);
    }
  });

  it('makes unsharing take effect at once, and sharing again gives a new link', async () => {
    const { owner, list } = await ownerWithList('On and off');
    const first = (await share(owner.token, list.id, { visibility: 'public' })).body.shareId ?? '';
    expect((await open(first)).status).toBe(200);
    // Unlisted and public share one link.
    expect((await share(owner.token, list.id, { visibility: 'unlisted' })).body.shareId).toBe(first);

    const off = await share(owner.token, list.id, { visibility: 'private' });
    expect(off.body).toMatchObject({ visibility: 'private', shareId: null, shareUrl: null });
    expect((await open(first)).body).toEqual(NOT_SHARED);
    expect((await gallery('?search=On and off')).body.items).toEqual([]);
    const stranger = await registerUser(t.api);
    expect((await copy(first, stranger.token)).body).toEqual(NOT_SHARED);

    const again = (await share(owner.token, list.id, { visibility: 'public' })).body.shareId ?? '';
    expect(again).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again).not.toBe(first);
    expect((await open(first)).status).toBe(404);
    expect((await open(again)).body.name).toBe('On and off');
  });

  it('refuses a category that does not exist and text with control characters', async () => {
    const { owner, list } = await ownerWithList('Checked');
    const noCategory = await share(owner.token, list.id, { visibility: 'public', categoryId: 999999 });
    expect(noCategory.status).toBe(400);
    expect(noCategory.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { categoryId: 'Choose one of the categories.' } });
    const bidi = await share(owner.token, list.id, { visibility: 'public', description: 'evil\u202Etxt' });
    expect(bidi.status).toBe(400);
    expect(bidi.body.code).toBe('VALIDATION_ERROR');
    const wrong = await t.api.put<ApiError>(`/api/lists/${list.id}/sharing`, { visibility: 'everyone' }, owner.token);
    expect(wrong.status).toBe(400);
    expect((await sharing(owner.token, list.id)).body.visibility).toBe('private');
  });

  it("does not let another user see or change a list's sharing", async () => {
    const { owner, list } = await ownerWithList('Mine');
    const other = await registerUser(t.api);
    const read = await sharing(other.token, list.id);
    expect(read.status).toBe(404);
    expect(read.body.code).toBe('LIST_NOT_FOUND');
    const write = await share(other.token, list.id, { visibility: 'public' });
    expect(write.status).toBe(404);
    expect(write.body.code).toBe('LIST_NOT_FOUND');
    // Whose list it is is answered before anything about the request.
    const withBadCategory = await share(other.token, list.id, { visibility: 'public', categoryId: 999999 });
    expect(withBadCategory.status).toBe(404);
    expect(withBadCategory.body.code).toBe('LIST_NOT_FOUND');
    expect((await share(null, list.id, { visibility: 'public' })).status).toBe(401);
    expect((await sharing(owner.token, list.id)).body.visibility).toBe('private');
  });

  it("copies a shared list into the caller's lists as a new private list, and counts the copy", async () => {
    const { owner, list } = await ownerWithList('Starter kit');
    const shareId = (await share(owner.token, list.id, { visibility: 'unlisted' })).body.shareId ?? '';
    expect((await copy(shareId, null)).status).toBe(401);

    const copier = await registerUser(t.api);
    const copied = await copy(shareId, copier.token);
    expect(copied.status).toBe(201);
    expect(copied.body).toMatchObject({ name: 'Starter kit', appCount: 3, readOnly: false });
    expect(copied.body.id).not.toBe(list.id);
    expect(copied.body.apps.map((app) => app.name)).toEqual(['Tool 1', 'Tool 2', 'Tool 3']);
    expect((await listsOf(t, copier.token).all()).body.map((summary) => summary.name)).toEqual(['Starter kit']);
    // The copy is the copier's own and private.
    expect((await sharing(copier.token, copied.body.id)).body.visibility).toBe('private');
    expect((await sharing(owner.token, copied.body.id)).status).toBe(404);

    // The owner may copy their own; both copies are counted, and the owner sees it.
    expect((await copy(shareId, owner.token)).status).toBe(201);
    expect((await sharing(owner.token, list.id)).body.copyCount).toBe(2);
    expect((await open(shareId)).body.copyCount).toBe(2);
    // Changes to the original do not reach the copy.
    await listsOf(t, owner.token).drop(list.id, apps[0]?.app_id ?? 0);
    expect((await listsOf(t, copier.token).items(copied.body.id)).body.items).toHaveLength(3);
  });

  it("turns the sharer's own apps into the copier's own apps, with the same ids, reusing one they have", async () => {
    const { owner, list } = await ownerWithList('With own apps', 1);
    const lists = listsOf(t, owner.token);
    const ownApp = async (token: string, name: string, apt_package: string) => {
      const created = await t.api.post<OwnApp>('/api/own-apps', { name, apt_package }, token);
      expect(created.status).toBe(201);
      return created.body;
    };
    const shareIdOf = async (listId: string) => (await share(owner.token, listId, { visibility: 'unlisted' })).body.shareId ?? '';
    const fizz = await ownApp(owner.token, 'Fizz', 'fizz-tool');
    const buzz = await ownApp(owner.token, 'Buzz', 'buzz-tool');
    expect((await lists.add(list.id, fizz.app_id)).status).toBe(201);
    expect((await lists.add(list.id, buzz.app_id)).status).toBe(201);
    const tool = (await open(await shareIdOf(list.id))).body.apps[0];
    expect((await t.api.put(`/api/lists/${list.id}/items/${tool?.app_id}/pin`, { version: '1.2.3' }, owner.token)).status).toBe(200);
    const shareId = await shareIdOf(list.id);
    // The shared page names them and their ids, like any app; which are the sharer's own, and the pin.
    expect((await open(shareId)).body.apps.map((app) => [app.name, app.apt_package, app.own_app, app.pinnedVersion])).toEqual([
      ['Tool 1', 'tool1', false, '1.2.3'],
      ['Fizz', 'fizz-tool', true, null],
      ['Buzz', 'buzz-tool', true, null],
    ]);

    const copier = await registerUser(t.api);
    const mine = await ownApp(copier.token, 'My buzz', 'buzz-tool');
    const copied = await copy(shareId, copier.token);
    expect(copied.status).toBe(201);
    const items = copied.body.apps;
    // The copy installs what the shared list installs: the pin comes along.
    expect(items.map((app) => [app.name, app.apt_package, app.own_app, app.pinnedVersion])).toEqual([
      ['Tool 1', 'tool1', false, '1.2.3'],
      ['Fizz', 'fizz-tool', true, null],
      ['My buzz', 'buzz-tool', true, null],
    ]);
    // Fizz is a new app of the copier's, not the sharer's (which stays private to the sharer).
    expect(items[1]?.app_id).not.toBe(fizz.app_id);
    expect(items[2]?.app_id).toBe(mine.app_id);
    const copierApps = (await t.api.get<{ apps: OwnApp[] }>('/api/own-apps', copier.token)).body.apps;
    expect(copierApps.map((app) => app.name).sort()).toEqual(['Fizz', 'My buzz']);
    expect((await t.api.get<ApiError>(`/api/own-apps/${fizz.app_id}`, copier.token)).status).toBe(404);
  });

  it("applies the copier's plan: the free plan's one list and five apps per list", async () => {
    const { owner, list: small } = await ownerWithList('Small kit', 5);
    const big = (await listsOf(t, owner.token).create('Big kit')).body;
    for (const app of apps.slice(0, 6)) await listsOf(t, owner.token).add(big.id, app.app_id);
    const smallId = (await share(owner.token, small.id, { visibility: 'public' })).body.shareId ?? '';
    const bigId = (await share(owner.token, big.id, { visibility: 'public' })).body.shareId ?? '';

    const free = await registerUser(t.api);
    const tooMany = await copy(bigId, free.token);
    expect(tooMany.status).toBe(403);
    expect(tooMany.body).toEqual(APP_LIMIT);
    expect((await listsOf(t, free.token).all()).body).toEqual([]);

    expect((await copy(smallId, free.token)).status).toBe(201);
    const second = await copy(smallId, free.token);
    expect(second.status).toBe(403);
    expect(second.body).toEqual(LIST_LIMIT);
    expect((await listsOf(t, free.token).all()).body).toHaveLength(1);
    // Refused copies are not counted.
    expect((await sharing(owner.token, big.id)).body.copyCount).toBe(0);
    expect((await sharing(owner.token, small.id)).body.copyCount).toBe(1);
  });

  it('never lets two copies at once pass the list limit', async () => {
    const { owner, list } = await ownerWithList('Raced');
    const shareId = (await share(owner.token, list.id, { visibility: 'unlisted' })).body.shareId ?? '';
    const free = await registerUser(t.api);
    const results = await Promise.all([copy(shareId, free.token), copy(shareId, free.token), copy(shareId, free.token)]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 403, 403]);
    expect((await sharing(owner.token, list.id)).body.copyCount).toBe(1);
  });

  it('limits the public reads per IP, like the other token lookups', async () => {
    const { owner, list } = await ownerWithList('Limited');
    const shareId = (await share(owner.token, list.id, { visibility: 'public' })).body.shareId ?? '';
    const before = t.config.rateLimit;
    t.config.rateLimit = { ...before, tokenPerIp: 2 };
    try {
      const from = (url: string, ip: string) => t.api.request<ApiError>({ method: 'GET', url, remoteAddress: ip });
      for (const url of [`/api/shared-lists/${shareId}`, '/api/gallery']) {
        expect((await from(url, '203.0.113.40')).status, url).toBe(200);
        expect((await from(url, '203.0.113.40')).status, url).toBe(200);
        const limited = await from(url, '203.0.113.40');
        expect(limited.status, url).toBe(429);
        expect(limited.body.code, url).toBe('RATE_LIMITED');
        // Another address is not held back.
        expect((await from(url, '203.0.113.41')).status, url).toBe(200);
      }
      // Guessing links is counted whatever the answer.
      for (let n = 0; n < 2; n += 1) expect((await from(`/api/shared-lists/${'B'.repeat(43)}`, '203.0.113.42')).status).toBe(404);
      expect((await from(`/api/shared-lists/${shareId}`, '203.0.113.42')).status).toBe(429);
    } finally {
      t.config.rateLimit = before;
    }
  });

  it("adds link-preview tags to a shared list's page, escaped, and none to a private one", async () => {
    const { owner, list } = await ownerWithList('"><script>alert(1)</script>');
    const shared = (await share(owner.token, list.id, { visibility: 'unlisted', description: "Tom & Jerry's <b>tools</b>" })).body;
    const page = await t.api.get<string>(`/shared/${shared.shareId}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const html = page.body;
    expect(html).toContain('<meta property="og:title" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />');
    expect(html).toContain(
      '<meta property="og:description" content="Tom &amp; Jerry&#39;s &lt;b&gt;tools&lt;/b&gt; A list of 3 apps to install with Loadout." />',
    );
    expect(html).toContain(`<meta property="og:url" content="http://loadout.test/shared/${shared.shareId}" />`);
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Loadout</title>');
    expect(html).not.toContain('<script>');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));

    await share(owner.token, list.id, { visibility: 'private' });
    for (const path of [`/shared/${shared.shareId}`, '/shared/nonsense', '/gallery']) {
      const plain = await t.api.get<string>(path);
      expect(plain.status, path).toBe(200);
      expect(plain.body, path).toBe(INDEX_HTML);
    }
  });
});
