import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ServerMessage } from '@shared/agent/protocol';
import type { FollowedListsResponse, FollowListResponse, ListFollowersResponse } from '@shared/api/list-sync';
import { HOUR_MS, MINUTE_MS } from '@shared/time';

import { installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, devicesOf, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

type Job = Extract<ServerMessage, { type: 'job.assign' }>['job'];

/** One user's calls of keep in sync. */
function syncOf(t: TestApp, token: string) {
  return {
    followers: (listId: string) => t.api.get<ListFollowersResponse & ApiError>(`/api/lists/${listId}/followers`, token),
    follow: (listId: string, deviceId: string, uninstallRemoved?: boolean) =>
      t.api.put<FollowListResponse & ApiError>(
        `/api/lists/${listId}/followers/${deviceId}`,
        uninstallRemoved === undefined ? {} : { uninstallRemoved },
        token,
      ),
    unfollow: (listId: string, deviceId: string) => t.api.delete<ApiError>(`/api/lists/${listId}/followers/${deviceId}`, token),
    followedLists: (deviceId: string) => t.api.get<FollowedListsResponse & ApiError>(`/api/devices/${deviceId}/followed-lists`, token),
  };
}

/** A premium user with a Workstation list (hello, cowsay), two more apt apps in the catalogue, and one enrolled Linux machine. */
async function world(t: TestApp, admin: Browser) {
  const owner = await adminBrowser(t);
  await setPlan(t, owner.user.user.id, 'premium');
  const packages = ['hello', 'cowsay', 'sl', 'figlet'];
  const apps = await catalogueOf(
    t,
    (await signInAgain(t, admin)).token,
    packages.length,
    `Sync ${Math.random().toString(36).slice(2, 7)}`,
    (i) => ({ apt_package: packages[i - 1] ?? 'hello' }),
  );
  const [hello, cowsay, sl, figlet] = apps as [(typeof apps)[0], (typeof apps)[0], (typeof apps)[0], (typeof apps)[0]];
  const lists = listsOf(t, owner.token);
  const list = (await lists.create('Workstation')).body;
  for (const app of [hello, cowsay]) expect((await lists.add(list.id, app.app_id)).status).toBe(201);
  const machine = await enrollMachine(t, owner);
  return {
    owner,
    list,
    machine,
    hello,
    cowsay,
    sl,
    figlet,
    lists,
    sync: syncOf(t, owner.token),
    installs: installationsOf(t, owner.token),
  };
}

/** The job of one installation, acknowledged and finished so that the next one is plainly the next. */
async function takeJob(agent: ProtocolAgent, installationId?: string): Promise<Job> {
  const { job } = await agent.next(
    'job.assign',
    (message) => installationId === undefined || message.job.installationId === installationId,
  );
  agent.send({ type: 'job.ack', jobId: job.jobId });
  for (const item of job.items) {
    agent.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId: item.itemId,
      status: 'succeeded',
      manager: 'apt',
      version: '1.0',
      exitCode: 0,
      message: '',
      log: '',
    });
  }
  agent.send({ type: 'job.done', jobId: job.jobId });
  return job;
}

