import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AgentMessage } from '@shared/agent/protocol';
import type { App } from '@shared/api/catalogue';
import type { HistoryResponse } from '@shared/api/history';
import { DAY_MS, MINUTE_MS } from '@shared/time';

import { buildApp } from '../../src/server/app';
import { insertHistory } from '../../src/server/db/repositories/update-history.repository';
import { newId } from '../../src/server/security/tokens';
import { eventually, installationsOf, listeningUrl, ProtocolAgent } from './helpers/agent';
import { adminBrowser, enrollMachine, signInAgain, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

type Report = Extract<AgentMessage, { type: 'item.progress' }>;

/** The devices row behind a public device id (history rows point at the row). */
async function deviceRowOf(t: TestApp, deviceId: string) {
  return t.app.ctx.db
    .selectFrom('devices')
    .select(['id', 'user_id', 'device_name'])
    .where('device_id', '=', deviceId)
    .executeTakeFirstOrThrow();
}

describe('update history', () => {
  let t: TestApp;
  let url: string;
  let admin: Browser;
  let owner: Browser;
  let hello: App;
  let cowsay: App;
  let listId: string;
  let machine: { deviceId: string; credential: string };
  let installId: string;
  let upgradeId: string;

  const history = (query = '', token = owner.token) => t.api.get<HistoryResponse & ApiError>(`/api/history${query}`, token);

  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
    admin = await adminBrowser(t);
    owner = await adminBrowser(t);
    await setPlan(t, owner.user.user.id, 'premium');
    const apps = await catalogueOf(t, (await signInAgain(t, admin)).token, 2, 'History', (i) =>
      i === 1 ? { apt_package: 'hello' } : { apt_package: 'cowsay' },
    );
    if (!apps[0] || !apps[1]) throw new Error('no apps');
    [hello, cowsay] = [apps[0], apps[1]];
    const list = (await listsOf(t, owner.token).create('Workstation')).body;
    listId = list.id;
    for (const app of [hello, cowsay]) await listsOf(t, owner.token).add(list.id, app.app_id);
    machine = await enrollMachine(t, owner, 'Build server');

    const installs = installationsOf(t, owner.token);
    const agent = await ProtocolAgent.connect(url, machine.credential);
    try {
      const report = (jobId: string, itemId: string, fields: Partial<Report>): void =>
        agent.send({
          type: 'item.progress',
          jobId,
          itemId,
          status: 'succeeded',
          manager: 'apt',
          version: null,
          exitCode: 0,
          message: '',
          log: '',
          ...fields,
        });

      // 1. The list is installed: hello succeeds (reported twice), cowsay fails.
      const install = await installs.create({ listId: list.id, deviceIds: [machine.deviceId] });
      installId = install.body.id;
      const { job } = await agent.next('job.assign', (message) => message.job.installationId === installId);
      agent.send({ type: 'job.ack', jobId: job.jobId });
      const [helloItem, cowsayItem] = job.items;
      report(job.jobId, helloItem!.itemId, { status: 'installing', version: null, exitCode: null, message: 'Installing' });
      report(job.jobId, helloItem!.itemId, { version: '2.10-2', message: 'Installed 2.10-2' });
      report(job.jobId, helloItem!.itemId, { version: '2.10-2', message: 'Installed 2.10-2' });
      await eventually(
        () => installs.get(installId),
        (res) => res.body.targets[0]?.items.find((item) => item.itemId === helloItem!.itemId)?.status === 'succeeded',
        'hello installed',
      );
      t.clock.advance(MINUTE_MS);
      // A package manager's message that a spreadsheet would run as a formula.
      report(job.jobId, cowsayItem!.itemId, {
        status: 'failed',
        version: null,
        exitCode: 100,
        message: '=HYPERLINK("http://evil.example","click"), then -1',
        log: 'E: Unable to locate package cowsay',
      });
      agent.send({ type: 'job.done', jobId: job.jobId });
      await eventually(
        () => installs.get(installId),
        (res) => res.body.status === 'failed',
        'the install finished',
      );

      // 2. The agent's inventory now shows hello with a newer version available; it is upgraded.
      agent.send({
        type: 'inventory',
        packages: [{ manager: 'apt', id: 'hello', installedVersion: '2.10-2', availableVersion: '2.10-3' }],
      });
      await eventually(
        () => installs.inventory(machine.deviceId),
        (res) => res.body.apps?.length === 1,
        'the inventory',
      );
      t.clock.advance(MINUTE_MS);
      const upgrade = await installs.create({ kind: 'upgrade', appIds: [hello.app_id], deviceIds: [machine.deviceId] });
      upgradeId = upgrade.body.id;
      const next = await agent.next('job.assign', (message) => message.job.installationId === upgradeId);
      agent.send({ type: 'job.ack', jobId: next.job.jobId });
      report(next.job.jobId, next.job.items[0]!.itemId, { version: '2.10-3', message: 'Upgraded to 2.10-3' });
      // Repeated after the job ended (at-least-once delivery): nothing new.
      agent.send({ type: 'job.done', jobId: next.job.jobId });
      report(next.job.jobId, next.job.items[0]!.itemId, { version: '2.10-3', message: 'Upgraded to 2.10-3' });
      await eventually(
        () => installs.get(upgradeId),
        (res) => res.body.status === 'succeeded',
        'the upgrade finished',
      );
    } finally {
      await agent.close();
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('records each finished app once, with the versions before and after, newest first', async () => {
    const res = await history();
    expect(res.status).toBe(200);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.entries).toHaveLength(3);
    const [upgraded, failed, installed] = res.body.entries;
    expect(upgraded).toMatchObject({
      deviceId: machine.deviceId,
      deviceName: 'Build server',
      appId: hello.app_id,
      appName: hello.name,
      listId: null,
      installationId: upgradeId,
      kind: 'upgrade',
      outcome: 'succeeded',
      manager: 'apt',
      versionBefore: '2.10-2',
      versionAfter: '2.10-3',
      message: 'Upgraded to 2.10-3',
    });
    expect(failed).toMatchObject({ appId: cowsay.app_id, kind: 'install', outcome: 'failed', versionBefore: null, versionAfter: null });
    expect(installed).toMatchObject({
      appId: hello.app_id,
      listId,
      listName: 'Workstation',
      installationId: installId,
      kind: 'install',
      outcome: 'succeeded',
      versionBefore: null,
      versionAfter: '2.10-2',
    });
    expect(new Date(upgraded!.createdAt).getTime()).toBeGreaterThan(new Date(installed!.createdAt).getTime());
  });

  it('filters by device, app, list, kind, outcome and time', async () => {
    const count = async (query: string) => {
      const res = await history(query);
      expect(res.status, query).toBe(200);
      return res.body.entries.length;
    };
    expect(await count(`?deviceId=${machine.deviceId}`)).toBe(3);
    expect(await count(`?appId=${hello.app_id}`)).toBe(2);
    expect(await count(`?listId=${listId}`)).toBe(2);
    expect(await count('?kind=upgrade')).toBe(1);
    expect(await count('?kind=uninstall')).toBe(0);
    expect(await count('?outcome=failed')).toBe(1);
    expect(await count(`?appId=${hello.app_id}&kind=install&outcome=succeeded`)).toBe(1);
    const all = (await history()).body.entries;
    const newest = all[0]!.createdAt;
    expect(await count(`?from=${encodeURIComponent(newest)}`)).toBe(1);
    expect(await count(`?to=${encodeURIComponent(newest)}`)).toBe(2);
    // Any offset, compared as the same instant.
    const inParis = new Date(new Date(newest).getTime() + 60 * MINUTE_MS).toISOString().replace('Z', '+01:00');
    expect(await count(`?from=${encodeURIComponent(inParis)}`)).toBe(1);
  });

  it('pages newest first with a cursor, without repeating or losing an entry', async () => {
    const all = (await history()).body.entries.map((entry) => entry.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof history>> = await history(`?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.entries).toHaveLength(1);
      seen.push(...res.body.entries.map((entry) => entry.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    const two = await history('?limit=2');
    expect(two.body.entries.map((entry) => entry.id)).toEqual(all.slice(0, 2));
    expect(two.body.nextCursor).not.toBeNull();
  });

  it('refuses bad filters with 400 VALIDATION_ERROR', async () => {
    for (const query of [
      '?limit=0',
      '?limit=201',
      '?limit=ten',
      '?kind=reinstall',
      '?outcome=maybe',
      '?appId=-1',
      '?appId=99999999999',
      '?from=yesterday',
      '?to=2026-13-01T00:00:00Z',
      '?cursor=not-a-cursor',
      `?cursor=${'9'.repeat(300)}`,
      '?deviceId=%3Cscript%3E',
    ]) {
      const res = await history(query);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('VALIDATION_ERROR');
      const csv = await t.api.get<ApiError>(`/api/history/export.csv${query}`, owner.token);
      if (!query.startsWith('?limit') && !query.startsWith('?cursor')) expect(csv.status, query).toBe(400);
    }
  });

  it('shows another user nothing of it, whatever ids they pass, and no one without signing in', async () => {
    const other = await adminBrowser(t);
    for (const query of ['', `?deviceId=${machine.deviceId}`, `?appId=${hello.app_id}`, `?listId=${listId}`]) {
      const res = await history(query, other.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ entries: [], nextCursor: null });
    }
    const csv = await t.api.get<string>('/api/history/export.csv', other.token);
    expect(csv.status).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);
    expect((await t.api.get('/api/history')).status).toBe(401);
    expect((await t.api.get('/api/history/export.csv')).status).toBe(401);
  });

  it('answers a personal API key like the session', async () => {
    const key = await t.api.post<{ key: string }>('/api/api-keys', { name: 'Reporting' }, owner.token);
    expect(key.status).toBe(201);
    const res = await history('', key.body.key);
    expect(res.status).toBe(200);
    expect(res.body.entries).toHaveLength(3);
    expect((await t.api.get('/api/history/export.csv', key.body.key)).status).toBe(200);
  });

  it('exports the same rows as CSV, quoted, with formulas defused', async () => {
    const res = await t.api.get<string>(`/api/history/export.csv?deviceId=${machine.deviceId}`, owner.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="loadout-history.csv"');
    const lines = res.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('When (UTC),Device,App,List,Action,Outcome,Package manager,Version before,Version after,Message');
    expect(lines).toHaveLength(5);
    const entries = (await history()).body.entries;
    expect(lines[1]).toBe(`${entries[0]!.createdAt},Build server,${hello.name},,upgrade,succeeded,apt,2.10-2,2.10-3,Upgraded to 2.10-3`);
    // The leading = gets an apostrophe; the comma and quotes make it a quoted cell (RFC 4180).
    expect(lines[2]).toBe(
      `${entries[1]!.createdAt},Build server,${cowsay.name},Workstation,install,failed,apt,,,"'=HYPERLINK(""http://evil.example"",""click""), then -1"`,
    );
    const failedOnly = await t.api.get<string>('/api/history/export.csv?outcome=failed', owner.token);
    expect(failedOnly.body.split('\r\n')).toHaveLength(3);
  });

  it('records an uninstall with the version it removed and none after', async () => {
    const installs = installationsOf(t, owner.token);
    const agent = await ProtocolAgent.connect(url, machine.credential);
    try {
      const removal = await installs.create({ kind: 'uninstall', appIds: [hello.app_id, cowsay.app_id], deviceIds: [machine.deviceId] });
      expect(removal.status).toBe(201);
      const { job } = await agent.next('job.assign', (message) => message.job.installationId === removal.body.id);
      agent.send({ type: 'job.ack', jobId: job.jobId });
      agent.send({
        type: 'item.progress',
        jobId: job.jobId,
        itemId: job.items[0]!.itemId,
        status: 'succeeded',
        manager: 'apt',
        version: '2.10-2',
        exitCode: 0,
        message: 'Removed',
        log: '',
      });
      // cowsay was put on the machine by hand: neither an inventory nor a record of this server knows it.
      agent.send({
        type: 'item.progress',
        jobId: job.jobId,
        itemId: job.items[1]!.itemId,
        status: 'succeeded',
        manager: 'apt',
        version: '3.03+dfsg2-8',
        exitCode: 0,
        message: 'Removed (3.03+dfsg2-8)',
        log: '',
      });
      agent.send({ type: 'job.done', jobId: job.jobId });
      await eventually(
        () => installs.get(removal.body.id),
        (res) => res.body.status === 'succeeded',
        'the uninstall finished',
      );
    } finally {
      await agent.close();
    }
    const res = await history('?kind=uninstall');
    expect(res.body.entries).toHaveLength(2);
    const entryOf = (app: App) => res.body.entries.find((entry) => entry.appId === app.app_id);
    // The inventory still says 2.10-2 (no report since the upgrade); the upgrade recorded since then knows better.
    expect(entryOf(hello)).toMatchObject({ outcome: 'succeeded', versionBefore: '2.10-3', versionAfter: null });
    // Known to nobody here: the version the agent says it removed.
    expect(entryOf(cowsay)).toMatchObject({ outcome: 'succeeded', versionBefore: '3.03+dfsg2-8', versionAfter: null });
  });

  describe('pruning by plan', () => {
    /** Rows of one device at these ages in days. */
    async function rowsAged(deviceId: string, ages: number[]) {
      const device = await deviceRowOf(t, deviceId);
      const ids: Record<number, string> = {};
      for (const age of ages) {
        ids[age] = newId();
        await insertHistory(t.app.ctx.db, {
          id: ids[age],
          user_id: device.user_id,
          device_row_id: device.id,
          device_name: device.device_name,
          app_id: hello.app_id,
          app_name: hello.name,
          list_id: null,
          list_name: null,
          installation_id: 'seeded',
          kind: 'install',
          outcome: 'succeeded',
          manager: 'apt',
          version_before: null,
          version_after: '1.0',
          message: null,
          created_at: new Date(t.clock.now().getTime() - age * DAY_MS).toISOString(),
        });
      }
      return ids;
    }
    const remaining = async (userId: string) =>
      (await t.app.ctx.db.selectFrom('update_history').select('id').where('user_id', '=', userId).execute()).map((row) => row.id);

    it('keeps 7 days on Free and 30 on Premium and Annual Premium, once with two schedulers running', async () => {
      const free = await adminBrowser(t);
      const freeMachine = await enrollMachine(t, free, 'Free laptop');
      const annual = await adminBrowser(t);
      await setPlan(t, annual.user.user.id, 'annual-premium');
      const annualMachine = await enrollMachine(t, annual, 'Annual laptop');
      // A plan spelled with an underscore (annual_premium), as clients also send it, counts as that plan.
      const spelled = await adminBrowser(t);
      const spelledMachine = await enrollMachine(t, spelled, 'Spelled laptop');
      await t.app.ctx.db.updateTable('subscriptions').set({ plan: 'Annual_Premium' }).where('user_id', '=', spelled.user.user.id).execute();

      const freeRows = await rowsAged(freeMachine.deviceId, [6, 8, 29, 31]);
      const premiumRows = await rowsAged(machine.deviceId, [6, 8, 29, 31]);
      const annualRows = await rowsAged(annualMachine.deviceId, [29, 31]);
      const spelledRows = await rowsAged(spelledMachine.deviceId, [29, 31]);
      const recorded = await remaining(owner.user.user.id);

      // Two runs at once, one holds the lease and the other does nothing: two server processes on
      // one PostgreSQL database; on SQLite, two runs in one process.
      const second = process.env.TEST_DB === 'postgres' ? await buildApp(t.config, { clock: t.clock, logger: false }) : null;
      let runs: number[];
      try {
        runs = await Promise.all([t.app.services.history.prune(), (second ?? t.app).services.history.prune()]);
      } finally {
        await second?.close();
      }
      expect(runs.reduce((a, b) => a + b, 0)).toBe(3 + 1 + 1 + 1);
      expect(runs).toContain(0);

      expect(await remaining(free.user.user.id)).toEqual([freeRows[6]]);
      expect((await remaining(owner.user.user.id)).sort()).toEqual([...recorded.filter((id) => id !== premiumRows[31])].sort());
      expect(await remaining(annual.user.user.id)).toEqual([annualRows[29]]);
      expect(await remaining(spelled.user.user.id)).toEqual([spelledRows[29]]);

      // A day and a minute later the 6- and 29-day-old rows are past their plans' days (the injected clock decides).
      t.clock.advance(DAY_MS + MINUTE_MS);
      expect(await t.app.services.history.prune()).toBe(4);
      expect(await remaining(free.user.user.id)).toEqual([]);
      expect((await remaining(owner.user.user.id)).sort()).toEqual(
        [...recorded.filter((id) => id !== premiumRows[31] && id !== premiumRows[29])].sort(),
      );
      expect(await remaining(annual.user.user.id)).toEqual([]);
      expect(await t.app.services.history.prune()).toBe(0);
    });
  });
});
