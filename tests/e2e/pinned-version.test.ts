import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inDarkMode, launchBrowser, screenshot } from './helpers/browser';
import { addAppsToCatalogue } from './helpers/catalogue-admin';
import { LocalAptRepo } from './helpers/local-apt-repo';
import { enrolThisMachine, HeadlessAgent, installedVersion } from './helpers/machine';
import { buyPremium } from './helpers/payment';
import { startServer, type RunningServer } from './helpers/server';
import { createListWithApps, field, newPerson, pageApi, see, signUp } from './helpers/ui';

const PACKAGE = 'loadout-demo-pinned';
const APP = { name: 'Loadout Pinned Demo', apt: PACKAGE };
const PINNED = '1.0-1';
const NEWER = '2.0-1';
const JOB_TIMEOUT_MS = 120_000;

const isRoot = process.getuid?.() === 0;

/** The packages apt-mark holds on this machine. */
function heldPackages(): string[] {
  return execFileSync('apt-mark', ['showhold'], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

type Created = { id: string; targets: Array<{ items: Array<{ status: string; message: string | null }> }> };

/**
 * A pinned version, nothing simulated: a local `file:` repository holds the same package at 1.0
 * and 2.0; the list pins 1.0; installing the list installs 1.0 (not the newest) and apt-mark holds
 * it; "Update all", an upgrade outside Loadout and an update policy all leave it at 1.0; unpinning and
 * uninstalling leave no hold and no package. Needs root (CI runs as root), and the apt lock.
 */
describe.skipIf(!isRoot && process.env.CI !== 'true')('a pinned version on a real machine', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const agent = new HeadlessAgent();
  const repo = new LocalAptRepo(PACKAGE);
  let deviceId = '';
  let listId = '';
  let appId = 0;

  beforeAll(async () => {
    if (!isRoot) throw new Error('This test installs a real package with apt and must run as root (CI does).');
    if (installedVersion(PACKAGE) !== null) throw new Error(`${PACKAGE} is installed already: a run before this one did not clean up`);
    repo.publish(repo.build(PINNED));
    repo.publish(repo.build(NEWER));
    server = await startServer({ CATALOGUE_SEED_FILE: '' });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  }, 60_000);
  afterAll(async () => {
    await agent.stop();
    // Whatever happened above: no hold and no package of this test stay on the machine.
    try {
      execFileSync('apt-mark', ['unhold', PACKAGE], { stdio: 'ignore' });
    } catch {
      // Not known to dpkg: nothing held.
    }
    repo.remove();
    await browser?.close();
    await server?.stop();
  });

  it('pins 1.0 on the list item, shown as "pinned at 1.0-1" at 1440 and 390, light and dark', async () => {
    await signUp(page, server.url, newPerson('pin-user'));
    await addAppsToCatalogue(page, server.url, 'Utilities', [APP]);
    const card = await createListWithApps(page, server.url, 'Pinned tools', [APP.name]);
    await buyPremium(page, server.url);
    deviceId = await enrolThisMachine(page, server.url, agent);

    await page.goto(`${server.url}/app-list`);
    const pinButton = card.getByRole('button', { name: `Pin a version of ${APP.name}` });
    const showApps = card.getByRole('button', { name: 'Show apps' });
    await pinButton.or(showApps).first().waitFor();
    if (!(await pinButton.isVisible())) await showApps.click();
    await pinButton.click();
    const dialog = page.getByRole('dialog', { name: `Pin ${APP.name}` });
    // An option-like version is refused before it is sent.
    await field(dialog, 'Version').fill('--allow-downgrades');
    await dialog.getByRole('button', { name: 'Pin', exact: true }).click();
    await dialog.getByText(/Not a valid version/).waitFor();
    await field(dialog, 'Version').fill(PINNED);
    await dialog.getByRole('button', { name: 'Pin', exact: true }).click();
    await see(page, `${APP.name} is pinned at ${PINNED}`);
    await card.getByText(`pinned at ${PINNED}`).waitFor();
    await screenshot(page, '80-pinned-item');
    await inDarkMode(page, 'Pinned tools', async () => {
      await page.getByText(`pinned at ${PINNED}`).first().waitFor();
      await screenshot(page, '80-pinned-item-dark');
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText(`pinned at ${PINNED}`).first().waitFor();
    await screenshot(page, '80-pinned-item-390');
    await inDarkMode(page, 'Pinned tools', async () => {
      await page.getByText(`pinned at ${PINNED}`).first().waitFor();
      await screenshot(page, '80-pinned-item-390-dark');
    });
    await page.setViewportSize({ width: 1440, height: 900 });

    const lists = await pageApi<Array<{ id: string; name: string }>>(page, 'GET', '/api/lists');
    listId = lists.body.find((list) => list.name === 'Pinned tools')?.id ?? '';
    const items = await pageApi<{ items: Array<{ app_id: number; pinnedVersion: string | null }> }>(
      page,
      'GET',
      `/api/lists/${listId}/items`,
    );
    expect(items.body.items).toEqual([expect.objectContaining({ pinnedVersion: PINNED })]);
    appId = items.body.items[0]!.app_id;
  });

  it(
    'installs 1.0 (not the newest 2.0) and apt-mark holds it',
    async () => {
      const created = await pageApi<Created>(page, 'POST', '/api/installations', { listId, deviceIds: [deviceId] });
      expect(created.status).toBe(201);
      await expect.poll(() => installedVersion(PACKAGE), { timeout: JOB_TIMEOUT_MS, interval: 500 }).toBe(PINNED);
      await expect.poll(() => heldPackages(), { timeout: 30_000, interval: 500 }).toContain(PACKAGE);
      // The item says what happened, in the person's words.
      await expect
        .poll(
          async () =>
            (await pageApi<Created>(page, 'GET', `/api/installations/${created.body.id}`)).body.targets[0]?.items[0]?.message ?? '',
          { timeout: 30_000, interval: 500 },
        )
        .toBe(`Installed (${PINNED}); pinned, held (apt-mark hold)`);
      await page.goto(`${server.url}/installations/${created.body.id}`);
      await page.getByRole('table', { name: 'Apps on each device' }).getByRole('row').filter({ hasText: APP.name }).waitFor();
      await screenshot(page, '81-pinned-install');
    },
    JOB_TIMEOUT_MS + 30_000,
  );

  it(
    '"Update all", an upgrade outside Loadout and an update policy leave it at 1.0',
    async () => {
      // The agent reports 2.0 available; the device page says why there is no Update button.
      await page.goto(`${server.url}/devices/${deviceId}`);
      const row = page.getByRole('table', { name: 'Installed apps' }).getByRole('row').filter({ hasText: APP.name });
      await row.getByText(`pinned at ${PINNED}`).waitFor({ timeout: 60_000 });
      await row.getByText(`${NEWER} available`).waitFor({ timeout: 60_000 });
      expect(await row.getByRole('button', { name: `Update ${APP.name}` }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Update all/ }).count()).toBe(0);
      await screenshot(page, '82-device-pinned');
      await inDarkMode(page, APP.name, () => screenshot(page, '82-device-pinned-dark'));

      // "Update all" as the web app asks it: the pinned app is skipped with the reason, nothing is sent.
      const updateAll = await pageApi<Created>(page, 'POST', '/api/installations', {
        appIds: [appId],
        deviceIds: [deviceId],
        kind: 'upgrade',
      });
      expect(updateAll.status).toBe(201);
      expect(updateAll.body.targets[0]!.items).toEqual([expect.objectContaining({ status: 'skipped', message: `Pinned at ${PINNED}` })]);

      // Outside Loadout: apt's own hold keeps it.
      try {
        execFileSync('apt-get', ['install', '-y', '-q', '--only-upgrade', PACKAGE], {
          stdio: 'ignore',
          env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
        });
      } catch {
        // apt refuses to change a held package with -y: that is the point.
      }
      expect(installedVersion(PACKAGE)).toBe(PINNED);

      // The machine's policy, its window open now: it runs and plans nothing for the pinned app.
      const opensNow = server.clock.now().toISOString().slice(11, 16);
      const policy = await pageApi<{ id: string }>(page, 'POST', '/api/update-policies', {
        deviceId,
        cadence: 'daily',
        time: opensNow,
        timeZone: 'UTC',
      });
      expect(policy.status).toBe(201);
      await server.app.ctx.db.updateTable('devices').set({ time_zone: 'UTC' }).where('device_id', '=', deviceId).execute();
      expect(await server.app.services.policyRunner.openWindows()).toBe(0);
      // Its window was looked at for this machine, and found nothing to send.
      const runs = await server.app.ctx.db
        .selectFrom('update_policy_runs')
        .select('installation_id')
        .where('policy_id', '=', policy.body.id)
        .execute();
      expect(runs).toEqual([{ installation_id: null }]);
      const installs = await pageApi<{ installations: Array<{ kind: string }> }>(page, 'GET', '/api/installations');
      // The install and the skipped "Update all"; the policy's window made nothing.
      expect(installs.body.installations.map((installation) => installation.kind).sort()).toEqual(['install', 'upgrade']);
      expect(installedVersion(PACKAGE)).toBe(PINNED);
      expect(heldPackages()).toContain(PACKAGE);
    },
    JOB_TIMEOUT_MS,
  );

  it(
    'unpinned and uninstalled: no hold is left and the package is gone',
    async () => {
      const unpinned = await pageApi<{ pinnedVersion: string | null }>(page, 'DELETE', `/api/lists/${listId}/items/${appId}/pin`);
      expect(unpinned.status).toBe(200);
      expect(unpinned.body.pinnedVersion).toBeNull();
      const removed = await pageApi<Created>(page, 'POST', '/api/installations', {
        appIds: [appId],
        deviceIds: [deviceId],
        kind: 'uninstall',
      });
      expect(removed.status).toBe(201);
      await expect.poll(() => installedVersion(PACKAGE), { timeout: JOB_TIMEOUT_MS, interval: 500 }).toBeNull();
      expect(heldPackages()).not.toContain(PACKAGE);
    },
    JOB_TIMEOUT_MS + 30_000,
  );
});
