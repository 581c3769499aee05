import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import type { App } from '@shared/api/catalogue';

import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, devicesOf, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import { registerUser } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A user with a list of hello, cowsay (apt) and a Windows-only app, and one enrolled Linux machine. */
async function world(t: TestApp, admin: Browser) {
  const owner = await adminBrowser(t);
  await setPlan(t, owner.user.user.id, 'premium');
  // Tests move the clock past the access token's 15 minutes: a fresh sign-in each time.
  const apps = await catalogueOf(t, (await signInAgain(t, admin)).token, 3, `Set ${Math.random().toString(36).slice(2, 7)}`, (i) =>
    i === 1
      ? { apt_package: 'hello' }
      : i === 2
        ? { apt_package: 'cowsay', flatpak_id: 'org.example.Cowsay' }
        : { winget_id: 'Example.WindowsOnly' },
  );
  const list = (await listsOf(t, owner.token).create('Workstation')).body;
  for (const app of apps) await listsOf(t, owner.token).add(list.id, app.app_id);
  const machine = await enrollMachine(t, owner);
  return { owner, apps, list, machine, installs: installationsOf(t, owner.token) };
}

function itemFor(
  installation: { targets: { items: { name: string; itemId: string; status: string; message: string | null }[] }[] },
  app: App,
) {
  const item = installation.targets[0]?.items.find((entry) => entry.name === app.name);
  if (!item) throw new Error(`no item for ${app.name}`);
  return item;
}

