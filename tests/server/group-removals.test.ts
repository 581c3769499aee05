import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, enrollMachine, type Browser } from './helpers/devices';
import { world } from './helpers/groups';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A group that removes what it no longer declares: an app taken out of its lists is removed from
 * its members only after each member's removal check, confirmed once by the owner.
 */
/** The agent's answer to a removal check: apt would remove the package and its library. */
function answerWithLibrary(agent: ProtocolAgent, checkId: string, name: string): void {
  agent.send({
    type: 'removal.plan',
    checkId,
    manager: 'apt',
    packageId: name,
    installedVersion: '1.0',
    removes: [
      { name, version: '1.0' },
      { name: `lib${name}`, version: '1.0' },
    ],
    refused: null,
  });
}

describe("a group's removals", () => {
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

  /** A member of a group with the world's list, reporting hello and cowsay installed. */
  async function memberWithBoth(removeTakenOut: boolean) {
    const found = await world(t, admin);
    const { owner, list, groups, packages } = found;
    const machine = await enrollMachine(t, owner, 'Desk');
    const group = (await groups.create({ name: 'Desks', removeTakenOut })).body;
    expect(group.removeTakenOut).toBe(removeTakenOut);
    await groups.addList(group.id, list.id);
    await groups.addMember(group.id, machine.deviceId);
    const agent = await ProtocolAgent.connect(url, machine.credential);
    agent.send({
      type: 'inventory',
      packages: packages.slice(0, 2).map((id) => ({ manager: 'apt' as const, id, installedVersion: '1.0', availableVersion: null })),
    });
    await eventually(
      async () => (await found.installs.inventory(machine.deviceId)).body.apps.length,
      (count) => count === 2,
      'the inventory',
    );
    await t.app.ctx.tasks.flush();
    return { ...found, machine, group, agent };
  }

  it('takes nothing off the machines when the group keeps what it no longer declares', async () => {
    const { group, groups, lists, list, cowsay, agent, owner } = await memberWithBoth(false);
    try {
      expect((await lists.drop(list.id, cowsay.app_id)).status).toBe(200);
      await t.app.ctx.tasks.flush();
      expect((await groups.removals(group.id)).body.removals).toEqual([]);
      expect((await installationsOf(t, owner.token).list()).body.installations.filter((row) => row.kind === 'uninstall')).toEqual([]);
    } finally {
      await agent.close();
    }
  });

  it('leaves the app on a member whose other group still declares it', async () => {
    const { group, groups, lists, list, cowsay, agent, owner, machine } = await memberWithBoth(true);
    try {
      const other = (await lists.create('Lab tools')).body;
      expect((await lists.add(other.id, cowsay.app_id)).status).toBe(201);
      const lab = (await groups.create({ name: 'Lab' })).body;
      await groups.addList(lab.id, other.id);
      await groups.addMember(lab.id, machine.deviceId);
      await t.app.ctx.tasks.flush();
      expect((await lists.drop(list.id, cowsay.app_id)).status).toBe(200);
      await t.app.ctx.tasks.flush();
      expect((await groups.removals(group.id)).body.removals).toEqual([]);
      expect((await installationsOf(t, owner.token).list()).body.installations.filter((row) => row.kind === 'uninstall')).toEqual([]);
    } finally {
      await agent.close();
    }
  });

  it('asks each member what removing a taken-out app would take, and removes exactly that once the owner confirms', async () => {
    const { group, groups, lists, list, cowsay, packages, agent, machine, owner } = await memberWithBoth(true);
    const installs = installationsOf(t, owner.token);
    try {
      expect((await lists.drop(list.id, cowsay.app_id)).status).toBe(200);
      await t.app.ctx.tasks.flush();
      const asked = await agent.next('removal.check');
      expect(asked.item).toMatchObject({ appId: cowsay.app_id });
      // Asked, not yet answered: nothing may be removed.
      const waiting = (await groups.removals(group.id)).body.removals;
      expect(waiting).toEqual([
        expect.objectContaining({
          appId: cowsay.app_id,
          appName: cowsay.name,
          machines: [expect.objectContaining({ deviceId: machine.deviceId, deviceName: 'Desk', installationId: null })],
        }),
      ]);
      expect(waiting[0]!.machines[0]!.check.status).toBe('pending');
      expect((await groups.confirmRemoval(group.id, waiting[0]!.id)).body.code).toBe('REMOVAL_NOT_CONFIRMED');

      answerWithLibrary(agent, asked.checkId, packages[1]!);
      const ready = await eventually(
        async () => (await groups.removals(group.id)).body.removals[0]!,
        (removal) => removal.machines[0]!.check.status === 'ready',
        'the answer',
      );
      // Put back and taken out again while it waits: the group declares it, so confirming removes nothing.
      expect((await lists.add(list.id, cowsay.app_id)).status).toBe(201);
      expect((await groups.confirmRemoval(group.id, ready.id)).body).toMatchObject({
        code: 'REMOVAL_NOT_CONFIRMED',
        message: `${cowsay.name} is in the group's lists again: it stays on the machines`,
      });
      expect((await groups.removals(group.id)).body.removals).toEqual([]);
      await t.app.ctx.tasks.flush();
      // The install that putting it back started is not what this test is about.
      await agent.next('job.assign');
      expect((await lists.drop(list.id, cowsay.app_id)).status).toBe(200);
      await t.app.ctx.tasks.flush();
      const askedAgain = await agent.next('removal.check');
      answerWithLibrary(agent, askedAgain.checkId, packages[1]!);
      const readyAgain = await eventually(
        async () => (await groups.removals(group.id)).body.removals[0],
        (removal) => removal?.machines[0]!.check.status === 'ready',
        'the second answer',
      );
      expect(readyAgain!.machines[0]!.check.removes.map((entry) => entry.name)).toEqual([packages[1], `lib${packages[1]}`]);
      expect((await installs.list()).body.installations.filter((row) => row.kind === 'uninstall')).toEqual([]);

      const confirmed = await groups.confirmRemoval(group.id, readyAgain!.id);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.skipped).toEqual([]);
      const [uninstallId] = confirmed.body.installationIds as [string];
      const { job } = await agent.next('job.assign', (message) => message.job.installationId === uninstallId);
      expect(job.kind).toBe('uninstall');
      expect(job.items.map((item) => [item.appId, item.alsoRemove])).toEqual([[cowsay.app_id, [`lib${packages[1]}`]]]);
      // Confirmed once: the change is closed.
      expect((await groups.removals(group.id)).body.removals).toEqual([]);
      expect((await groups.confirmRemoval(group.id, readyAgain!.id)).body.code).toBe('GROUP_REMOVAL_NOT_FOUND');
    } finally {
      await agent.close();
    }
  });

  it('lets the owner keep the app, and leaves out a member whose agent refused', async () => {
    const { group, groups, list, hello, packages, agent, owner } = await memberWithBoth(true);
    try {
      // A list taken off the group takes its apps out too.
      expect((await groups.removeList(group.id, list.id)).status).toBe(200);
      await t.app.ctx.tasks.flush();
      const checks = [await agent.next('removal.check'), await agent.next('removal.check')];
      const helloCheck = checks.find((check) => check.item.appId === hello.app_id)!;
      agent.send({
        type: 'removal.plan',
        checkId: helloCheck.checkId,
        manager: 'apt',
        packageId: packages[0]!,
        installedVersion: '1.0',
        removes: [],
        refused: 'Removing it would take the agent’s own runtime',
      });
      const removals = await eventually(
        async () => (await groups.removals(group.id)).body.removals,
        (rows) => rows.length === 2 && rows.some((row) => row.machines[0]!.check.status === 'ready'),
        'both removals',
      );
      const refused = removals.find((row) => row.appId === hello.app_id)!;
      expect(refused.machines[0]!.check.refused).toBe('Removing it would take the agent’s own runtime');
      expect((await groups.confirmRemoval(group.id, refused.id)).body.code).toBe('REMOVAL_NOT_CONFIRMED');

      const other = removals.find((row) => row.appId !== hello.app_id)!;
      expect((await groups.keepRemoval(group.id, other.id)).status).toBe(200);
      expect((await groups.removals(group.id)).body.removals.map((row) => row.id)).toEqual([refused.id]);
      expect((await installationsOf(t, owner.token).list()).body.installations.filter((row) => row.kind === 'uninstall')).toEqual([]);

      // Asked again: a new check replaces the refused one.
      const again = await groups.checkRemovalAgain(group.id, refused.id);
      expect(again.status).toBe(200);
      expect(again.body.machines[0]!.check.status).toBe('pending');
      expect((await agent.next('removal.check')).item.appId).toBe(hello.app_id);
    } finally {
      await agent.close();
    }
  });
});
