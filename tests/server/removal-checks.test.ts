import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AgentMessage } from '@shared/agent/protocol';
import type { RemovalCheck } from '@shared/api/removal-checks';
import { CONFIRM_BY_NAME_ABOVE_OTHERS } from '@shared/removal-confirmation';

import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { catalogueOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A user with an apt app installed on one connected machine. */
async function world(t: TestApp, admin: Browser) {
  const owner = await adminBrowser(t);
  await setPlan(t, owner.user.user.id, 'premium');
  const prefix = `Rm ${Math.random().toString(36).slice(2, 7)}`;
  const [app] = await catalogueOf(t, (await signInAgain(t, admin)).token, 1, prefix, () => ({ apt_package: 'python3' }));
  const machine = await enrollMachine(t, owner);
  const agent = await ProtocolAgent.connect(url, machine.credential);
  const checks = {
    start: (appId: number, deviceId = machine.deviceId, token = owner.token) =>
      t.api.post<RemovalCheck & ApiError>(`/api/devices/${deviceId}/removal-checks`, { appId }, token),
    get: (checkId: string, deviceId = machine.deviceId, token = owner.token) =>
      t.api.get<RemovalCheck & ApiError>(`/api/devices/${deviceId}/removal-checks/${checkId}`, token),
  };
  return { owner, app: app!, machine, agent, checks, installs: installationsOf(t, owner.token) };
}

const PYTHON_REMOVAL = [
  { name: 'python3', version: '3.11.2-1+b1' },
  { name: 'python3-apt', version: '2.6.0' },
  { name: 'unattended-upgrades', version: '2.9.1' },
];

/** The agent's answer to a check: apt would remove python3 and what depends on it. */
function answer(agent: ProtocolAgent, checkId: string, plan: Partial<Extract<AgentMessage, { type: 'removal.plan' }>> = {}) {
  agent.send({
    type: 'removal.plan',
    checkId,
    manager: 'apt',
    packageId: 'python3',
    installedVersion: '3.11.2-1+b1',
    removes: PYTHON_REMOVAL,
    refused: null,
    ...plan,
  });
}

let t: TestApp;
let url: string;
let admin: Browser;

describe('removing an app: the person sees everything it takes before anything goes', () => {
  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
    admin = await adminBrowser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("asks the machine's agent, shows its whole answer, and lets the uninstall remove exactly that", async () => {
    const { app, machine, agent, checks, installs } = await world(t, admin);
    const started = await checks.start(app.app_id);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'pending', appId: app.app_id, appName: app.name, removes: [] });

    const asked = await agent.next('removal.check');
    expect(asked).toMatchObject({ checkId: started.body.checkId, item: { appId: app.app_id, packages: { apt_package: 'python3' } } });
    // apt lists the dependants first; the answer puts the app's own package first.
    answer(agent, asked.checkId, { removes: [PYTHON_REMOVAL[1]!, PYTHON_REMOVAL[2]!, PYTHON_REMOVAL[0]!] });
    const ready = await eventually(
      () => checks.get(started.body.checkId),
      (res) => res.body.status === 'ready',
      'removal check answered',
    );
    expect(ready.body).toMatchObject({ manager: 'apt', packageId: 'python3', installedVersion: '3.11.2-1+b1', removes: PYTHON_REMOVAL });

    const uninstall = await installs.create({
      appIds: [app.app_id],
      deviceIds: [machine.deviceId],
      kind: 'uninstall',
      removalCheckId: started.body.checkId,
    });
    expect(uninstall.status).toBe(201);
    const { job } = await agent.next('job.assign');
    expect(job.kind).toBe('uninstall');
    expect(job.items[0]!.alsoRemove).toEqual(['python3-apt', 'unattended-upgrades']);
    await agent.close();
  });

  it('an uninstall without a confirmed check carries no other package: the agent then removes the app alone or nothing', async () => {
    const { app, machine, agent, installs } = await world(t, admin);
    expect((await installs.create({ appIds: [app.app_id], deviceIds: [machine.deviceId], kind: 'uninstall' })).status).toBe(201);
    const { job } = await agent.next('job.assign');
    expect(job.items[0]!.alsoRemove).toBeUndefined();
    // The owner's list of installations names the app an uninstall of single apps is about.
    const [summary] = (await installs.list()).body.installations;
    expect(summary).toMatchObject({ kind: 'uninstall', listName: null, appNames: [app.name] });
    await agent.close();
  });

  it('refuses to confirm from a check the agent refused, did not answer, or answered too long ago', async () => {
    const { owner, app, machine, agent, checks } = await world(t, admin);
    // The clock moves past the access token's 15 minutes: sign in again for each call.
    const uninstallWith = async (removalCheckId: string) =>
      installationsOf(t, (await signInAgain(t, owner)).token).create({
        appIds: [app.app_id],
        deviceIds: [machine.deviceId],
        kind: 'uninstall',
        removalCheckId,
      });

    const unanswered = await checks.start(app.app_id);
    await agent.next('removal.check');
    expect((await uninstallWith(unanswered.body.checkId)).body).toMatchObject({ code: 'REMOVAL_NOT_CONFIRMED' });
    t.clock.advance(61_000);
    expect((await checks.get(unanswered.body.checkId)).body.status).toBe('unanswered');

    const refused = await checks.start(app.app_id);
    const refusal = "Removing python3 would also remove nodejs, which Loadout's agent runs on: the agent never removes it";
    answer(agent, (await agent.next('removal.check')).checkId, {
      removes: [...PYTHON_REMOVAL, { name: 'nodejs', version: '18.19.0' }],
      refused: refusal,
    });
    await eventually(
      () => checks.get(refused.body.checkId),
      (res) => res.body.status === 'ready',
      'refusal stored',
    );
    const blocked = await uninstallWith(refused.body.checkId);
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({ code: 'REMOVAL_NOT_CONFIRMED', message: refusal });

    const old = await checks.start(app.app_id);
    answer(agent, (await agent.next('removal.check')).checkId);
    await eventually(
      () => checks.get(old.body.checkId),
      (res) => res.body.status === 'ready',
      'answer stored',
    );
    t.clock.advance(16 * 60_000);
    expect((await uninstallWith(old.body.checkId)).body).toMatchObject({
      code: 'REMOVAL_NOT_CONFIRMED',
      message: 'What the machine said is too old: check again before removing',
    });
    await agent.close();
  });

  it("asks for the app's name before removing more than a few other packages, and refuses without it", async () => {
    const { owner, app, machine, agent, checks, installs } = await world(t, admin);
    const others = Array.from({ length: CONFIRM_BY_NAME_ABOVE_OTHERS + 1 }, (_, index) => ({
      name: `python3-extra${index}`,
      version: '1',
    }));
    const started = await checks.start(app.app_id);
    answer(agent, (await agent.next('removal.check')).checkId, { removes: [PYTHON_REMOVAL[0]!, ...others] });
    await eventually(
      () => checks.get(started.body.checkId),
      (res) => res.body.status === 'ready',
      'answer stored',
    );
    const uninstall = (extra: Record<string, unknown>) =>
      installs.create({
        appIds: [app.app_id],
        deviceIds: [machine.deviceId],
        kind: 'uninstall',
        removalCheckId: started.body.checkId,
        ...extra,
      });

    for (const confirmName of [undefined, '', app.name.toLowerCase(), `${app.name}x`, 'python3']) {
      const refused = await uninstall(confirmName === undefined ? {} : { confirmName });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'REMOVAL_NOT_CONFIRMED',
        message: `Removing ${app.name} takes ${others.length + 1} packages: type the app's name to confirm it`,
      });
    }
    const listed = await t.api.get<{ installations: unknown[] }>('/api/installations', owner.token);
    expect(listed.body.installations).toHaveLength(0);

    expect((await uninstall({ confirmName: ` ${app.name} ` })).status).toBe(201);
    const { job } = await agent.next('job.assign');
    expect(job.items[0]!.alsoRemove).toEqual(others.map((entry) => entry.name));
    expect(job.items[0]!.purge).toBeUndefined();
    await agent.close();
  });

  it(`needs no name for ${CONFIRM_BY_NAME_ABOVE_OTHERS} other packages or fewer`, async () => {
    const { app, machine, agent, checks, installs } = await world(t, admin);
    const others = Array.from({ length: CONFIRM_BY_NAME_ABOVE_OTHERS }, (_, index) => ({ name: `python3-extra${index}`, version: '1' }));
    const started = await checks.start(app.app_id);
    answer(agent, (await agent.next('removal.check')).checkId, { removes: [PYTHON_REMOVAL[0]!, ...others] });
    await eventually(
      () => checks.get(started.body.checkId),
      (res) => res.body.status === 'ready',
      'answer stored',
    );
    const created = await installs.create({
      appIds: [app.app_id],
      deviceIds: [machine.deviceId],
      kind: 'uninstall',
      removalCheckId: started.body.checkId,
    });
    expect(created.status).toBe(201);
    await agent.close();
  });

  it('carries a purge to the agent only when the check offered it, as a boolean, for the confirmed app alone', async () => {
    const { app, machine, agent, checks, installs } = await world(t, admin);
    const confirmedCheck = async (plan: Parameters<typeof answer>[2]) => {
      const started = await checks.start(app.app_id);
      answer(agent, (await agent.next('removal.check')).checkId, plan);
      const ready = await eventually(
        () => checks.get(started.body.checkId),
        (res) => res.body.status === 'ready',
        'answer stored',
      );
      return ready.body;
    };
    const base = { appIds: [app.app_id], deviceIds: [machine.deviceId], kind: 'uninstall' };

    // An older agent says nothing about purging: it is not offered, and the server refuses it.
    const silent = await confirmedCheck({});
    expect(silent.purgeOffered).toBe(false);
    const notOffered = await installs.create({ ...base, removalCheckId: silent.checkId, purge: true });
    expect(notOffered.status).toBe(409);
    expect(notOffered.body).toMatchObject({ code: 'REMOVAL_NOT_CONFIRMED' });

    const offered = await confirmedCheck({ purgeOffered: true });
    expect(offered.purgeOffered).toBe(true);
    // Not a boolean, or without a confirmed check, or on an install: refused before anything is stored.
    for (const body of [
      { ...base, removalCheckId: offered.checkId, purge: 'true' },
      { ...base, removalCheckId: offered.checkId, purge: 1 },
      { ...base, removalCheckId: offered.checkId, purge: ['--purge'] },
      { ...base, purge: true },
      { ...base, kind: 'install', purge: true },
    ]) {
      const refused = await installs.create(body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    }

    expect((await installs.create({ ...base, removalCheckId: offered.checkId, purge: true })).status).toBe(201);
    const { job } = await agent.next('job.assign');
    expect(job.items).toHaveLength(1);
    expect(job.items[0]).toMatchObject({ appId: app.app_id, purge: true, alsoRemove: ['python3-apt', 'unattended-upgrades'] });
    await agent.close();
  });

  it("is the owner's and the device's alone: another user, another device or another app gets nothing from it", async () => {
    const first = await world(t, admin);
    const second = await world(t, admin);
    const started = await first.checks.start(first.app.app_id);
    const asked = await first.agent.next('removal.check');

    // Another user, with their own device, cannot read or use it.
    expect((await second.checks.get(started.body.checkId, first.machine.deviceId, second.owner.token)).status).toBe(404);
    expect((await second.checks.get(started.body.checkId, second.machine.deviceId, second.owner.token)).status).toBe(404);
    expect(
      (
        await second.installs.create({
          appIds: [first.app.app_id],
          deviceIds: [second.machine.deviceId],
          kind: 'uninstall',
          removalCheckId: started.body.checkId,
        })
      ).body,
    ).toMatchObject({ code: 'REMOVAL_CHECK_NOT_FOUND' });
    // Another device's agent cannot answer it.
    answer(second.agent, asked.checkId, { installedVersion: '1', removes: [{ name: 'everything', version: '1' }] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await first.checks.get(started.body.checkId)).body).toMatchObject({ status: 'pending', removes: [] });
    // Only the one app it was asked about.
    expect(
      (
        await first.installs.create({
          appIds: [second.app.app_id],
          deviceIds: [first.machine.deviceId],
          kind: 'uninstall',
          removalCheckId: started.body.checkId,
        })
      ).body,
    ).toMatchObject({ code: 'REMOVAL_CHECK_NOT_FOUND' });
    // And only for an uninstall.
    const install = await first.installs.create({
      appIds: [first.app.app_id],
      deviceIds: [first.machine.deviceId],
      kind: 'install',
      removalCheckId: started.body.checkId,
    });
    expect(install.status).toBe(400);
    await first.agent.close();
    await second.agent.close();
  });

  it('says a machine that is offline cannot be asked', async () => {
    const { app, machine, agent, checks } = await world(t, admin);
    await agent.close();
    t.clock.advance(10 * 60_000);
    const res = await checks.start(app.app_id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'DEVICE_OFFLINE' });
    expect(res.body.message).toBe('Build server is offline: connect it to see what removing an app would take with it');
    expect(machine.deviceId).toMatch(/^dev_/);
  });

  it('never sends an agent a stored package id that breaks its grammar, and says why', async () => {
    const { owner, machine, agent, installs } = await world(t, admin);
    // Written to the database by hand, as before the grammar existed: apt would read it as "remove canary".
    const [broken] = await catalogueOf(
      t,
      (await signInAgain(t, admin)).token,
      1,
      `Broken ${Math.random().toString(36).slice(2, 7)}`,
      () => ({
        apt_package: 'canary',
      }),
    );
    await t.app.ctx.db.updateTable('apps').set({ apt_package: 'canary-' }).where('id', '=', broken!.app_id).execute();
    expect(await t.app.services.catalogue.reportInvalidPackageIds()).toEqual(
      expect.arrayContaining([{ appId: broken!.app_id, name: broken!.name, fields: ['apt_package'] }]),
    );

    const created = await installs.create({ appIds: [broken!.app_id], deviceIds: [machine.deviceId], kind: 'uninstall' });
    expect(created.status).toBe(201);
    expect(created.body.targets[0]!.items[0]).toMatchObject({
      status: 'skipped',
      message: 'Its package id in the catalogue is not valid, so it is not sent to machines',
    });
    await agent.next('inventory.request'); // the one sent at connection, before the app existed
    await t.app.services.inventory.refresh(owner.user.user.id, machine.deviceId);
    const request = await agent.next('inventory.request');
    expect(request.packages).toContainEqual({ manager: 'apt', id: 'python3' });
    expect(request.packages.some((entry) => entry.id.startsWith('canary'))).toBe(false);
    expect(agent.received.some((message) => message.type === 'job.assign')).toBe(false);
    await agent.close();
  });
});
