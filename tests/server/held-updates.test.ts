import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import { catalogueOf, listsOf } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * An update that ran and left the app at its version is not offered again for that version: the
 * agent reads the version back and says "Still 1.0 after the update", the server holds it, and
 * nothing (Update all, a schedule, the outdated count) retries it until a newer version comes or
 * the owner asks to try again.
 */
describe('updates that did not take', () => {
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

  it('are held, not offered again for the same version, and offered again by a newer one or when the owner asks', async () => {
    const owner = await adminBrowser(t);
    const suffix = Math.random().toString(36).slice(2, 7);
    const name = `hello-${suffix}`;
    const [hello] = await catalogueOf(t, (await signInAgain(t, admin)).token, 1, `Held ${suffix}`, () => ({ apt_package: name }));
    await listsOf(t, owner.token).create('Desk');
    const machine = await enrollMachine(t, owner, 'Desk');
    const installs = installationsOf(t, owner.token);
    const agent = await ProtocolAgent.connect(url, machine.credential);
    const report = (installed: string, available: string | null) => {
      agent.send({ type: 'inventory', packages: [{ manager: 'apt', id: name, installedVersion: installed, availableVersion: available }] });
    };
    const appOnMachine = async () => (await installs.inventory(machine.deviceId)).body.apps.find((app) => app.appId === hello!.app_id);
    try {
      report('1.0', '2.0');
      expect(await eventually(appOnMachine, (app) => app?.availableVersion === '2.0', 'the update offered')).toMatchObject({
        heldUpdate: null,
        securityUpdate: false,
      });

      const update = (await installs.create({ appIds: [hello!.app_id], deviceIds: [machine.deviceId], kind: 'upgrade' })).body;
      const { job } = await agent.next('job.assign', (message) => message.job.installationId === update.id);
      agent.send({ type: 'job.ack', jobId: job.jobId });
      const message = 'Still 1.0 after the update: the installer ran but the version did not change';
      agent.send({
        type: 'item.progress',
        jobId: job.jobId,
        itemId: job.items[0]!.itemId,
        status: 'failed',
        manager: 'apt',
        version: '1.0',
        exitCode: 0,
        message,
        log: '',
      });
      agent.send({ type: 'job.done', jobId: job.jobId });
      const held = await eventually(appOnMachine, (app) => app?.heldUpdate !== null, 'the hold');
      expect(held).toMatchObject({ installedVersion: '1.0', availableVersion: null, heldUpdate: { version: '2.0', message } });

      // The machine reports 2.0 available again: still held, so nothing offers it (every reader takes the stored "newer or null").
      t.clock.advance(60_000);
      report('1.0', '2.0');
      await eventually(
        async () => (await t.api.get<{ checkedAt: string }>(`/api/devices/${machine.deviceId}/inventory`, owner.token)).body.checkedAt,
        (checkedAt) => checkedAt === t.clock.now().toISOString(),
        'the second inventory',
      );
      expect(await appOnMachine()).toMatchObject({ availableVersion: null, heldUpdate: { version: '2.0' } });
      // A newer version than the one that did not take: offered again, the hold gone.
      t.clock.advance(60_000);
      report('1.0', '2.1');
      expect(await eventually(appOnMachine, (app) => app?.availableVersion === '2.1', 'the newer version')).toMatchObject({
        heldUpdate: null,
        securityUpdate: false,
      });
      expect(await t.app.ctx.db.selectFrom('held_updates').selectAll().execute()).toEqual([]);
    } finally {
      await agent.close();
    }
  });

  it('lets the owner try again: the hold goes and the machine is asked for its apps; another user cannot', async () => {
    const owner = await adminBrowser(t);
    const suffix = Math.random().toString(36).slice(2, 7);
    const name = `cowsay-${suffix}`;
    const [cowsay] = await catalogueOf(t, (await signInAgain(t, admin)).token, 1, `Again ${suffix}`, () => ({ apt_package: name }));
    const machine = await enrollMachine(t, owner, 'Lab');
    const device = await t.app.ctx.db
      .selectFrom('devices')
      .select('id')
      .where('device_id', '=', machine.deviceId)
      .executeTakeFirstOrThrow();
    const agent = await ProtocolAgent.connect(url, machine.credential);
    try {
      agent.send({ type: 'inventory', packages: [{ manager: 'apt', id: name, installedVersion: '3.03', availableVersion: null }] });
      await eventually(
        async () => (await installationsOf(t, owner.token).inventory(machine.deviceId)).body.apps.length,
        (count) => count === 1,
        'the inventory',
      );
      await t.app.ctx.db
        .insertInto('held_updates')
        .values({
          device_row_id: device.id,
          manager: 'apt',
          package_id: name,
          installed_version: '3.03',
          available_version: '3.04',
          message: 'Still 3.03: the package manager kept it back (it is held, or what it needs cannot be installed)',
          since: t.clock.now().toISOString(),
        })
        .execute();
      const stranger = await adminBrowser(t);
      const path = `/api/devices/${machine.deviceId}/held-updates/${cowsay!.app_id}`;
      expect((await t.api.delete(path, stranger.token)).status).toBe(404);
      expect(await t.app.ctx.db.selectFrom('held_updates').selectAll().execute()).toHaveLength(1);

      expect((await t.api.delete(path, owner.token)).status).toBe(200);
      expect(await t.app.ctx.db.selectFrom('held_updates').selectAll().where('device_row_id', '=', device.id).execute()).toEqual([]);
      // Offered again at once, before the machine answers.
      expect((await installationsOf(t, owner.token).inventory(machine.deviceId)).body.apps[0]).toMatchObject({
        availableVersion: '3.04',
        heldUpdate: null,
        securityUpdate: false,
      });
      // Asked for its apps, so that the newer version is offered again.
      await agent.next('inventory.request');
    } finally {
      await agent.close();
    }
  });
});
