import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { InventoryRefreshResponse, ListStatus, ListStatusSummary } from '@shared/api/installations';

import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import { registerUser, type ApiError } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A user's list of hello, cowsay, sl (apt) and a Windows-only app, installed onto one enrolled Linux machine. */
async function world(t: TestApp, admin: Browser) {
  const owner = await adminBrowser(t);
  await setPlan(t, owner.user.user.id, 'premium');
  const packages = [{ apt_package: 'hello' }, { apt_package: 'cowsay' }, { apt_package: 'sl' }, { winget_id: 'Example.WindowsOnly' }];
  const apps = await catalogueOf(
    t,
    (await signInAgain(t, admin)).token,
    packages.length,
    `Status ${Math.random().toString(36).slice(2, 7)}`,
    (i) => packages[i - 1] ?? {},
  );
  const list = (await listsOf(t, owner.token).create('Workstation')).body;
  for (const app of apps) await listsOf(t, owner.token).add(list.id, app.app_id);
  const machine = await enrollMachine(t, owner);
  return { owner, apps, list, machine, ...statusOf(t, owner.token) };
}

function statusOf(t: TestApp, token: string) {
  return {
    status: (listId: string) => t.api.get<ListStatus & ApiError>(`/api/lists/${listId}/status`, token),
    checkNow: (deviceId: string) =>
      t.api.post<InventoryRefreshResponse & ApiError>(`/api/devices/${deviceId}/inventory/refresh`, undefined, token),
  };
}

/** Each app's state on the first device, by app name. */
function states(status: ListStatus) {
  return Object.fromEntries((status.devices[0]?.apps ?? []).map((app) => [app.name, app]));
}

