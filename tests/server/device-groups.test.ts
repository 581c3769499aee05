import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { GroupDriftResponse } from '@shared/api/device-groups';
import { HOUR_MS } from '@shared/time';

import { eventually, finishJob, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, devicesOf, enroll, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { groupsOf, world } from './helpers/groups';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('device groups', () => {
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

  it('are Annual Premium: Premium reads none and may not make one', async () => {
    const { groups } = await world(t, admin, 'premium');
    expect((await groups.list()).body).toEqual({ available: false, groups: [] });
    const refused = await groups.create({ name: 'Office' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'PLAN_FEATURE_REQUIRED',
      message: 'Device groups are part of Annual Premium. Upgrade to group your machines.',
    });
  });

  it('are created, renamed and deleted, with one name per account in any case, and 404 for anyone else', async () => {
    const { groups } = await world(t, admin);
    const made = await groups.create({ name: 'Office' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Office', rule: null, memberCount: 0, listCount: 0, members: [], lists: [] });
    expect((await groups.create({ name: ' office ' })).body).toMatchObject({
      code: 'GROUP_EXISTS',
      message: 'A group with this name already exists',
    });
    expect((await groups.create({ name: '' })).status).toBe(400);
    expect((await groups.create({ name: 'Lab', rule: {} })).body).toMatchObject({ code: 'VALIDATION_ERROR' });

    const renamed = await groups.update(made.body.id, { name: 'Front office' });
    expect(renamed.body.name).toBe('Front office');
    expect((await groups.list()).body).toMatchObject({ available: true, groups: [{ name: 'Front office', memberCount: 0 }] });

    const stranger = await world(t, admin);
    for (const response of [
      await stranger.groups.get(made.body.id),
      await stranger.groups.update(made.body.id, { name: 'Mine' }),
      await stranger.groups.remove(made.body.id),
      await stranger.groups.drift(made.body.id),
    ])
      expect(response.body).toMatchObject({ code: 'GROUP_NOT_FOUND', message: 'Group not found' });

    expect((await groups.remove(made.body.id)).body).toEqual({ success: true });
    expect((await groups.get(made.body.id)).status).toBe(404);
    expect((await groups.list()).body.groups).toEqual([]);
  });

  it("installs the group's lists on a machine added by hand, and on every member when a list or an app is added", async () => {
    const { owner, list, hello, cowsay, sl, lists, groups, installs } = await world(t, admin);
    const first = await enrollMachine(t, owner, 'Desk 1');
    const second = await enrollMachine(t, owner, 'Desk 2');
    const agents = [await ProtocolAgent.connect(url, first.credential), await ProtocolAgent.connect(url, second.credential)];
    try {
      const group = (await groups.create({ name: 'Desks' })).body;
      // A member before the group has lists: nothing to install.
      const joined = await groups.addMember(group.id, first.deviceId);
      expect(joined.body.installationIds).toEqual([]);
      expect(joined.body.group.members).toEqual([
        expect.objectContaining({ deviceId: first.deviceId, deviceName: 'Desk 1', source: 'hand', tags: [] }),
      ]);

      // The list goes to every member at once: one installation.
      const attached = await groups.addList(group.id, list.id);
      expect(attached.body.group.lists).toEqual([expect.objectContaining({ listId: list.id, listName: 'Workstation', appCount: 2 })]);
      expect(attached.body.installationIds).toHaveLength(1);
      const job = await finishJob(agents[0]!, attached.body.installationIds[0]);
      expect(job.items.map((item) => item.appId)).toEqual([hello.app_id, cowsay.app_id]);
      const audit = (await devicesOf(t, owner).audit()).body.events;
      expect(audit.find((event) => event.detail?.includes(attached.body.installationIds[0]!))?.detail).toBe(
        `install Workstation (${attached.body.installationIds[0]}), for the group Desks`,
      );

      // A machine that joins later gets the list.
      const late = await groups.addMember(group.id, second.deviceId);
      expect(late.body.installationIds).toHaveLength(1);
      expect((await finishJob(agents[1]!, late.body.installationIds[0])).items.map((item) => item.appId)).toEqual([
        hello.app_id,
        cowsay.app_id,
      ]);

      // An app added to the list: one installation to both members.
      expect((await lists.add(list.id, sl.app_id)).status).toBe(201);
      const jobs = [await finishJob(agents[0]!), await finishJob(agents[1]!)];
      expect(jobs.map((assigned) => assigned.items.map((item) => item.appId))).toEqual([[sl.app_id], [sl.app_id]]);
      expect(jobs[0]!.installationId).toBe(jobs[1]!.installationId);
      expect((await installs.get(jobs[0]!.installationId)).body.targets).toHaveLength(2);

      // The drift view pages its members (neither has reported, so neither has drift: by name).
      const page = await t.api.get<GroupDriftResponse>(`/api/groups/${group.id}/drift?offset=1&limit=1`, owner.token);
      expect(page.body).toMatchObject({ total: 2, offset: 1, machines: [{ deviceName: 'Desk 2', inventoryCheckedAt: null, entries: [] }] });
      expect((await t.api.get<ApiError>(`/api/groups/${group.id}/drift?limit=1000`, owner.token)).body.code).toBe('VALIDATION_ERROR');

      // Removing an app or a member uninstalls nothing.
      expect((await lists.drop(list.id, sl.app_id)).status).toBe(200);
      expect((await groups.removeMember(group.id, second.deviceId)).body.members.map((member) => member.deviceId)).toEqual([
        first.deviceId,
      ]);
      expect((await groups.removeList(group.id, list.id)).body.lists).toEqual([]);
      await t.app.ctx.tasks.flush();
      expect(agents.flatMap((agent) => agent.received.filter((message) => message.type === 'job.assign'))).toEqual([]);
    } finally {
      for (const agent of agents) await agent.close();
    }
  });

  it('refuses a browser, and answers 404 for the machines and lists of anyone else', async () => {
    const alice = await world(t, admin);
    const bob = await world(t, admin);
    const group = (await alice.groups.create({ name: 'Desks' })).body;
    const browser = await alice.groups.addMember(group.id, alice.owner.deviceId);
    expect(browser.status).toBe(400);
    expect(browser.body.code).toBe('DEVICE_NOT_ELIGIBLE');
    const bobs = await enrollMachine(t, bob.owner);
    expect((await alice.groups.addMember(group.id, bobs.deviceId)).body.code).toBe('DEVICE_NOT_FOUND');
    expect((await alice.groups.addList(group.id, bob.list.id)).body.code).toBe('LIST_NOT_FOUND');
    expect((await bob.groups.addMember(group.id, bobs.deviceId)).body.code).toBe('GROUP_NOT_FOUND');
    expect((await bob.groups.deviceDrift(alice.owner.deviceId)).body.code).toBe('DEVICE_NOT_FOUND');
    // A token cannot enrol into another user's group.
    const token = await devicesOf(t, bob.owner).createToken(1, group.id);
    expect(token.body).toMatchObject({ code: 'GROUP_NOT_FOUND' });
  });

  it('takes in the machines its rule matches (platform, name and a tag the agent reports) and lets them go when they no longer do', async () => {
    const { owner, groups } = await world(t, admin);
    const tagged = await enrollMachine(t, owner, 'office-1');
    const untagged = await enrollMachine(t, owner, 'Office-2');
    const elsewhere = await enrollMachine(t, owner, 'home-1');
    const agents = [
      await ProtocolAgent.connect(url, tagged.credential, ['apt'], ['lab']),
      await ProtocolAgent.connect(url, elsewhere.credential, ['apt'], ['lab']),
    ];
    try {
      await t.app.ctx.tasks.flush();
      const group = (await groups.create({ name: 'Lab', rule: { platform: 'linux', namePattern: 'office-*', tag: 'LAB' } })).body;
      expect(group.rule).toEqual({ platform: 'linux', namePattern: 'office-*', tag: 'lab' });
      expect(group.members).toEqual([expect.objectContaining({ deviceId: tagged.deviceId, source: 'rule', tags: ['lab'] })]);

      // The second machine's agent reports the tag: it joins.
      const late = await ProtocolAgent.connect(url, untagged.credential, ['apt'], ['lab', 'second-floor']);
      agents.push(late);
      await t.app.ctx.tasks.flush();
      expect((await groups.get(group.id)).body.members.map((member) => member.deviceName).sort()).toEqual(['Office-2', 'office-1']);

      // A rule member is not taken out by hand.
      const kept = await groups.removeMember(group.id, tagged.deviceId);
      expect(kept.status).toBe(409);
      expect(kept.body).toMatchObject({
        code: 'GROUP_RULE_MEMBER',
        message: "office-1 matches the group's rule, so it stays in the group: change the rule to leave it out",
      });

      // Renamed out of the pattern: it leaves.
      expect((await devicesOf(t, owner).rename(tagged.deviceId, 'reception-1')).status).toBe(200);
      await t.app.ctx.tasks.flush();
      expect((await groups.get(group.id)).body.members.map((member) => member.deviceName)).toEqual(['Office-2']);

      // A new rule: those it brought in and no longer matches leave; a machine added by hand stays.
      expect((await groups.addMember(group.id, elsewhere.deviceId)).body.group.members).toHaveLength(2);
      const changed = await groups.update(group.id, { rule: { tag: 'nowhere' } });
      expect(changed.body.members).toEqual([expect.objectContaining({ deviceName: 'home-1', source: 'hand' })]);
      const dropped = await groups.update(group.id, { rule: null });
      expect(dropped.body.rule).toBeNull();
    } finally {
      for (const agent of agents) await agent.close();
    }
  });

  it("enrols a machine into the group of its token, which installs the group's lists there", async () => {
    const { owner, list, hello, cowsay, groups } = await world(t, admin);
    const group = (await groups.create({ name: 'Kiosks' })).body;
    await groups.addList(group.id, list.id);
    const token = await devicesOf(t, owner).createToken(1, group.id);
    expect(token.status).toBe(201);
    expect(token.body.token).toMatchObject({ groupId: group.id, groupName: 'Kiosks' });
    expect((await devicesOf(t, owner).tokens()).body.tokens[0]).toMatchObject({ groupId: group.id, groupName: 'Kiosks' });

    const enrolled = await enroll(t, token.body.token.code, { deviceName: 'Kiosk 1' });
    expect(enrolled.status).toBe(201);
    await t.app.ctx.tasks.flush();
    expect((await groups.get(group.id)).body.members).toEqual([expect.objectContaining({ deviceName: 'Kiosk 1', source: 'token' })]);
    const agent = await ProtocolAgent.connect(url, enrolled.body.credential);
    try {
      expect((await finishJob(agent)).items.map((item) => item.appId)).toEqual([hello.app_id, cowsay.app_id]);
    } finally {
      await agent.close();
    }
  });

  it('shows drift from the reported inventory (missing, extra, outdated, off its pin, since when) and brings machines back in line', async () => {
    const { owner, list, hello, cowsay, sl, figlet, packages, lists, groups } = await world(t, admin);
    const [helloPackage, cowsayPackage, , figletPackage] = packages as [string, string, string, string];
    const machine = await enrollMachine(t, owner, 'Desk');
    const group = (await groups.create({ name: 'Desks' })).body;
    await groups.addList(group.id, list.id);
    await groups.addMember(group.id, machine.deviceId);
    expect((await t.api.put(`/api/lists/${list.id}/items/${cowsay.app_id}/pin`, { version: '3.03' }, owner.token)).status).toBe(200);
    expect((await lists.add(list.id, sl.app_id)).status).toBe(201);
    await t.app.ctx.tasks.flush();
    // Never reported: no drift known yet.
    expect((await groups.drift(group.id)).body.machines).toEqual([
      expect.objectContaining({ deviceName: 'Desk', inventoryCheckedAt: null, entries: [] }),
    ]);

    const agent = await ProtocolAgent.connect(url, machine.credential);
    try {
      const firstSeen = t.clock.now().toISOString();
      agent.send({
        type: 'inventory',
        packages: [
          { manager: 'apt', id: helloPackage, installedVersion: '2.10-3', availableVersion: '2.12-1' },
          { manager: 'apt', id: cowsayPackage, installedVersion: '3.04', availableVersion: null },
          { manager: 'apt', id: figletPackage, installedVersion: '2.2.5', availableVersion: null },
        ],
      });
      const drift = await eventually(
        async () => (await groups.drift(group.id)).body,
        (body) => body.machines[0]?.entries.length === 4,
        'drift after the inventory',
      );
      expect(drift.counts).toEqual({ machines: 1, missing: 1, extra: 1, outdated: 1, offPin: 1 });
      expect(drift).toMatchObject({ total: 1, offset: 0 });
      expect(drift.machines[0]!.entries).toEqual([
        { appId: sl.app_id, name: sl.name, kind: 'missing', installedVersion: null, wantedVersion: null, since: firstSeen },
        { appId: cowsay.app_id, name: cowsay.name, kind: 'off_pin', installedVersion: '3.04', wantedVersion: '3.03', since: firstSeen },
        { appId: hello.app_id, name: hello.name, kind: 'outdated', installedVersion: '2.10-3', wantedVersion: '2.12-1', since: firstSeen },
        { appId: figlet.app_id, name: figlet.name, kind: 'extra', installedVersion: '2.2.5', wantedVersion: null, since: firstSeen },
      ]);
      expect((await groups.list()).body.groups[0]!.drift).toEqual(drift.counts);
      expect((await groups.deviceDrift(machine.deviceId)).body).toMatchObject({
        groups: [{ id: group.id, name: 'Desks' }],
        entries: drift.machines[0]!.entries,
      });

      // A later inventory keeps when each difference was first seen; one that is gone is gone.
      t.clock.advance(HOUR_MS);
      const signedIn = groupsOf(t, (await signInAgain(t, owner)).token);
      agent.send({
        type: 'inventory',
        packages: [
          { manager: 'apt', id: helloPackage, installedVersion: '2.10-3', availableVersion: '2.13-1' },
          { manager: 'apt', id: cowsayPackage, installedVersion: '3.04', availableVersion: null },
        ],
      });
      const later = await eventually(
        async () => (await signedIn.drift(group.id)).body,
        (body) => body.machines[0]?.entries.length === 3,
        'drift after the second inventory',
      );
      expect(later.machines[0]!.entries.map((entry) => [entry.kind, entry.wantedVersion, entry.since])).toEqual([
        ['missing', null, firstSeen],
        ['off_pin', '3.03', firstSeen],
        ['outdated', '2.13-1', firstSeen],
      ]);

      // Bring back in line: previewed, then an install of the missing and off-pin apps and an update of the outdated one.
      const preview = (await signedIn.preview(group.id)).body;
      expect(preview.machines).toEqual([
        {
          deviceId: machine.deviceId,
          deviceName: 'Desk',
          // In the list's order: cowsay, then sl.
          install: [
            { appId: cowsay.app_id, name: cowsay.name, version: '3.03' },
            { appId: sl.app_id, name: sl.name, version: null },
          ],
          update: [{ appId: hello.app_id, name: hello.name, from: '2.10-3', to: '2.13-1' }],
          extra: [],
        },
      ]);
      const started = await signedIn.bringBack(group.id, [machine.deviceId]);
      expect(started.body.installationIds).toHaveLength(2);
      const signedInInstalls = installationsOf(t, (await signInAgain(t, owner)).token);
      const [install, update] = await Promise.all(started.body.installationIds.map(async (id) => (await signedInInstalls.get(id)).body));
      expect(install).toMatchObject({ kind: 'install' });
      expect(update).toMatchObject({ kind: 'upgrade' });
      const installJob = await finishJob(agent, install!.id);
      expect(installJob.items.map((item) => [item.appId, item.pinnedVersion ?? null])).toEqual([
        [cowsay.app_id, '3.03'],
        [sl.app_id, null],
      ]);
      expect((await signedIn.bringBack(group.id, ['dev_not_a_member'])).body.code).toBe('DEVICE_NOT_FOUND');
    } finally {
      await agent.close();
    }
  });

  it('lets a deactivated machine leave its groups', async () => {
    const { owner, groups } = await world(t, admin);
    const machine = await enrollMachine(t, owner, 'Old desk');
    const group = (await groups.create({ name: 'Desks' })).body;
    await groups.addMember(group.id, machine.deviceId);
    // In its first hour a new machine is removed at once (no cooldown).
    expect((await devicesOf(t, owner).deactivate(machine.deviceId)).status).toBe(200);
    expect((await groups.get(group.id)).body.members).toEqual([]);
  });
});