describe('keep in sync: a device follows a list', () => {
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

  it('installs the list when it starts, sends apps added later, and uninstalls removed ones only when asked', async () => {
    const { owner, list, machine, hello, cowsay, sl, figlet, lists, sync, installs } = await world(t, admin);
    const agent = await ProtocolAgent.connect(url, machine.credential);
    try {
      expect((await sync.followers(list.id)).body).toEqual({ listId: list.id, followers: [] });

      // Following installs the whole list there, at once.
      const followed = await sync.follow(list.id, machine.deviceId);
      expect(followed.status).toBe(200);
      expect(followed.body.follower).toMatchObject({
        deviceId: machine.deviceId,
        deviceName: 'Build server',
        platform: 'linux',
        uninstallRemoved: false,
      });
      expect(followed.body.installationId).toEqual(expect.any(String));
      const first = await takeJob(agent, followed.body.installationId!);
      expect(first.kind).toBe('install');
      expect(first.items.map((item) => item.appId)).toEqual([hello.app_id, cowsay.app_id]);
      expect((await sync.followers(list.id)).body.followers.map((follower) => follower.deviceId)).toEqual([machine.deviceId]);
      expect((await sync.followedLists(machine.deviceId)).body).toEqual({
        lists: [{ listId: list.id, listName: 'Workstation', uninstallRemoved: false }],
      });

      // Following again changes nothing and installs nothing.
      const again = await sync.follow(list.id, machine.deviceId, false);
      expect(again.status).toBe(200);
      expect(again.body.installationId).toBeNull();

      // An app added later reaches the agent by itself: an install of that one app.
      expect((await lists.add(list.id, sl.app_id)).status).toBe(201);
      const added = await takeJob(agent);
      expect(added.kind).toBe('install');
      expect(added.items.map((item) => ({ appId: item.appId, apt: item.packages.apt_package }))).toEqual([{ appId: sl.app_id, apt: 'sl' }]);
      const record = (await installs.get(added.installationId)).body;
      expect(record).toMatchObject({ kind: 'install', listId: list.id, listName: 'Workstation' });
      const audit = (await devicesOf(t, owner).audit()).body.events;
      expect(audit.find((event) => event.detail?.includes(added.installationId))?.detail).toBe(
        `install 1 apps (${added.installationId}), to keep Workstation in sync`,
      );

      // Removed without the option: nothing is uninstalled.
      expect((await lists.drop(list.id, sl.app_id)).status).toBe(200);
      // With the option (no new install for a device that already follows), a removal is uninstalled.
      const option = await sync.follow(list.id, machine.deviceId, true);
      expect(option.body).toMatchObject({ follower: { uninstallRemoved: true }, installationId: null });
      expect((await lists.drop(list.id, cowsay.app_id)).status).toBe(200);
      const removal = await takeJob(agent);
      // The socket keeps order: an uninstall of sl would have come first.
      expect(removal.kind).toBe('uninstall');
      expect(removal.items.map((item) => item.appId)).toEqual([cowsay.app_id]);

      // Stopped following: a later addition stays on the list only.
      expect((await sync.unfollow(list.id, machine.deviceId)).body).toEqual({ success: true });
      expect((await sync.followers(list.id)).body.followers).toEqual([]);
      const before = (await installs.list()).body.installations.length;
      expect((await lists.add(list.id, figlet.app_id)).status).toBe(201);
      expect((await installs.list()).body.installations).toHaveLength(before);
      expect(agent.received.filter((message) => message.type === 'job.assign')).toEqual([]);
      // Unfollowing twice is fine.
      expect((await sync.unfollow(list.id, machine.deviceId)).status).toBe(200);
    } finally {
      await agent.close();
    }
  });

  it('creates nothing for a list no device follows, and waits for an offline machine as usual', async () => {
    const { list, machine, sl, lists, sync, installs } = await world(t, admin);
    const other = (await lists.create('Not followed')).body;
    const before = (await installs.list()).body.installations.length;
    expect((await lists.add(other.id, sl.app_id)).status).toBe(201);
    expect((await installs.list()).body.installations).toHaveLength(before);

    // Offline: following still creates the installation; the agent gets it when it connects.
    const followed = await sync.follow(list.id, machine.deviceId, false);
    expect(followed.status).toBe(200);
    expect((await installs.get(followed.body.installationId!)).body.targets[0]).toMatchObject({ status: 'waiting' });
    expect((await lists.add(list.id, sl.app_id)).status).toBe(201);
    const agent = await ProtocolAgent.connect(url, machine.credential);
    try {
      const jobs = [await takeJob(agent), await takeJob(agent)];
      expect(jobs.map((job) => job.items.map((item) => item.appId).length).sort()).toEqual([1, 2]);
      expect(jobs.find((job) => job.items.length === 1)?.items[0]?.appId).toBe(sl.app_id);
    } finally {
      await agent.close();
    }
  });

  it("answers 404 for another user's list or device, and refuses a machine that cannot receive installations", async () => {
    const alice = await world(t, admin);
    const bob = await world(t, admin);
    const asBob = bob.sync;
    const theirList = await asBob.follow(alice.list.id, bob.machine.deviceId);
    expect(theirList.status).toBe(404);
    expect(theirList.body).toMatchObject({ code: 'LIST_NOT_FOUND', message: 'List not found' });
    const theirDevice = await asBob.follow(bob.list.id, alice.machine.deviceId);
    expect(theirDevice.status).toBe(404);
    expect(theirDevice.body).toMatchObject({ code: 'DEVICE_NOT_FOUND', message: 'Device not found' });
    expect((await asBob.followers(alice.list.id)).status).toBe(404);
    expect((await asBob.unfollow(alice.list.id, alice.machine.deviceId)).status).toBe(404);
    expect((await asBob.unfollow(bob.list.id, alice.machine.deviceId)).body.code).toBe('DEVICE_NOT_FOUND');
    expect((await asBob.followedLists(alice.machine.deviceId)).body.code).toBe('DEVICE_NOT_FOUND');
    expect((await alice.sync.followers(alice.list.id)).body.followers).toEqual([]);

    // A browser is not an installation target.
    const browser = await alice.sync.follow(alice.list.id, alice.owner.deviceId);
    expect(browser.status).toBe(400);
    expect(browser.body.code).toBe('DEVICE_NOT_ELIGIBLE');
    // Bad input is a 4xx with a code.
    const bad = await t.api.put<ApiError>(
      `/api/lists/${alice.list.id}/followers/${alice.machine.deviceId}`,
      { uninstallRemoved: 'yes' },
      alice.owner.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect((await t.api.get<ApiError>(`/api/lists/${alice.list.id}/followers`, null)).status).toBe(401);
  });

  it('refuses a read-only list, and a followed list that became read-only does not sync', async () => {
    const { owner, list, machine, cowsay, lists, sync, installs } = await world(t, admin);
    // Lists are ranked by age: the second is the one past the free plan's one list.
    t.clock.advance(MINUTE_MS);
    const second = (await lists.create('Second')).body;
    expect((await lists.add(second.id, cowsay.app_id)).status).toBe(201);
    const followed = await sync.follow(second.id, machine.deviceId, true);
    expect(followed.status).toBe(200);
    expect((await sync.follow(list.id, machine.deviceId, true)).status).toBe(200);

    // Free allows one list: the second becomes read-only.
    await setPlan(t, owner.user.user.id, 'free');
    const refused = await sync.follow(second.id, machine.deviceId, false);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'LIST_READ_ONLY',
      message: "This list is over your plan's limits and is read-only. Remove apps or upgrade to edit it.",
    });
    const before = (await installs.list()).body.installations.length;
    // Removing apps is allowed on a read-only list; it is not carried to the followers.
    expect((await lists.drop(second.id, cowsay.app_id)).status).toBe(200);
    expect((await installs.list()).body.installations).toHaveLength(before);
    // The first list is within the plan and still syncs.
    expect((await lists.drop(list.id, cowsay.app_id)).status).toBe(200);
    const after = (await installs.list()).body.installations;
    expect(after).toHaveLength(before + 1);
    expect(after.filter((installation) => installation.kind === 'uninstall')).toEqual([
      expect.objectContaining({ listId: list.id, listName: 'Workstation' }),
    ]);
  });

  it('ends the follow when the list is deleted or the machine deactivated', async () => {
    const { owner, list, machine, lists, sync } = await world(t, admin);
    const other = (await lists.create('Other')).body;
    expect((await sync.follow(list.id, machine.deviceId)).status).toBe(200);
    expect((await sync.follow(other.id, machine.deviceId)).status).toBe(200);
    expect((await sync.followedLists(machine.deviceId)).body.lists.map((entry) => entry.listName)).toEqual(['Other', 'Workstation']);

    expect((await lists.remove(other.id)).status).toBe(200);
    expect((await sync.followedLists(machine.deviceId)).body.lists.map((entry) => entry.listName)).toEqual(['Workstation']);

    // Past the new-device protection, the admin browser deactivates the machine.
    t.clock.advance(73 * HOUR_MS);
    const again = await signInAgain(t, owner);
    const deactivated = await devicesOf(t, again).deactivate(machine.deviceId);
    expect(deactivated.status).toBe(200);
    expect((await syncOf(t, again.token).followers(list.id)).body.followers).toEqual([]);
    const rows = await t.app.ctx.db.selectFrom('list_followers').selectAll().where('list_id', '=', list.id).execute();
    expect(rows).toEqual([]);
  });

  it('ends the follows with the account', async () => {
    const { owner, list, machine, sync } = await world(t, admin);
    expect((await sync.follow(list.id, machine.deviceId)).status).toBe(200);
    const followsOf = () => t.app.ctx.db.selectFrom('list_followers').selectAll().where('user_id', '=', owner.user.user.id).execute();
    expect(await followsOf()).toHaveLength(1);
    const deleted = await t.api.post<ApiError>('/api/account/delete', { password: owner.user.password }, owner.token, {
      'x-account-action': 'delete',
      'x-device-id': owner.deviceId,
    });
    expect(deleted.status).toBe(200);
    expect(await followsOf()).toEqual([]);
  });
});