describe("a list's status on its devices, and Check now", () => {
  let t: TestApp;
  let url: string;
  let admin: Browser;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
    admin = await adminBrowser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows installed, outdated, missing and unknown from the inventory, and Check now brings a fresh one', async () => {
    const { owner, apps, list, machine, status, checkNow } = await world(t, admin);
    const [hello, cowsay, sl, windowsOnly] = apps.map((app) => app.name);
    // Not installed anywhere yet: no device has the list.
    expect((await status(list.id)).body).toMatchObject({ listId: list.id, listName: 'Workstation', devices: [] });

    const created = await installationsOf(t, owner.token).create({ listId: list.id, deviceIds: [machine.deviceId] });
    expect(created.status).toBe(201);
    const before = (await status(list.id)).body;
    expect(before.devices).toHaveLength(1);
    expect(before.devices[0]).toMatchObject({
      deviceId: machine.deviceId,
      deviceName: 'Build server',
      online: false,
      inventoryCheckedAt: null,
    });
    expect(states(before)[hello!]).toMatchObject({ state: 'unknown', unknownReason: 'no_inventory' });
    expect(states(before)[windowsOnly!]).toMatchObject({ state: 'unknown', unknownReason: 'not_available' });

    const agent = await ProtocolAgent.connect(url, machine.credential);
    await agent.next('inventory.request');
    agent.send({
      type: 'inventory',
      packages: [
        { manager: 'apt', id: 'hello', installedVersion: '2.10-2', availableVersion: '2.10-3' },
        { manager: 'apt', id: 'cowsay', installedVersion: '3.03', availableVersion: null },
      ],
    });
    const reported = (
      await eventually(
        () => status(list.id),
        (res) => res.body.devices[0]?.inventoryCheckedAt !== null,
        'the inventory',
      )
    ).body;
    expect(reported.devices[0]?.online).toBe(true);
    expect(states(reported)).toEqual({
      [hello!]: {
        appId: apps[0]!.app_id,
        name: hello,
        state: 'outdated',
        manager: 'apt',
        installedVersion: '2.10-2',
        availableVersion: '2.10-3',
        unknownReason: null,
      },
      [cowsay!]: {
        appId: apps[1]!.app_id,
        name: cowsay,
        state: 'installed',
        manager: 'apt',
        installedVersion: '3.03',
        availableVersion: null,
        unknownReason: null,
      },
      [sl!]: {
        appId: apps[2]!.app_id,
        name: sl,
        state: 'missing',
        manager: null,
        installedVersion: null,
        availableVersion: null,
        unknownReason: null,
      },
      [windowsOnly!]: {
        appId: apps[3]!.app_id,
        name: windowsOnly,
        state: 'unknown',
        manager: null,
        installedVersion: null,
        availableVersion: null,
        unknownReason: 'not_available',
      },
    });
    // At a glance, for the list cards: the same counts; a second, empty list of the owner is on no device.
    const second = (await listsOf(t, owner.token).create('Spare')).body;
    const glance = await t.api.get<ListStatusSummary & ApiError>('/api/lists/status', owner.token);
    expect(glance.status).toBe(200);
    // Oldest first, but the test clock stands still: both were made at one instant.
    expect(glance.body.lists).toHaveLength(2);
    expect(glance.body.lists).toEqual(
      expect.arrayContaining([
        { listId: list.id, devices: 1, installed: 1, outdated: 1, missing: 1, unchecked: 0 },
        { listId: second.id, devices: 0, installed: 0, outdated: 0, missing: 0, unchecked: 0 },
      ]),
    );
    // Once "Spare" holds sl and cowsay and is installed onto this machine and onto one that never
    // reported, each list counts its own apps on its own devices.
    await listsOf(t, owner.token).add(second.id, apps[2]!.app_id);
    await listsOf(t, owner.token).add(second.id, apps[1]!.app_id);
    const silent = await enrollMachine(t, owner, 'Silent box');
    expect(
      (await installationsOf(t, owner.token).create({ listId: second.id, deviceIds: [machine.deviceId, silent.deviceId] })).status,
    ).toBe(201);
    const both = await t.api.get<ListStatusSummary>('/api/lists/status', owner.token);
    expect(both.body.lists).toEqual(
      expect.arrayContaining([
        { listId: list.id, devices: 1, installed: 1, outdated: 1, missing: 1, unchecked: 0 },
        { listId: second.id, devices: 2, installed: 1, outdated: 0, missing: 1, unchecked: 2 },
      ]),
    );
    // Another user's glance holds only their own lists.
    const stranger = await adminBrowser(t);
    expect((await t.api.get<ListStatusSummary>('/api/lists/status', stranger.token)).body.lists).toEqual([]);

    // The installation preview reads the inventory the same way.
    const preview = await installationsOf(t, owner.token).preview({ listId: list.id, deviceIds: [machine.deviceId] });
    expect(preview.body.devices[0]?.items.map((item) => item.action)).toEqual([
      'already_installed',
      'already_installed',
      'install',
      'unavailable',
    ]);

    // Check now reaches the connected agent, asking it to refresh its managers' indexes first
    // (a version published since its last apt-get update is then seen), and its answer moves the status.
    const asked = await checkNow(machine.deviceId);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ success: true, requested: true });
    const request = await agent.next('inventory.request');
    expect(request.packages).toContainEqual({ manager: 'apt', id: 'sl' });
    expect(request.refresh).toBe(true);
    agent.send({
      type: 'inventory',
      packages: [
        { manager: 'apt', id: 'hello', installedVersion: '2.10-3', availableVersion: null },
        { manager: 'apt', id: 'sl', installedVersion: '5.02', availableVersion: null },
      ],
    });
    const after = (
      await eventually(
        () => status(list.id),
        (res) => states(res.body)[sl!]?.state === 'installed',
        'the fresh inventory',
      )
    ).body;
    expect(states(after)[hello!]).toMatchObject({ state: 'installed', installedVersion: '2.10-3', availableVersion: null });
    expect(states(after)[cowsay!]).toMatchObject({ state: 'missing' });

    // Once per device per 30 s: the scan it starts is not free.
    expect((await checkNow(machine.deviceId)).body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(agent.received.filter((message) => message.type === 'inventory.request')).toEqual([]);
    t.clock.advance(31_000);
    expect((await checkNow(machine.deviceId)).status).toBe(202);
    await agent.next('inventory.request');

    // Offline: nothing to ask; the agent checks when it connects.
    await agent.close();
    const offline = await eventually(
      () => checkNow(machine.deviceId),
      (res) => res.status === 409,
      'Check now to say offline',
    );
    expect(offline.body).toMatchObject({ code: 'DEVICE_OFFLINE', message: 'Build server is offline: it checks its apps when it connects' });
    expect((await status(list.id)).body.devices[0]?.online).toBe(false);
  });

  it('asks only enrolled machines, and answers another user 404 for the list and the device', async () => {
    const { owner, list, machine, status, checkNow } = await world(t, admin);
    const browserDevice = await checkNow(owner.deviceId);
    expect(browserDevice.status).toBe(400);
    expect(browserDevice.body.code).toBe('DEVICE_NOT_ELIGIBLE');

    const stranger = await registerUser(t.api);
    const theirs = statusOf(t, stranger.token);
    expect((await theirs.status(list.id)).body).toMatchObject({ code: 'LIST_NOT_FOUND' });
    expect((await theirs.status(list.id)).status).toBe(404);
    const refused = await theirs.checkNow(machine.deviceId);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('DEVICE_NOT_FOUND');
    expect((await status(list.id)).status).toBe(200);
  });

  it('leaves out devices the list was never installed onto', async () => {
    const { owner, list, machine, status } = await world(t, admin);
    await enrollMachine(t, owner, 'Other machine');
    await installationsOf(t, owner.token).create({ listId: list.id, deviceIds: [machine.deviceId] });
    expect((await status(list.id)).body.devices.map((device) => device.deviceId)).toEqual([machine.deviceId]);
  });
});
