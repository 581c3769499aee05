import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';

import { createApp, createCategory } from './helpers/catalogue';
import { unregisteredBrowser } from './helpers/devices';
import { registerUser, type ApiError, type RegisteredUser } from './helpers/factories';
import { ownerOfEverything, ownIdFor, type Owner } from './helpers/resources';
import { operationsOf, urlOf, type Operation } from './helpers/routes';
import { exampleOf } from './helpers/schema-values';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Routes with an id in the path whose row is not a user's: anyone may reach any of them.
 * Every other route with a path id is checked below, found in the app's own route list.
 */
const NOT_USER_OWNED: Record<string, string> = {
  'GET /catalogue/apps/{id}': 'the catalogue is public: every visitor reads every app',
  'GET /catalogue/apps/{id}/sources': "where a catalogue app's package ids come from is as public as the app",
  'GET /catalogue/icons/{appId}.webp': 'app icons are public, like the apps',
  'GET /api/client/download-client/{platform}': 'the desktop installers are public downloads',
  'GET /api/client/agent/{platform}/{arch}': 'the agent builds are public downloads',
  'GET /api/shared-lists/{shareId}': 'a shared list is for anyone with its link (its owner chose so)',
  'POST /api/shared-lists/{shareId}/copy': "anyone signed in with a shared list's link may copy it into their own lists",
};

interface Call {
  status: number;
  body: ApiError;
}

/**
 * Insecure direct object references: user A owns one of each resource; user B (signed in,
 * with a registered browser of their own) and someone without a token try every route that
 * takes an id with A's ids. B hears 404 (403 where the route is for admins), no one hears
 * 401, and A's rows are as they were.
 */
