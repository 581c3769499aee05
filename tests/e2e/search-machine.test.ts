import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inDarkMode, launchBrowser, screenshot } from './helpers/browser';
import { LocalAptRepo } from './helpers/local-apt-repo';
import { enrolThisMachine, HeadlessAgent, installedVersion } from './helpers/machine';
import { startServer, type RunningServer } from './helpers/server';
import { createListWithApps, field, newPerson, see, signUp } from './helpers/ui';

/** A package no catalogue entry names, in a local `file:` repository only: the search must find it on the machine. */
const FOUND = 'loadout-found-by-search';
const VERSION = '1.0-1';
const LIST = 'Found on the machine';
const INSTALL_TIMEOUT_MS = 180_000;

const isRoot = process.getuid?.() === 0;

/**
 * Searching a machine, end to end with real apt: a served agent on this machine searches its
 * package managers, the person adds what apt found to a list as their own app, installs the list,
 * and it is installed; the package is purged afterwards. Needs root (CI runs as root) and the
 * machine-wide apt lock. Needs the own-apps routes (POST /api/own-apps) on the branch.
 */
describe.skipIf(!isRoot && process.env.CI !== 'true')('searching a machine for a package the catalogue lacks', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const agent = new HeadlessAgent();
  const repo = new LocalAptRepo(FOUND);
  let deviceId = '';

  beforeAll(async () => {
    if (!isRoot) throw new Error('This test installs a real package with apt and must run as root (CI does).');
    if (installedVersion(FOUND) !== null) throw new Error(`${FOUND} is installed already: a run before this one did not clean up`);
    // Published, not installed: apt knows it, the machine does not have it.
    repo.publish(repo.build(VERSION));
    server = await startServer({ CATALOGUE_SEED_FILE: '' });
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
  }, 90_000);
  afterAll(async () => {
    await agent.stop();
    repo.remove();
    await browser?.close();
    await server?.stop();
  });

  it('finds the package through the agent and shows each manager as it answers', async () => {
    await signUp(page, server.url, newPerson('search-user'));
    await createListWithApps(page, server.url, LIST, []);
    deviceId = await enrolThisMachine(page, server.url, agent);

    await page.goto(`${server.url}/devices/${deviceId}`);
    await page.getByRole('button', { name: 'Search this machine' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search this machine' });
    // A query that could be read as an option never leaves the page.
    await field(dialog, 'Search for').fill('--help');
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await dialog.getByText('Search for 2 to 64 letters', { exact: false }).waitFor();

    await field(dialog, 'Search for').fill('loadout-found');
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await dialog.getByText(FOUND, { exact: true }).first().waitFor({ timeout: 60_000 });
    await dialog.getByText('A package the Loadout end-to-end tests install and update').waitFor();
    await screenshot(page, '95-search-machine-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, '95-search-machine-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 120_000);

  it('looks right in dark mode too, at 1440 and 390', async () => {
    await inDarkMode(page, 'Search this machine', async () => {
      await page.getByRole('button', { name: 'Search this machine' }).click();
      const dialog = page.getByRole('dialog', { name: 'Search this machine' });
      await field(dialog, 'Search for').fill('loadout-found');
      await dialog.getByRole('button', { name: 'Search', exact: true }).click();
      await dialog.getByText(FOUND, { exact: true }).first().waitFor({ timeout: 60_000 });
      await screenshot(page, '95-search-machine-1440-dark');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, '95-search-machine-390-dark');
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.keyboard.press('Escape');
    });
  }, 120_000);

  it(
    'from a list’s "Add apps", where the catalogue has nothing: adds the result as your own app, installs the list, and it is installed',
    async () => {
      await page.goto(`${server.url}/app-list`);
      await page.getByRole('region', { name: LIST }).getByRole('button', { name: 'Add apps' }).first().click();
      const drawer = page.getByRole('dialog', { name: `Add apps to ${LIST}` });
      await field(drawer, 'Search apps').fill('loadout-found');
      await drawer.getByText('No apps match your search.').waitFor();
      await drawer.getByRole('button', { name: 'Search e2e-machine' }).click();
      const dialog = page.getByRole('dialog', { name: 'Search e2e-machine' });
      expect(await field(dialog, 'Search for').inputValue()).toBe('loadout-found');
      await screenshot(page, '95-search-machine-from-add-apps-1440');
      await dialog.getByRole('button', { name: 'Search', exact: true }).click();
      await dialog.getByRole('button', { name: `Add ${FOUND} to a list` }).click({ timeout: 60_000 });
      await page.getByRole('menuitem', { name: LIST }).click();
      await see(page, `Added ${FOUND} to ${LIST} as your app`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      await page.goto(`${server.url}/app-list`);
      await page.getByRole('region', { name: LIST }).getByRole('button', { name: 'Install', exact: true }).click();
      const select = page.getByRole('dialog', { name: 'Select Installation Device' });
      // The only machine comes chosen already: check() leaves a chosen one chosen.
      await select
        .getByRole('checkbox', { name: 'e2e-machine' })
        .or(select.getByRole('radio', { name: 'e2e-machine' }))
        .first()
        .check();
      await select.getByRole('button', { name: 'Install to e2e-machine' }).click();
      const review = page.getByRole('dialog', { name: 'Review Installation' });
      await review.getByText('Will be installed with apt').first().waitFor();
      await review.getByRole('button', { name: 'Install to e2e-machine' }).click();
      await page.waitForURL('**/installations/*');
      const grid = page.getByRole('table', { name: 'Apps on each device' });
      await grid.getByRole('row').filter({ hasText: FOUND }).getByText('Installed').first().waitFor({ timeout: INSTALL_TIMEOUT_MS });
      await see(page, 'Succeeded');
      expect(installedVersion(FOUND)).toBe(VERSION);
    },
    INSTALL_TIMEOUT_MS + 60_000,
  );
});
