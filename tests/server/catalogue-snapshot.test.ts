import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';
import type { DeviceInventory } from '@shared/api/installations';
import type { NotificationsResponse } from '@shared/api/notifications';

import { buildServerIfStale, SERVER_BUNDLE } from '../../scripts/server-build.mjs';
import { AGENT_INVENTORY_MIN_GAP_MS } from '../../src/server/security/agent-limits';
import { eventually, listeningUrl, ProtocolAgent } from './helpers/agent';
import { createApp } from './helpers/catalogue';
import { adminBrowser, enrollMachine, type Browser } from './helpers/devices';
import type { ApiError } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Each server process keeps the catalogue in memory for the agent's hello (what to report) and
 * for every inventory report (which apps are out of date), instead of reading every app from the
 * database each time. An admin's change is seen by the very next hello and report of the process
 * it was made on, and by the other processes once the bus tells them.
 */
describe('the catalogue as agents see it, after an admin changes it', () => {
  let t: TestApp;
  let url: string;
  let admin: Browser;
  let machine: { deviceId: string; credential: string };
  const agents: ProtocolAgent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    url = await listeningUrl(t);
    admin = await adminBrowser(t);
    await setPlan(t, admin.user.user.id, 'premium');
    machine = await enrollMachine(t, admin, 'Build server');
  });
  afterAll(async () => {
    for (const agent of agents) await agent.close().catch(() => undefined);
    await t.close();
  });

  const connect = async (base = url) => {
    const agent = await ProtocolAgent.connect(base, machine.credential);
    agents.push(agent);
    return agent;
  };
  /** The apt packages the next hello is asked about, sorted. */
  const askedOnHello = async (base = url) => {
    const agent = await connect(base);
    const request = await agent.next('inventory.request');
    await agent.close();
    return request.packages
      .filter((entry) => entry.manager === 'apt')
      .map((entry) => entry.id)
      .sort();
  };
  const edit = (app: App, changes: Partial<App>) =>
    t.api.put<App & ApiError>(
      `/catalogue/apps/${app.app_id}`,
      {
        name: app.name,
        description: app.description,
        category: app.category,
        website: app.website,
        file_size_kb: app.file_size_kb,
        winget_id: app.winget_id,
        homebrew_cask: app.homebrew_cask,
        homebrew_formula: app.homebrew_formula,
        apt_package: app.apt_package,
        flatpak_id: app.flatpak_id,
        snap_name: app.snap_name,
        ...changes,
      },
      admin.token,
    );

  it('the next hello is asked about the apps as the admin left them: edited, deleted and added', async () => {
    const [first, second] = await catalogueOf(t, admin.token, 2, 'Snapshot', (i) => ({ apt_package: `snapshot-pkg-${i}` }));
    expect(await askedOnHello()).toEqual(['snapshot-pkg-1', 'snapshot-pkg-2']);

    expect((await edit(first!, { apt_package: 'snapshot-renamed' })).status).toBe(200);
    expect(await askedOnHello()).toEqual(['snapshot-pkg-2', 'snapshot-renamed']);

    expect((await t.api.delete<ApiError>(`/catalogue/apps/${second!.app_id}`, admin.token)).status).toBe(200);
    expect(await askedOnHello()).toEqual(['snapshot-renamed']);

    await createApp(t.api, admin.token, { name: 'Snapshot added', category: first!.category, apt_package: 'snapshot-added' });
    expect(await askedOnHello()).toEqual(['snapshot-added', 'snapshot-renamed']);
  });

  it("the next inventory report names the app as the admin renamed it in the owner's update notice", async () => {
    const [app] = await catalogueOf(t, admin.token, 1, 'Notice', () => ({ apt_package: 'notice-pkg' }));
    const agent = await connect();
    await agent.next('inventory.request');
    const notices = async () =>
      (await t.api.get<NotificationsResponse & ApiError>('/api/notifications', admin.token)).body.notifications.filter(
        (notice) => notice.kind === 'updates_available',
      );
    const report = (available: string) => {
      t.clock.advance(AGENT_INVENTORY_MIN_GAP_MS);
      agent.send({
        type: 'inventory',
        packages: [{ manager: 'apt', id: 'notice-pkg', installedVersion: '1.0', availableVersion: available }],
      });
    };
    const settled = async () => {
      await t.app.ctx.tasks.flush();
      return notices();
    };

    report('1.1');
    const before = await eventually(settled, (list) => list.some((n) => n.body === 'Notice 1: 1.0 → 1.1'), 'the first notice');
    expect(before.some((n) => n.body.includes('Notice renamed'))).toBe(false);

    expect((await edit(app!, { name: 'Notice renamed' })).status).toBe(200);
    report('1.2');
    await eventually(settled, (list) => list.some((n) => n.body === 'Notice renamed: 1.0 → 1.2'), 'the notice under the new name');
  });

  it('asks a machine about an app an index brought only once its owner chose it, and at once when they do', async () => {
    const [curated] = await catalogueOf(t, admin.token, 1, 'Curated', () => ({ apt_package: 'curated-pkg' }));
    const now = t.clock.now().toISOString();
    const indexed = await t.app.ctx.db
      .insertInto('apps')
      .values({
        name: 'Indexed tool',
        description: '',
        category_id: curated!.category,
        website: '',
        apt_package: 'indexed-pkg',
        curated: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.ctx.catalogue.changed();
    const asked = await askedOnHello();
    expect(asked).toContain('curated-pkg');
    expect(asked).not.toContain('indexed-pkg');

    const agent = await connect();
    await agent.next('inventory.request');
    const list = (await listsOf(t, admin.token).create('Tools')).body;
    expect((await listsOf(t, admin.token).add(list.id, indexed.id)).status).toBe(201);
    const again = await agent.next('inventory.request');
    expect(again.packages).toContainEqual({ manager: 'apt', id: 'indexed-pkg' });

    // An imported list with two such apps: asked again, about both.
    for (const name of ['Indexed two', 'Indexed three'])
      await t.app.ctx.db
        .insertInto('apps')
        .values({
          name,
          description: '',
          category_id: curated!.category,
          website: '',
          apt_package: name.toLowerCase().replace(' ', '-'),
          curated: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    await t.app.ctx.catalogue.changed();
    const imported = await t.api.post<ApiError>(
      '/api/lists/import',
      { format: 'text', name: 'More tools', content: 'Indexed two\nIndexed three\n' },
      admin.token,
    );
    expect(imported.status).toBe(201);
    const once = await agent.next('inventory.request');
    expect(once.packages).toEqual(
      expect.arrayContaining([
        { manager: 'apt', id: 'indexed-two' },
        { manager: 'apt', id: 'indexed-three' },
      ]),
    );
    await agent.close();
    expect(await askedOnHello()).toContain('indexed-pkg');
  });

  it("a machine's installed apps are the catalogue apps of its packages, as the admin left them", async () => {
    const [moved, shared] = await catalogueOf(t, admin.token, 2, 'Installed', (i) => ({ apt_package: `installed-pkg-${i}` }));
    // Two catalogue apps may carry the same package: both are on the machine.
    const twin = await createApp(t.api, admin.token, {
      name: 'Installed twin',
      category: shared!.category,
      apt_package: 'installed-pkg-2',
    });
    const agent = await connect();
    await agent.next('inventory.request');
    t.clock.advance(AGENT_INVENTORY_MIN_GAP_MS);
    agent.send({
      type: 'inventory',
      packages: ['installed-pkg-1', 'installed-pkg-2', 'installed-elsewhere'].map((id) => ({
        manager: 'apt' as const,
        id,
        installedVersion: '1.0',
        availableVersion: null,
      })),
    });
    const installed = () =>
      t.api
        .get<DeviceInventory>(`/api/devices/${machine.deviceId}/inventory`, admin.token)
        .then((response) => response.body.apps.filter((app) => app.name.startsWith('Installed')).map((app) => app.name));
    expect(await eventually(installed, (names) => names.length === 3, 'the report')).toEqual([
      'Installed 1',
      'Installed 2',
      'Installed twin',
    ]);

    expect((await edit(moved!, { apt_package: 'installed-elsewhere', name: 'Installed moved' })).status).toBe(200);
    expect(await installed()).toEqual(['Installed 2', 'Installed moved', 'Installed twin']);
    expect((await t.api.delete<ApiError>(`/catalogue/apps/${twin.app_id}`, admin.token)).status).toBe(200);
    expect(await installed()).toEqual(['Installed 2', 'Installed moved']);
  });

  /** PostgreSQL only: a second OS process on the same database hears of the change over LISTEN/NOTIFY. */
  describe.skipIf(process.env.TEST_DB !== 'postgres')('with a second server process', () => {
    let second: ChildProcess | null = null;
    afterAll(async () => {
      if (second && second.exitCode === null) {
        const exited = new Promise((resolve) => second?.once('exit', resolve));
        second.kill('SIGTERM');
        await exited;
      }
    });

    it('an edit made through one process reaches the hellos of the other', async () => {
      const secondUrl = await startSecondProcess(t.config.databaseUrl, (child) => (second = child));
      const [app] = await catalogueOf(t, admin.token, 1, 'Across', () => ({ apt_package: 'across-pkg' }));
      // The second process has read the catalogue (and keeps it) before the edit.
      expect(await askedOnHello(secondUrl)).toContain('across-pkg');

      expect((await edit(app!, { apt_package: 'across-edited' })).status).toBe(200);
      const asked = await eventually(
        () => askedOnHello(secondUrl),
        (ids) => ids.includes('across-edited'),
        "the second process's hello asking about the edited package",
      );
      expect(asked).not.toContain('across-pkg');
    }, 60_000);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `npm start`'s server bundle as a second OS process on the same database; answers its URL. */
async function startSecondProcess(databaseUrl: string, started: (child: ChildProcess) => void): Promise<string> {
  await buildServerIfStale();
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      WEB_DIR: '/nonexistent-web-dir',
      CATALOGUE_SEED_FILE: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  started(child);
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the second server process exited with ${child.exitCode}`);
    const up = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return url;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the second server process did not answer within 10 s');
}