describe("another user's ids", () => {
  let t: TestApp;
  let admin: RegisteredUser;
  let app: App;
  let alice: Owner;
  let bob: Owner;
  let routes: Operation[];
  let releases: string;

  beforeAll(async () => {
    // A Linux build, so that the public download answers 200 for everyone (a platform, not an owned id).
    releases = await mkdtemp(join(tmpdir(), 'loadout-idor-releases-'));
    await writeFile(join(releases, 'Loadout Desktop.AppImage'), 'build');
    // And a native agent build for Linux x64, served the same way.
    await writeFile(join(releases, 'loadout-agent-linux-x64'), 'agent');
    const manifest = { version: '1.0.0', builds: [{ platform: 'linux', arch: 'x64', format: 'exe', file: 'loadout-agent-linux-x64' }] };
    await writeFile(join(releases, 'manifest.json'), JSON.stringify(manifest));
    t = await createTestApp({ env: { RELEASES_DIR: releases, AGENT_NATIVE_DIR: releases } });
    admin = await registerUser(t.api, { firstName: 'Admin' });
    const category = await createCategory(t.api, admin.token, 'Editors');
    app = await createApp(t.api, admin.token, { name: 'Editor', category: category.category_id });
    alice = await ownerOfEverything(t, app, 'Alice');
    bob = await ownerOfEverything(t, app, 'Bob');
    routes = operationsOf(t.app).filter((operation) => operation.pathParams.length > 0);
  });
  afterAll(async () => {
    await t.close();
    await rm(releases, { recursive: true, force: true });
  });

  /** What A sees of everything A owns. */
  async function aliceSees() {
    const as = (url: string, token = alice.browser.token) =>
      t.api.get(url, token, { 'x-device-id': alice.browser.deviceId }).then((res) => ({ status: res.status, body: res.body }));
    return {
      lists: await as('/api/lists'),
      items: await as(`/api/lists/${alice.list.id}/items`),
      export: await as(`/api/lists/${alice.list.id}/export?format=text`),
      sharing: await as(`/api/lists/${alice.list.id}/sharing`),
      devices: await as('/api/devices'),
      tokens: await as('/api/tokens'),
      audit: await as('/api/devices/audit'),
      machine: await as('/api/agent/me', alice.credential),
      account: await as('/api/account'),
      installations: await as('/api/installations'),
      installation: await as(`/api/installations/${alice.installation.id}`),
      ownApps: await as('/api/own-apps'),
    };
  }

  function aliceRequest(operation: Operation) {
    const params: Record<string, string | number> = {};
    for (const { name } of operation.pathParams) {
      const id = ownIdFor(operation.path, alice, app, name);
      if (id === undefined)
        throw new Error(`${operation.key}: which of A's ids goes in {${name}}? Add its path to ownIdFor (helpers/resources.ts).`);
      params[name] = id;
    }
    const hints = {
      appId: app.app_id,
      appIds: [app.app_id],
      name: 'Renamed by someone else',
      deviceName: 'Renamed by someone else',
      isAdmin: true,
      // An own app needs a package id; promoting one, a category.
      apt_package: 'renamed-by-someone',
      category: app.category,
      // Sharing stays on, so that the shared list's routes still find it after A's own change.
      visibility: 'unlisted',
      // A pin (PUT /api/lists/{id}/items/{appId}/pin): a version that passes the grammar.
      version: '1.0',
      query: 'firefox',
      // A webhook endpoint's change: its description.
      description: 'Changed by someone else',
    };
    const body = operation.body ? exampleOf(operation.body, hints) : undefined;
    const query = operation.queryParams
      .filter((parameter) => parameter.required)
      .map((parameter) => `${parameter.name}=${encodeURIComponent(String(exampleOf(parameter.schema, hints, parameter.name)))}`);
    const url = urlOf(operation, params) + (query.length > 0 ? `?${query.join('&')}` : '');
    return { method: operation.method, url, payload: body === undefined ? undefined : JSON.stringify(body) };
  }

  async function call(operation: Operation, as: { token: string; deviceId: string } | null): Promise<Call> {
    const { method, url, payload } = aliceRequest(operation);
    const headers: Record<string, string> = payload === undefined ? {} : { 'content-type': 'application/json' };
    if (as) headers['x-device-id'] = as.deviceId;
    const res = await t.api.request<ApiError>({ method, url, payload, headers, token: as?.token ?? null });
    return { status: res.status, body: res.body };
  }

  it('finds the routes with an id in the app, and knows each of them', () => {
    expect(routes.map((route) => route.key)).toEqual(
      expect.arrayContaining([
        'DELETE /api/lists/{id}',
        'PUT /api/devices/{id}/name',
        'DELETE /api/device-tokens/{id}',
        'PUT /api/lists/{id}/sharing',
        'PUT /api/lists/{id}/items/{appId}/pin',
        'DELETE /api/lists/{id}/items/{appId}/pin',
      ]),
    );
    for (const route of routes) expect(() => aliceRequest(route)).not.toThrow();
    for (const key of Object.keys(NOT_USER_OWNED)) expect(routes.map((route) => route.key)).toContain(key);
  });

  it("answers B with 404 (403 for admin routes) and no one with 401, and leaves A's rows alone", async () => {
    const before = await aliceSees();
    const wrong: string[] = [];
    for (const route of routes.filter((candidate) => !(candidate.key in NOT_USER_OWNED))) {
      const asBob = await call(route, bob.browser);
      const expected = route.adminOnly ? { status: 403, code: /^FORBIDDEN$/ } : { status: 404, code: /NOT_FOUND$/ };
      if (asBob.status !== expected.status || !expected.code.test(asBob.body.code))
        wrong.push(`${route.key} as B: ${asBob.status} ${JSON.stringify(asBob.body)}`);
      const asNoOne = await call(route, null);
      if (asNoOne.status !== 401) wrong.push(`${route.key} as no one: ${asNoOne.status} ${JSON.stringify(asNoOne.body)}`);
    }
    expect(wrong).toEqual([]);
    expect(await aliceSees()).toEqual(before);
  });

  it('reaches the rows for A, so that the 404s above are about who asks', async () => {
    // Deletions last, deepest first: each call must still find its row.
    const depth = (route: Operation) => route.path.split('/').length;
    const ordered = [...routes].sort(
      (a, b) =>
        Number(a.method === 'DELETE') - Number(b.method === 'DELETE') || Number(a.adminOnly) - Number(b.adminOnly) || depth(b) - depth(a),
    );
    const missed: string[] = [];
    for (const route of ordered) {
      const res = route.adminOnly
        ? await call(route, { token: admin.token, deviceId: alice.browser.deviceId })
        : await call(route, alice.browser);
      // A refusal on the merits (409 still active, not empty) is fine; not finding it, or a malformed request, is not.
      if ([401, 403, 404].includes(res.status) || res.body.code === 'VALIDATION_ERROR' || res.status >= 500)
        missed.push(`${route.key}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(missed).toEqual([]);
  });

  it("does not let A's other sign-ins act as A's admin device by naming it in X-Device-ID (API keys: device-identity.test.ts)", async () => {
    const before = await aliceSees();
    const elsewhere = await unregisteredBrowser(t, alice.browser);
    const deviceAdmin = routes.filter(
      (route) => route.path.startsWith('/api/devices/{id}') && route.method !== 'GET' && route.key !== 'PUT /api/devices/{id}/name',
    );
    expect(deviceAdmin.map((route) => route.key)).toEqual(expect.arrayContaining(['POST /api/devices/{id}/admin-status']));
    const wrong: string[] = [];
    for (const route of deviceAdmin.filter((candidate) => /admin-status|uninstall|force-delete/.test(candidate.key))) {
      const asOther = await call(route, { token: elsewhere.token, deviceId: alice.browser.deviceId });
      if (asOther.status !== 403 || asOther.body.code !== 'NOT_ADMIN_DEVICE')
        wrong.push(`${route.key} as another sign-in: ${asOther.status} ${JSON.stringify(asOther.body)}`);
    }
    expect(wrong).toEqual([]);
    expect(await aliceSees()).toEqual(before);
  });
});
