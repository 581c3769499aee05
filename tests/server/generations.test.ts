import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';
import type { Generation, GenerationsResponse, RollbackPreview, RollbackResponse } from '@shared/api/generations';

import { eventually, finishJob, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

function generationsOf(t: TestApp, token: string, deviceId: string) {
  return {
    list: () => t.api.get<GenerationsResponse & ApiError>(`/api/devices/${deviceId}/generations`, token),
    get: (number: number | string) => t.api.get<Generation & ApiError>(`/api/devices/${deviceId}/generations/${number}`, token),
    preview: (number: number) =>
      t.api.post<RollbackPreview & ApiError>(`/api/devices/${deviceId}/generations/${number}/rollback/preview`, undefined, token),
    rollback: (number: number, appIds: number[]) =>
      t.api.post<RollbackResponse & ApiError>(`/api/devices/${deviceId}/generations/${number}/rollback`, { appIds }, token),
  };
}

describe("a machine's generations and rollback", () => {
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

  it('records a generation per change (install, update, removal, rollback) and rolls back exactly what the person chose', async () => {
    const owner = await adminBrowser(t);
    await setPlan(t, owner.user.user.id, 'annual-premium');
    const suffix = Math.random().toString(36).slice(2, 7);
    const names = ['hello', 'cowsay', 'sl', 'figlet'].map((name) => `${name}-${suffix}`);
    const apps = await catalogueOf(t, (await signInAgain(t, admin)).token, 4, `Gen ${suffix}`, (i) => ({ apt_package: names[i - 1]! }));
    const [hello, cowsay, sl, figlet] = apps as [App, App, App, App];
    const list = (await listsOf(t, owner.token).create('Desk')).body;
    for (const app of [hello, cowsay]) await listsOf(t, owner.token).add(list.id, app.app_id);
    const machine = await enrollMachine(t, owner, 'Desk');
    const generations = generationsOf(t, owner.token, machine.deviceId);
    const installs = installationsOf(t, owner.token);
    const agent = await ProtocolAgent.connect(url, machine.credential);
    try {
      // What the machine had before Loadout changed anything: figlet, installed by hand.
      agent.send({ type: 'inventory', packages: [{ manager: 'apt', id: names[3]!, installedVersion: '2.2.5', availableVersion: null }] });
      await eventually(
        async () => (await installs.inventory(machine.deviceId)).body.apps.length,
        (count) => count === 1,
        'the first inventory',
      );
      expect((await generations.list()).body).toEqual({ deviceId: machine.deviceId, generations: [] });

      const first = (await installs.create({ listId: list.id, deviceIds: [machine.deviceId] })).body;
      await finishJob(agent, first.id, '1.0');
      const one = await eventually(
        async () => (await generations.list()).body.generations,
        (rows) => rows.length === 1,
        'generation 1',
      );
      expect(one[0]).toMatchObject({
        number: 1,
        kind: 'install',
        installationId: first.id,
        rolledBackTo: null,
        appCount: 3,
        changes: [
          { appId: hello.app_id, name: hello.name, from: null, to: '1.0' },
          { appId: cowsay.app_id, name: cowsay.name, from: null, to: '1.0' },
        ],
      });
      expect((await generations.get(1)).body.apps.map((app) => [app.name, app.version])).toEqual(
        [
          [figlet.name, '2.2.5'],
          [hello.name, '1.0'],
          [cowsay.name, '1.0'],
        ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
      );

      const update = (await installs.create({ appIds: [hello.app_id], deviceIds: [machine.deviceId], kind: 'upgrade' })).body;
      await finishJob(agent, update.id, '2.0');
      const added = (await installs.create({ appIds: [sl.app_id], deviceIds: [machine.deviceId] })).body;
      await finishJob(agent, added.id, '5.1');
      const three = await eventually(
        async () => (await generations.list()).body.generations,
        (rows) => rows.length === 3,
        'generations 2 and 3',
      );
      expect(three.map((row) => [row.number, row.kind, row.changes.map((change) => [change.name, change.from, change.to])])).toEqual([
        [3, 'install', [[sl.name, null, '5.1']]],
        [2, 'upgrade', [[hello.name, '1.0', '2.0']]],
        [1, 'install', expect.any(Array)],
      ]);

      // Back to 1: hello down to 1.0 (apt installs a chosen version), sl removed.
      const plan = (await generations.preview(1)).body;
      expect(plan.steps).toEqual([
        {
          appId: hello.app_id,
          name: hello.name,
          action: 'change',
          manager: 'apt',
          from: '2.0',
          to: '1.0',
          exact: true,
          possible: true,
          note: null,
        },
        {
          appId: sl.app_id,
          name: sl.name,
          action: 'remove',
          manager: 'apt',
          from: '5.1',
          to: null,
          exact: true,
          possible: true,
          note: null,
        },
      ]);
      // Only what the plan offers runs.
      expect((await generations.rollback(1, [cowsay.app_id])).body).toMatchObject({ code: 'ROLLBACK_NOT_OFFERED' });
      const rolled = await generations.rollback(1, [hello.app_id, sl.app_id]);
      expect(rolled.status).toBe(200);
      const [back, removal] = rolled.body.installationIds as [string, string];
      const job = await finishJob(agent, back, 'never used');
      expect(job.items.map((item) => [item.appId, item.pinnedVersion])).toEqual([[hello.app_id, '1.0']]);
      const removed = await finishJob(agent, removal, 'never used');
      expect(removed.kind).toBe('uninstall');
      expect(removed.items.map((item) => item.appId)).toEqual([sl.app_id]);
      const after = await eventually(
        async () => (await generations.list()).body.generations,
        (rows) => rows.length === 5,
        'the rollback generations',
      );
      expect(after.slice(0, 2).map((row) => [row.kind, row.rolledBackTo])).toEqual([
        ['rollback', 1],
        ['rollback', 1],
      ]);
      // Back where generation 1 was: nothing left to do.
      expect((await generations.preview(1)).body.steps).toEqual([]);

      // Later the machine reports cowsay gone (removed by hand): going back to 1 installs it again.
      t.clock.advance(60_000);
      agent.send({
        type: 'inventory',
        packages: [
          { manager: 'apt', id: names[0]!, installedVersion: '1.0', availableVersion: null },
          { manager: 'apt', id: names[3]!, installedVersion: '2.2.5', availableVersion: null },
        ],
      });
      const again = await eventually(
        async () => (await generationsOf(t, (await signInAgain(t, owner)).token, machine.deviceId).preview(1)).body.steps,
        (steps) => steps.length === 1,
        'the plan after cowsay went',
      );
      expect(again).toEqual([
        {
          appId: cowsay.app_id,
          name: cowsay.name,
          action: 'install',
          manager: 'apt',
          from: null,
          to: '1.0',
          exact: true,
          possible: true,
          note: null,
        },
      ]);
    } finally {
      await agent.close();
    }
  });

  it('is Annual Premium, and answers 404 for another user’s machine or a generation that is not there', async () => {
    const owner = await adminBrowser(t);
    const machine = await enrollMachine(t, owner, 'Desk');
    const premium = await generationsOf(t, owner.token, machine.deviceId).list();
    expect(premium.status).toBe(403);
    expect(premium.body).toMatchObject({
      code: 'PLAN_FEATURE_REQUIRED',
      message: 'Generations and rollback are part of Annual Premium. Upgrade to roll machines back.',
    });
    await setPlan(t, owner.user.user.id, 'annual-premium');
    expect((await generationsOf(t, owner.token, machine.deviceId).get(7)).body).toMatchObject({ code: 'GENERATION_NOT_FOUND' });
    expect((await generationsOf(t, owner.token, machine.deviceId).get('x')).status).toBe(400);
    const stranger = await adminBrowser(t);
    await setPlan(t, stranger.user.user.id, 'annual-premium');
    expect((await generationsOf(t, stranger.token, machine.deviceId).list()).body.code).toBe('DEVICE_NOT_FOUND');
    expect((await generationsOf(t, stranger.token, machine.deviceId).rollback(1, [1])).body.code).toBe('DEVICE_NOT_FOUND');
  });
});