describe('installing a list onto a machine', () => {
  let t: TestApp;
  let url: string;
  /** The first account: the catalogue's admin. */
  let admin: Browser;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
    admin = await adminBrowser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores the job first, skips what the platform cannot install, and delivers it when the agent connects', async () => {
    const { apps, list, machine, installs } = await world(t, admin);
    const created = await installs.create({ listId: list.id, deviceIds: [machine.deviceId] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'waiting', listName: 'Workstation', kind: 'install', counts: { queued: 2, skipped: 1 } });
    expect(created.body.targets).toHaveLength(1);
    expect(created.body.targets[0]).toMatchObject({ deviceId: machine.deviceId, status: 'waiting', deviceOnline: false });
    expect(itemFor(created.body, apps[2]!)).toMatchObject({ status: 'skipped', message: 'Not available on Linux' });

    const agent = await ProtocolAgent.connect(url, machine.credential);
    const { job } = await agent.next('job.assign');
    expect(job.installationId).toBe(created.body.id);
    expect(job.items.map((item) => item.packages.apt_package)).toEqual(['hello', 'cowsay']);
    expect((await agent.next('inventory.request')).packages).toEqual(
      expect.arrayContaining([
        { manager: 'apt', id: 'hello' },
        { manager: 'flatpak', id: 'org.example.Cowsay' },
      ]),
    );

    agent.send({ type: 'job.ack', jobId: job.jobId });
    const [hello, cowsay] = job.items;
    agent.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId: hello!.itemId,
      status: 'installing',
      manager: 'apt',
      version: null,
      exitCode: null,
      message: 'Installing',
      log: '',
    });
    agent.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId: hello!.itemId,
      status: 'succeeded',
      manager: 'apt',
      version: '2.10-3',
      exitCode: 0,
      message: 'Installed 2.10-3',
      log: 'Setting up hello (2.10-3) ...',
    });
    agent.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId: cowsay!.itemId,
      status: 'skipped',
      manager: 'apt',
      version: '3.03',
      exitCode: 0,
      message: 'Already installed (3.03)',
      log: '',
    });
    // A late, repeated report must not move anything backwards.
    agent.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId: hello!.itemId,
      status: 'installing',
      manager: 'apt',
      version: null,
      exitCode: null,
      message: 'Installing',
      log: '',
    });
    agent.send({ type: 'job.done', jobId: job.jobId });
    agent.send({ type: 'job.done', jobId: job.jobId });

    const done = await eventually(
      () => installs.get(created.body.id),
      (res) => res.body.status === 'succeeded',
      'installation to succeed',
    );
    expect(done.body.finishedAt).not.toBeNull();
    expect(done.body.counts).toMatchObject({ succeeded: 1, skipped: 2, queued: 0, installing: 0 });
    expect(itemFor(done.body, apps[0]!)).toMatchObject({ status: 'succeeded', message: 'Installed 2.10-3' });
    expect(done.body.targets[0]).toMatchObject({ status: 'done', deviceOnline: true });
    await agent.close();
    await eventually(
      () => installs.get(created.body.id),
      (res) => res.body.targets[0]?.deviceOnline === false,
      'the device to go offline',
    );
  });

  it('shows the latest word on a running app however often the agent reports, then its outcome', async () => {
    const { apps, list, machine, installs } = await world(t, admin);
    const created = (await installs.create({ listId: list.id, deviceIds: [machine.deviceId] })).body;
    const agent = await ProtocolAgent.connect(url, machine.credential);
    const { job } = await agent.next('job.assign');
    agent.send({ type: 'job.ack', jobId: job.jobId });
    const itemId = job.items[0]!.itemId;
    const progress = (message: string) =>
      agent.send({
        type: 'item.progress',
        jobId: job.jobId,
        itemId,
        status: 'installing',
        manager: 'apt',
        version: null,
        exitCode: null,
        message,
        log: '',
      });
    for (let percent = 0; percent <= 100; percent += 1) progress(`Downloading ${percent}%`);
    const running = await eventually(
      () => installs.get(created.id),
      (res) => itemFor(res.body, apps[0]!).message === 'Downloading 100%',
      'the latest progress to show',
    );
    expect(itemFor(running.body, apps[0]!).status).toBe('installing');
    agent.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId,
      status: 'succeeded',
      manager: 'apt',
      version: '2.10-3',
      exitCode: 0,
      message: 'Installed 2.10-3',
      log: '',
    });
    // A progress report still on its way must not move the app back; job.done is handled after it.
    progress('Downloading 100%');
    agent.send({ type: 'job.done', jobId: job.jobId });
    // job.done came without cowsay's final report (lost with a connection, say): the job is sent
    // again with what is still to report, and the agent answers with what it remembers.
    const again = await agent.next('job.assign');
    expect(again.job.items.map((item) => item.itemId)).toEqual([job.items[1]!.itemId]);
    agent.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId: job.items[1]!.itemId,
      status: 'skipped',
      manager: 'apt',
      version: '3.03',
      exitCode: null,
      message: 'Already installed (3.03)',
      log: '',
    });
    agent.send({ type: 'job.done', jobId: job.jobId });
    const finished = await eventually(
      () => installs.get(created.id),
      (res) => res.body.targets[0]?.status === 'done',
      'the job to finish',
    );
    expect(itemFor(finished.body, apps[0]!)).toMatchObject({ status: 'succeeded', message: 'Installed 2.10-3' });
    await agent.close();
  });

  it('sends an unfinished job again after a reconnect, with only the apps still to do, and records each once', async () => {
    const { apps, list, machine, installs } = await world(t, admin);
    const first = await ProtocolAgent.connect(url, machine.credential);
    const created = (await installs.create({ listId: list.id, deviceIds: [machine.deviceId] })).body;
    const { job } = await first.next('job.assign');
    first.send({ type: 'job.ack', jobId: job.jobId });
    first.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId: job.items[0]!.itemId,
      status: 'succeeded',
      manager: 'apt',
      version: '2.10-3',
      exitCode: 0,
      message: 'Installed 2.10-3',
      log: '',
    });
    await eventually(
      () => installs.get(created.id),
      (res) => res.body.counts.succeeded === 1,
      'the first app to be recorded',
    );
    await first.close();

    const second = await ProtocolAgent.connect(url, machine.credential);
    const again = (await second.next('job.assign')).job;
    expect(again.jobId).toBe(job.jobId);
    expect(again.items.map((item) => item.itemId)).toEqual([job.items[1]!.itemId]);
    // The restarted agent reports the first app again (it cannot know it was recorded): nothing changes.
    second.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId: job.items[0]!.itemId,
      status: 'failed',
      manager: 'apt',
      version: null,
      exitCode: 100,
      message: 'x',
      log: '',
    });
    second.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId: job.items[1]!.itemId,
      status: 'succeeded',
      manager: 'apt',
      version: '3.03',
      exitCode: 0,
      message: 'Installed 3.03',
      log: '',
    });
    second.send({ type: 'job.done', jobId: job.jobId });
    const done = await eventually(
      () => installs.get(created.id),
      (res) => res.body.status === 'succeeded',
      'installation to succeed',
    );
    expect(itemFor(done.body, apps[0]!)).toMatchObject({ status: 'succeeded', message: 'Installed 2.10-3' });
    expect(done.body.counts).toMatchObject({ succeeded: 2, failed: 0 });
    await second.close();
  });

  it("keeps the failed app's log, retries only what failed, and cancels what has not started", async () => {
    const { apps, list, machine, installs } = await world(t, admin);
    const agent = await ProtocolAgent.connect(url, machine.credential);
    const created = (await installs.create({ listId: list.id, deviceIds: [machine.deviceId] })).body;
    const { job } = await agent.next('job.assign');
    agent.send({ type: 'job.ack', jobId: job.jobId });
    agent.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId: job.items[0]!.itemId,
      status: 'failed',
      manager: 'apt',
      version: null,
      exitCode: 100,
      message: 'Not found in the apt sources',
      log: 'E: Unable to locate package hello',
    });
    agent.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId: job.items[1]!.itemId,
      status: 'succeeded',
      manager: 'apt',
      version: '3.03',
      exitCode: 0,
      message: 'Installed 3.03',
      log: 'fine',
    });
    agent.send({ type: 'job.done', jobId: job.jobId });
    const failed = await eventually(
      () => installs.get(created.id),
      (res) => res.body.status === 'failed',
      'installation to fail',
    );
    const failedItem = itemFor(failed.body, apps[0]!);
    expect(failedItem).toMatchObject({ status: 'failed', exitCode: 100, hasLog: true });
    expect((await installs.log(created.id, failedItem.itemId)).body).toEqual({
      log: 'E: Unable to locate package hello',
      exitCode: 100,
      message: 'Not found in the apt sources',
    });
    expect(itemFor(failed.body, apps[1]!)).toMatchObject({ hasLog: false });

    const retried = await installs.retry(created.id);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'waiting', counts: { queued: 1, succeeded: 1 } });
    const again = (await agent.next('job.assign')).job;
    expect(again.items.map((item) => item.packages.apt_package)).toEqual(['hello']);
    expect((await installs.retry(created.id)).body).toMatchObject({ code: 'NOTHING_TO_RETRY' });

    const cancelled = await installs.cancel(created.id);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', counts: { cancelled: 1, succeeded: 1 } });
    expect((await agent.next('job.cancel')).jobId).toBe(job.jobId);
    expect((await installs.retry(created.id)).body).toMatchObject({ code: 'NOTHING_TO_RETRY' });

    // Cancelling what is over changes nothing: it keeps the time it finished.
    t.clock.advanceMinutes(5);
    const cancelledAgain = await installs.cancel(created.id);
    expect(cancelledAgain.status).toBe(200);
    expect(cancelledAgain.body).toMatchObject({ status: 'cancelled', finishedAt: cancelled.body.finishedAt });
    expect((await installs.get(created.id)).body.finishedAt).toBe(cancelled.body.finishedAt);
    await agent.close();
  });

  it('expires a job no agent took within 7 days, with that reason', async () => {
    const { owner, list, machine, installs } = await world(t, admin);
    const created = (await installs.create({ listId: list.id, deviceIds: [machine.deviceId] })).body;
    t.clock.advanceHours(7 * 24 - 1);
    const later = installationsOf(t, (await signInAgain(t, owner)).token);
    expect((await later.get(created.id)).body.status).toBe('waiting');
    t.clock.advanceHours(2);
    const expired = (await installationsOf(t, (await signInAgain(t, owner)).token).get(created.id)).body;
    expect(expired).toMatchObject({ status: 'expired', counts: { cancelled: 2, skipped: 1 } });
    expect(expired.targets[0]).toMatchObject({ status: 'expired', reason: 'No agent took this job within 7 days' });
    // An agent that connects afterwards gets nothing to do.
    const agent = await ProtocolAgent.connect(url, machine.credential);
    await agent.next('inventory.request');
    expect(agent.received.filter((message) => message.type === 'job.assign')).toEqual([]);
    await agent.close();
  });

  it('shows an overdue job expired on every read before the expiry task runs, which then ends it once', async () => {
    const { owner, list, machine } = await world(t, admin);
    const created = (await installationsOf(t, owner.token).create({ listId: list.id, deviceIds: [machine.deviceId] })).body;
    // Jobs the earlier tests left waiting end now, so that the counts below are this job's alone.
    await t.app.services.installations.expireOverdue();
    t.clock.advanceHours(7 * 24 + 1);
    const reader = installationsOf(t, (await signInAgain(t, owner)).token);
    const stored = () =>
      t.app.ctx.db
        .selectFrom('installation_targets')
        .select(['status', 'reason'])
        .where('installation_id', '=', created.id)
        .executeTakeFirstOrThrow();

    // No scheduler tick: the reads judge expiry, and write nothing.
    const read = (await reader.get(created.id)).body;
    expect(read).toMatchObject({ status: 'expired', counts: { cancelled: 2, skipped: 1, queued: 0 } });
    expect(read.targets[0]).toMatchObject({ status: 'expired', reason: 'No agent took this job within 7 days' });
    const summary = (await reader.list()).body.installations.find((entry) => entry.id === created.id);
    expect(summary).toMatchObject({ status: 'expired', devices: [{ status: 'expired' }] });
    expect(await stored()).toMatchObject({ status: 'waiting' });

    // The task ends it in the database, once, with what the reads showed; two at once end it once between them.
    const runs = await Promise.all([t.app.services.installations.expireOverdue(), t.app.services.installations.expireOverdue()]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await t.app.services.installations.expireOverdue()).toBe(0);
    expect(await stored()).toEqual({ status: 'expired', reason: 'No agent took this job within 7 days' });
    expect((await reader.get(created.id)).body).toEqual(read);
  });

  it('fails an app whose stored job is damaged, with a message, and still sends the rest', async () => {
    const { owner, apps, list, machine, installs } = await world(t, admin);
    const created = (await installs.create({ listId: list.id, deviceIds: [machine.deviceId] })).body;
    const hello = itemFor(created, apps[0]!);
    const cowsay = itemFor(created, apps[1]!);
    await t.app.ctx.db.updateTable('installation_items').set({ packages: '{"apt_package": "hel' }).where('id', '=', hello.itemId).execute();
    await t.app.ctx.db.updateTable('installation_items').set({ also_remove: '"--purge"' }).where('id', '=', cowsay.itemId).execute();

    const agent = await ProtocolAgent.connect(url, machine.credential);
    const { job } = await agent.next('job.assign');
    expect(job.items).toEqual([]);
    const read = (await installationsOf(t, (await signInAgain(t, owner)).token).get(created.id)).body;
    for (const app of [apps[0]!, apps[1]!])
      expect(itemFor(read, app)).toMatchObject({
        status: 'failed',
        message: 'This app could not be sent: its stored job is damaged. Start the installation again.',
      });

    // The hub carries on: the job ends as usual.
    agent.send({ type: 'job.done', jobId: job.jobId });
    await eventually(
      async () => (await installationsOf(t, (await signInAgain(t, owner)).token).get(created.id)).body.status,
      (status) => status === 'failed',
      'the installation',
    );
    await agent.close();
  });

  it('answers a repeated Idempotency-Key with the same installation', async () => {
    const { list, machine, installs } = await world(t, admin);
    const one = await installs.create({ listId: list.id, deviceIds: [machine.deviceId] }, 'key-1');
    const two = await installs.create({ listId: list.id, deviceIds: [machine.deviceId] }, 'key-1');
    expect(two.status).toBe(201);
    expect(two.body.id).toBe(one.body.id);
    expect((await installs.list()).body.installations.filter((entry) => entry.id === one.body.id)).toHaveLength(1);
  });

  it("refuses browsers, other people's devices and lists, and empty requests, each with its code", async () => {
    const { owner, list, machine, installs } = await world(t, admin);
    expect((await installs.create({ listId: list.id, deviceIds: [owner.deviceId] })).body).toMatchObject({ code: 'DEVICE_NOT_ELIGIBLE' });
    expect((await installs.create({ listId: list.id, deviceIds: [] })).body).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await installs.create({ deviceIds: [machine.deviceId] })).body).toMatchObject({ code: 'VALIDATION_ERROR' });

    const stranger = await registerUser(t.api);
    const theirs = installationsOf(t, stranger.token);
    expect((await theirs.create({ listId: list.id, deviceIds: [machine.deviceId] })).status).toBe(404);
    const ownList = (await listsOf(t, stranger.token).create('Mine')).body;
    expect((await theirs.create({ listId: ownList.id, deviceIds: [machine.deviceId] })).body).toMatchObject({ code: 'LIST_EMPTY' });
    const created = (await installs.create({ listId: list.id, deviceIds: [machine.deviceId] })).body;
    expect((await theirs.get(created.id)).body).toMatchObject({ code: 'INSTALLATION_NOT_FOUND' });
    expect((await theirs.cancel(created.id)).status).toBe(404);
    expect((await theirs.inventory(machine.deviceId)).body).toMatchObject({ code: 'DEVICE_NOT_FOUND' });
    expect((await installs.get(created.id)).body.status).toBe('waiting');
  });

  it('previews install, already installed and not available from the last inventory', async () => {
    const { apps, list, machine, installs } = await world(t, admin);
    // Another catalogue app of the same package, in none of the owner's lists: the machine has it, nobody chose it.
    const [unchosen] = await catalogueOf(
      t,
      (await signInAgain(t, admin)).token,
      1,
      `Unchosen ${Math.random().toString(36).slice(2, 7)}`,
      () => ({
        apt_package: 'cowsay',
      }),
    );
    const agent = await ProtocolAgent.connect(url, machine.credential, ['apt']);
    await agent.next('inventory.request');
    agent.send({
      type: 'inventory',
      packages: [{ manager: 'apt', id: 'cowsay', installedVersion: '3.03+dfsg2-8', availableVersion: '3.04' }],
    });
    const inventory = await eventually(
      () => installs.inventory(machine.deviceId),
      (res) => res.body.checkedAt !== null,
      'the inventory',
    );
    // Every catalogue app packaged as apt's cowsay is installed there; hello is not.
    expect(inventory.body.apps).toContainEqual({
      appId: apps[1]!.app_id,
      name: apps[1]!.name,
      manager: 'apt',
      packageId: 'cowsay',
      installedVersion: '3.03+dfsg2-8',
      availableVersion: '3.04',
      pinnedVersion: null,
      // In the owner's list: offered for removal.
      chosen: true,
      heldUpdate: null,
      securityUpdate: false,
    });
    expect(inventory.body.apps.find((app) => app.appId === unchosen!.app_id)).toMatchObject({ packageId: 'cowsay', chosen: false });
    expect(inventory.body.apps.map((app) => app.name)).not.toContain(apps[0]!.name);
    expect(inventory.body.checkedAt).not.toBeNull();

    const preview = await installs.preview({ listId: list.id, deviceIds: [machine.deviceId] });
    expect(preview.status).toBe(200);
    expect(preview.body.devices[0]!.items.map((item) => [item.action, item.reason, item.installedVersion])).toEqual([
      ['install', null, null],
      ['already_installed', null, '3.03+dfsg2-8'],
      ['unavailable', 'Not available on Linux', null],
    ]);
    await agent.close();
  });

  it("tells a deactivated device's agent, closes its connection and refuses its credential", async () => {
    const { owner, machine } = await world(t, admin);
    const agent = await ProtocolAgent.connect(url, machine.credential);
    t.clock.advanceHours(25);
    const fresh = await signInAgain(t, owner);
    expect((await devicesOf(t, fresh).deactivate(machine.deviceId, true)).body).toMatchObject({ success: true });
    expect(await agent.next('device.deactivated')).toEqual({ type: 'device.deactivated', removeClient: true });
    expect(await agent.closed()).toBe(4401);
    await expect(ProtocolAgent.connect(url, machine.credential)).rejects.toThrow('upgrade refused: 401');
  });

  it('closes an agent deactivated before it said hello, too', async () => {
    const { owner, machine } = await world(t, admin);
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/agent/ws`, {
      headers: { authorization: `Bearer ${machine.credential}` },
    });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('open', resolve));
    t.clock.advanceHours(25);
    const fresh = await signInAgain(t, owner);
    expect((await devicesOf(t, fresh).deactivate(machine.deviceId, false)).body).toMatchObject({ success: true });
    expect(await closed).toBe(4401);
  });

  it('refuses a connection without a valid credential before reading anything, and ignores what is not in the protocol', async () => {
    await expect(ProtocolAgent.connect(url, 'not-a-credential')).rejects.toThrow('upgrade refused: 401');
    const { machine } = await world(t, admin);
    const agent = await ProtocolAgent.connect(url, machine.credential);
    agent.sendRaw('{"type":"job.delete"}');
    agent.sendRaw('not json');
    agent.send({ type: 'heartbeat' });
    const health = await t.api.get<{ status: string }>('/api/health');
    expect(health.body.status).toBe('ok');
    expect(agent.closeCode).toBeNull();
    await agent.close();
  });

  it("streams the owner's changes to the owner's browsers only", async () => {
    const { owner, list, machine, installs } = await world(t, admin);
    const stranger = await registerUser(t.api);
    const mine = await openEvents(url, owner.token);
    const theirs = await openEvents(url, stranger.token);
    const created = (await installs.create({ listId: list.id, deviceIds: [machine.deviceId] })).body;
    expect(await mine.next((event) => event.topic === 'installations')).toEqual({ topic: 'installations', id: created.id });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(theirs.seen).toEqual([]);
    mine.close();
    theirs.close();
    // A page that opens its stream just after a change (its first reads may predate it) is told
    // which topics changed, so it reads them again; another user's stream names none of them.
    const later = await openEvents(url, owner.token);
    const strangers = await openEvents(url, stranger.token);
    expect(await later.ready).toEqual({ recent: expect.arrayContaining(['installations']) });
    expect(await strangers.ready).toEqual({ recent: [] });
    later.close();
    strangers.close();
    const refused = await fetch(`${url}/api/events`, { headers: { accept: 'text/event-stream' } });
    expect(refused.status).toBe(401);
    const wrongAccept = await fetch(`${url}/api/events`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(wrongAccept.status).toBe(406);
  });
});

/** Reads a server-sent event stream as a browser would (fetch, with the bearer token). */
async function openEvents(baseUrl: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const seen: { topic: string; id: string }[] = [];
  const waiters: { check: (event: { topic: string; id: string }) => boolean; resolve: (event: { topic: string; id: string }) => void }[] =
    [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let onReady: (data: unknown) => void = () => undefined;
  const ready = new Promise<unknown>((resolve) => (onReady = resolve));
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame.split('\n').find((line) => line.startsWith('data: '));
        if (frame.includes('event: ready') && data) onReady(JSON.parse(data.slice(6)));
        if (!frame.includes('event: change') || !data) continue;
        const event = JSON.parse(data.slice(6)) as { topic: string; id: string };
        seen.push(event);
        for (const waiter of waiters.filter((w) => w.check(event))) waiter.resolve(event);
      }
    }
  })();
  return {
    seen,
    /** The `ready` event's data. */
    ready,
    next: (check: (event: { topic: string; id: string }) => boolean) =>
      new Promise<{ topic: string; id: string }>((resolve, reject) => {
        const found = seen.find(check);
        if (found) return resolve(found);
        waiters.push({ check, resolve });
        setTimeout(() => reject(new Error(`no such event; saw ${JSON.stringify(seen)}`)), 5_000);
      }),
    close: () => controller.abort(),
  };
}
