import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inDarkMode, launchBrowser, screenshot } from './helpers/browser';
import { addAppsToCatalogue } from './helpers/catalogue-admin';
import { LocalAptRepo } from './helpers/local-apt-repo';
import { enrolThisMachine, HeadlessAgent, installedVersion } from './helpers/machine';
import { buyPremium } from './helpers/payment';
import { startServer, type RunningServer } from './helpers/server';
import { createListWithApps, newPerson, see, signUp } from './helpers/ui';

const PACKAGE = 'loadout-demo-upgrade';
const APP = { name: 'Loadout Demo', apt: PACKAGE };
const OLD = '1.0-1';
const NEW = '1.1-1';
const UPDATE_TIMEOUT_MS = 120_000;

const isRoot = process.getuid?.() === 0;

/**
 * Keeping a machine up to date, nothing simulated: a real package at an old version, its newer
 * version in an apt source (a local repository the test builds, since no Debian package can be
 * counted on to be out of date on CI's machine), the headless agent reporting it out of date,
 * one click on Update, and dpkg confirming the new version. Needs root (CI runs as root).
 */
describe.skipIf(!isRoot && process.env.CI !== 'true')('updating an out-of-date app on a real machine', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const agent = new HeadlessAgent();
  const repo = new LocalAptRepo(PACKAGE);
  let deviceId = '';

  beforeAll(async () => {
    if (!isRoot) throw new Error('This test installs a real package with dpkg and apt and must run as root (CI does).');
    if (installedVersion(PACKAGE) !== null) throw new Error(`${PACKAGE} is installed already: a run before this one did not clean up`);
    repo.installDirectly(repo.build(OLD));
    repo.publish(repo.build(NEW));
    expect(repo.upgradable()).toContain(`${NEW} all [upgradable from: ${OLD}]`);
    server = await startServer({ CATALOGUE_SEED_FILE: '' });
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
  }, 60_000);
  afterAll(async () => {
    await agent.stop();
    repo.remove();
    await browser?.close();
    await server?.stop();
  });

  it('shows the app out of date on the machine and in the list, once the agent has reported', async () => {
    // The first account is the admin: it adds the app to the catalogue, then uses it like anyone.
    await signUp(page, server.url, newPerson('update-user'));
    await addAppsToCatalogue(page, server.url, 'Utilities', [APP]);
    await createListWithApps(page, server.url, 'Kept current', [APP.name]);
    // Premium tells of updates in the notification centre (the bell).
    await buyPremium(page, server.url);
    deviceId = await enrolThisMachine(page, server.url, agent);
    expect(deviceId).not.toBe('');

    await page.goto(`${server.url}/devices/${deviceId}`);
    const inventory = page.getByRole('table', { name: 'Installed apps' });
    const row = inventory.getByRole('row').filter({ hasText: APP.name });
    await row.getByText(`${NEW} available`).waitFor({ timeout: 60_000 });
    expect(await row.textContent()).toContain(OLD);
    await page.getByRole('button', { name: 'Update all (1)' }).waitFor();
    await screenshot(page, '70-device-out-of-date');
    await inDarkMode(page, `${NEW} available`, () => screenshot(page, '70-device-out-of-date-dark'));

    // The bell tells of it, live.
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const centre = page.getByRole('dialog', { name: 'Notifications' });
    await centre.getByText('Update available on e2e-machine').waitFor();
    await centre.getByText(`${APP.name}: ${OLD} → ${NEW}`).waitFor();
    await screenshot(page, '70-bell-update-available');
    await page.keyboard.press('Escape');

    // The machine keeps the list in sync: following installs the list, which finds the app there already.
    await page.goto(`${server.url}/app-list`);
    const card = page.getByRole('region', { name: 'Kept current' });
    await card.getByRole('button', { name: 'More actions for Kept current' }).click();
    await page.getByRole('menuitem', { name: 'Keep in sync' }).click();
    const sync = page.getByRole('dialog', { name: 'Keep “Kept current” in sync' });
    const keep = sync.getByRole('switch', { name: 'Keep this device in sync' });
    await keep.click();
    await see(page, 'e2e-machine now keeps “Kept current” in sync. Its apps are being installed there.');
    await expect.poll(() => keep.isChecked()).toBe(true);
    await screenshot(page, '71-keep-in-sync');
    await page.keyboard.press('Escape');
    await expect.poll(() => installedVersion(PACKAGE), { timeout: 30_000 }).toBe(OLD);

    // The list's status on the machine: the app is there, out of date.
    await card.getByRole('button', { name: 'More actions for Kept current' }).click();
    await page.getByRole('menuitem', { name: 'Status on devices' }).click();
    const status = page.getByRole('dialog', { name: 'Kept current on your devices' });
    await status.getByText(`Out of date ${OLD} → ${NEW}`).waitFor({ timeout: 30_000 });
    await status.getByRole('button', { name: 'Update all on 1 device' }).waitFor();
    await screenshot(page, '72-list-status-out-of-date');
    await inDarkMode(page, 'Kept current', async () => {
      await card.getByRole('button', { name: 'More actions for Kept current' }).click();
      await page.getByRole('menuitem', { name: 'Status on devices' }).click();
      await status.getByText(`Out of date ${OLD} → ${NEW}`).waitFor();
      await screenshot(page, '72-list-status-out-of-date-dark');
    });
  });

  it(
    'updates it in one click, live, and dpkg shows the new version',
    async () => {
      await page.goto(`${server.url}/devices/${deviceId}`);
      await page.getByRole('button', { name: `Update ${APP.name}` }).click();
      await page.waitForURL('**/installations/*');
      await page.getByRole('heading', { level: 1, name: 'Update: 1 app' }).waitFor();
      const grid = page.getByRole('table', { name: 'Apps on each device' });
      await grid
        .getByRole('row')
        .filter({ hasText: APP.name })
        .getByText('Updated', { exact: true })
        .waitFor({ timeout: UPDATE_TIMEOUT_MS });
      await grid.getByText(`Updated from ${OLD} to ${NEW}`).waitFor();
      await see(page, 'Succeeded');
      await screenshot(page, '73-update-succeeded');
      expect(installedVersion(PACKAGE)).toBe(NEW);

      // The agent reports again after the job: the machine's page says it is current.
      await page.goto(`${server.url}/devices/${deviceId}`);
      const row = page.getByRole('table', { name: 'Installed apps' }).getByRole('row').filter({ hasText: APP.name });
      await row.getByText('Up to date').waitFor({ timeout: 30_000 });
      expect(await row.textContent()).toContain(NEW);

      // The notice was true and is no longer: it leaves the bell without a reload.
      await page.getByRole('button', { name: 'Notifications', exact: true }).click();
      const centre = page.getByRole('dialog', { name: 'Notifications' });
      await centre.getByText(/^No notifications yet/).waitFor();
      expect(await centre.getByText('Update available on e2e-machine').count()).toBe(0);
      await screenshot(page, '73-bell-after-update');
      await page.keyboard.press('Escape');
    },
    UPDATE_TIMEOUT_MS + 30_000,
  );

  it('keeps the update in the history with the versions before and after, filtered by action', async () => {
    await page.goto(`${server.url}/history?deviceId=${deviceId}`);
    await page.getByRole('heading', { name: 'Update history' }).waitFor();
    await page.getByLabel('Action').selectOption({ label: 'Update' });
    const history = page.getByRole('table', { name: 'Update history' });
    const entry = history.getByRole('row').filter({ hasText: APP.name });
    await entry.getByText(`${OLD} → ${NEW}`).waitFor();
    // The header and the one update; the install that found the app already there is filtered out.
    await expect.poll(() => history.getByRole('row').count()).toBe(2);
    await screenshot(page, '74-history-filtered');
    await inDarkMode(page, `${OLD} → ${NEW}`, () => screenshot(page, '74-history-filtered-dark'));
  });
});
