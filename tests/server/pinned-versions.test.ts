import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';
import type { ListItem } from '@shared/api/lists';

import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Every shape of a version that a package manager could read as an option, a pattern or shell syntax. */
const ABUSIVE_VERSIONS = [
  '',
  '-o x',
  '-1.0',
  '--allow-unauthenticated',
  '1.0 ; rm -rf /',
  '$(x)',
  '`x`',
  '1.0\nrm',
  '*',
  '1.*',
  '=x',
  '1.0=2',
  '1.0/stable',
  ' 1.0',
  '1.0 ',
  '1.0|x',
  "1.0'",
  '.1',
  'a'.repeat(65),
];

describe('pinned versions', () => {
  let t: TestApp;
  let url: string;
  let admin: Browser;
  let owner: Browser;
  let hello: App;
  let cowsay: App;

  const pins = (browser: Browser) => ({
    pin: (listId: string, appId: number, body: unknown) =>
      t.api.put<ListItem & ApiError>(`/api/lists/${listId}/items/${appId}/pin`, body, browser.token),
    unpin: (listId: string, appId: number) => t.api.delete<ListItem & ApiError>(`/api/lists/${listId}/items/${appId}/pin`, browser.token),
  });

  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
    admin = await adminBrowser(t);
    owner = await adminBrowser(t);
    await setPlan(t, owner.user.user.id, 'annual-premium');
    const apps = await catalogueOf(t, (await signInAgain(t, admin)).token, 2, 'Pinnable', (i) =>
      i === 1 ? { apt_package: 'hello' } : { apt_package: 'cowsay' },
    );
    if (!apps[0] || !apps[1]) throw new Error('no apps');
    [hello, cowsay] = [apps[0], apps[1]];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sets and clears a pin on a list item, for its owner only', async () => {
    const lists = listsOf(t, owner.token);
    const list = (await lists.create('Pinned')).body;
    await lists.add(list.id, hello.app_id);
    await lists.add(list.id, cowsay.app_id);
    expect((await lists.items(list.id)).body.items.map((item) => item.pinnedVersion)).toEqual([null, null]);

    const pinned = await pins(owner).pin(list.id, hello.app_id, { version: '1:2.10-2~rc1' });
    expect(pinned.status).toBe(200);
    expect(pinned.body).toMatchObject({ app_id: hello.app_id, pinnedVersion: '1:2.10-2~rc1' });
    expect((await lists.items(list.id)).body.items.map((item) => [item.app_id, item.pinnedVersion])).toEqual([
      [hello.app_id, '1:2.10-2~rc1'],
      [cowsay.app_id, null],
    ]);

    // Another user: the list is not found, and the pin stays as it was.
    const other = await adminBrowser(t);
    const foreign = await pins(other).pin(list.id, hello.app_id, { version: '9.9' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ code: 'LIST_NOT_FOUND', message: 'List not found' });
    expect((await pins(other).unpin(list.id, hello.app_id)).body.code).toBe('LIST_NOT_FOUND');
    expect((await t.api.put(`/api/lists/${list.id}/items/${hello.app_id}/pin`, { version: '9.9' })).status).toBe(401);
    // An app that is not in the list.
    const absent = await pins(owner).pin(list.id, 999_999, { version: '1.0' });
    expect(absent.status).toBe(404);
    expect(absent.body).toEqual({ code: 'APP_NOT_FOUND', message: 'This app is not in the list' });
    expect((await lists.items(list.id)).body.items[0]?.pinnedVersion).toBe('1:2.10-2~rc1');

    const cleared = await pins(owner).unpin(list.id, hello.app_id);
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ app_id: hello.app_id, pinnedVersion: null });
    expect((await lists.items(list.id)).body.items.map((item) => item.pinnedVersion)).toEqual([null, null]);
  });

  it('refuses every abusive version with 400 and a field message, and stores nothing', async () => {
    const lists = listsOf(t, owner.token);
    const list = (await lists.create('Abuse')).body;
    await lists.add(list.id, hello.app_id);
    for (const version of ABUSIVE_VERSIONS) {
      const res = await pins(owner).pin(list.id, hello.app_id, { version });
      expect(res.status, JSON.stringify(version)).toBe(400);
      expect(res.body.code, JSON.stringify(version)).toBe('VALIDATION_ERROR');
      expect(res.body.details?.version, JSON.stringify(version)).toMatch(/^(Not a valid version|Version is required)/);
    }
    for (const body of [{}, { version: 12 }, { version: null }, { version: ['1.0'] }]) {
      const res = await pins(owner).pin(list.id, hello.app_id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    const after = await lists.items(list.id);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body.items[0]?.pinnedVersion).toBeNull();
  });

  it('installs ask for the pin; "Update all", update policies and the updates data leave a pinned app alone; keep in sync sends the pin', async () => {
    const owner2 = await adminBrowser(t);
    await setPlan(t, owner2.user.user.id, 'annual-premium');
    const lists = listsOf(t, owner2.token);
    const installs = installationsOf(t, owner2.token);
    const list = (await lists.create('Workstation')).body;
    await lists.add(list.id, hello.app_id);
    await lists.add(list.id, cowsay.app_id);
    expect((await pins(owner2).pin(list.id, hello.app_id, { version: '2.10-2' })).status).toBe(200);
    const machine = await enrollMachine(t, owner2, 'Pinned box');
    const agent = await ProtocolAgent.connect(url, machine.credential);
    try {
      // An install of the list: the pinned app's item carries its version, the other none.
      const installed = await installs.create({ listId: list.id, deviceIds: [machine.deviceId] });
      expect(installed.status).toBe(201);
      const { job } = await agent.next('job.assign', (message) => message.job.installationId === installed.body.id);
      expect(job.kind).toBe('install');
      expect(job.items.map((item) => [item.appId, item.pinnedVersion])).toEqual([
        [hello.app_id, '2.10-2'],
        [cowsay.app_id, undefined],
      ]);
      await installs.cancel(installed.body.id);

      // The machine reports both out of date.
      await agent.next('inventory.request');
      agent.send({
        type: 'inventory',
        packages: [
          { manager: 'apt', id: 'hello', installedVersion: '2.10-2', availableVersion: '2.10-3' },
          { manager: 'apt', id: 'cowsay', installedVersion: '3.03+dfsg2-7', availableVersion: '3.03+dfsg2-8' },
        ],
      });
      const inventory = await eventually(
        () => installs.inventory(machine.deviceId),
        (res) => res.body.apps?.length === 2,
        'the inventory to be stored',
      );
      expect(inventory.body.apps.map((app) => [app.name, app.availableVersion, app.pinnedVersion])).toEqual([
        [hello.name, '2.10-3', '2.10-2'],
        [cowsay.name, '3.03+dfsg2-8', null],
      ]);

      // The list's status: the pinned app is where it should be, the other out of date.
      const status = await t.api.get<ApiError & { devices: Array<{ apps: Array<{ appId: number; state: string }> }> }>(
        `/api/lists/${list.id}/status`,
        owner2.token,
      );
      expect(status.status, JSON.stringify(status.body)).toBe(200);
      expect(status.body.devices[0]?.apps.map((app) => [app.appId, app.state])).toEqual([
        [hello.app_id, 'installed'],
        [cowsay.app_id, 'outdated'],
      ]);

      // The bell tells of the unpinned app's update only.
      const notice = await eventually(
        () => t.api.get<{ notifications: Array<{ kind: string; body: string }> } & ApiError>('/api/notifications', owner2.token),
        (res) => res.body.notifications?.some((entry) => entry.kind === 'updates_available') ?? false,
        'the update notice',
      );
      expect(notice.body.notifications.filter((entry) => entry.kind === 'updates_available').map((entry) => entry.body)).toEqual([
        `${cowsay.name}: 3.03+dfsg2-7 → 3.03+dfsg2-8`,
      ]);

      // "Update all" asks for both: the pinned one is skipped with the reason people read, and never sent.
      const updateAll = await installs.create({ appIds: [hello.app_id, cowsay.app_id], deviceIds: [machine.deviceId], kind: 'upgrade' });
      expect(updateAll.status).toBe(201);
      const items = updateAll.body.targets[0]?.items ?? [];
      expect(items.map((item) => [item.appId, item.status, item.message])).toEqual([
        [hello.app_id, 'skipped', 'Pinned at 2.10-2'],
        [cowsay.app_id, 'queued', null],
      ]);
      const upgrade = await agent.next('job.assign', (message) => message.job.installationId === updateAll.body.id);
      expect(upgrade.job.items.map((item) => item.appId)).toEqual([cowsay.app_id]);
      await installs.cancel(updateAll.body.id);

      // A policy of the list: only the unpinned app is planned.
      t.clock.set(new Date('2026-05-01T00:00:00.000Z'));
      await signInAgain(t, owner2).then((again) => (owner2.token = again.token));
      const policy = await t.api.post<ApiError & { id: string; nextWindow: { opensAt: string } }>(
        '/api/update-policies',
        { listId: list.id, cadence: 'daily', time: '03:00', timeZone: 'UTC' },
        owner2.token,
      );
      expect(policy.status, JSON.stringify(policy.body)).toBe(201);
      t.clock.set(new Date(policy.body.nextWindow.opensAt));
      expect(await t.app.services.policyRunner.openWindows()).toBeGreaterThanOrEqual(1);
      const scheduled = await agent.next(
        'job.assign',
        (message) => message.job.kind === 'upgrade' && message.job.installationId !== updateAll.body.id,
      );
      expect(scheduled.job.items.map((item) => item.appId)).toEqual([cowsay.app_id]);
      await t.app.ctx.db.deleteFrom('update_policies').execute();

      // Unpinned: updates move it again.
      await signInAgain(t, owner2).then((again) => (owner2.token = again.token));
      expect((await pins(owner2).unpin(list.id, hello.app_id)).body.pinnedVersion).toBeNull();
      const again = await installationsOf(t, owner2.token).create({
        appIds: [hello.app_id],
        deviceIds: [machine.deviceId],
        kind: 'upgrade',
      });
      expect(again.body.targets[0]?.items.map((item) => [item.status, item.message])).toEqual([['queued', null]]);
    } finally {
      await agent.close();
    }
  });

  it('keep in sync installs a pinned app at its pin', async () => {
    const owner3 = await adminBrowser(t);
    await setPlan(t, owner3.user.user.id, 'annual-premium');
    const lists = listsOf(t, owner3.token);
    const list = (await lists.create('Followed')).body;
    await lists.add(list.id, hello.app_id);
    await lists.add(list.id, cowsay.app_id);
    await pins(owner3).pin(list.id, hello.app_id, { version: '2.10-2' });
    const machine = await enrollMachine(t, owner3, 'Follower');
    const agent = await ProtocolAgent.connect(url, machine.credential);
    try {
      const followed = await t.api.put<ApiError>(`/api/lists/${list.id}/followers/${machine.deviceId}`, {}, owner3.token);
      expect(followed.status, JSON.stringify(followed.body)).toBe(200);
      const { job } = await agent.next('job.assign');
      expect(job.items.map((item) => [item.appId, item.pinnedVersion])).toEqual([
        [hello.app_id, '2.10-2'],
        [cowsay.app_id, undefined],
      ]);
    } finally {
      await agent.close();
    }
  });
});
