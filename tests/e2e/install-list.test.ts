import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, screenshot } from './helpers/browser';
import { addAppsToCatalogue } from './helpers/catalogue-admin';
import { enrolThisMachine, HeadlessAgent, installedVersion, installPackages, removePackages } from './helpers/machine';
import { startServer, type RunningServer } from './helpers/server';
import { createListWithApps, newPerson, see, signUp } from './helpers/ui';

/** Two small real Debian packages, and an app with no Linux package at all. */
const HELLO = { name: 'GNU Hello', apt: 'hello' };
const COWSAY = { name: 'Cowsay', apt: 'cowsay' };
const WINDOWS_ONLY = { name: 'Notepad Plus Plus', winget: 'Notepad++.Notepad++' };
/** apt may refresh its package lists and download both packages: minutes on a slow mirror. */
const INSTALL_TIMEOUT_MS = 240_000;

const isRoot = process.getuid?.() === 0;

/**
 * The heart of the product, nothing simulated: a list installed onto this very machine by the
 * headless agent through apt, watched live in Chromium. Needs root (CI runs as root); it
 * removes what it installed.
 */
describe.skipIf(!isRoot && process.env.CI !== 'true')('installing a list onto a real machine', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  let user: Page;
  const agent = new HeadlessAgent();
  const preinstalled = [HELLO.apt, COWSAY.apt].filter((name) => installedVersion(name) !== null);
  let deviceId = '';

  beforeAll(async () => {
    if (!isRoot) throw new Error('This test installs real packages with apt and must run as root (CI does).');
    // Whatever the machine had must not be mistaken for what Loadout installed.
    removePackages(preinstalled);
    server = await startServer({ CATALOGUE_SEED_FILE: '' });
    browser = await launchBrowser();
    admin = await (await browser.newContext()).newPage();
    user = await (await browser.newContext()).newPage();
  }, INSTALL_TIMEOUT_MS);
  afterAll(async () => {
    await agent.stop();
    removePackages([HELLO.apt, COWSAY.apt].filter((name) => installedVersion(name) !== null));
    // Leave the machine as it was: what it had before the test, it has again.
    installPackages(preinstalled);
    await browser?.close();
    await server?.stop();
  });

  it('lets an admin add two Debian packages and a Windows-only app to the catalogue', async () => {
    await signUp(admin, server.url, newPerson('install-admin'));
    await addAppsToCatalogue(admin, server.url, 'Command line', [HELLO, COWSAY, WINDOWS_ONLY]);
  });

  it('enrols this machine with a token from the Devices screen and the headless agent', async () => {
    await signUp(user, server.url, newPerson('install-user'));
    await createListWithApps(
      user,
      server.url,
      'Terminal toys',
      [HELLO, COWSAY, WINDOWS_ONLY].map((app) => app.name),
    );

    deviceId = await enrolThisMachine(user, server.url, agent, '40-token-commands');
    expect(deviceId).not.toBe('');
  });

  it(
    'installs the list after showing what will happen, and shows it happen live',
    async () => {
      await openInstall(user, server.url);
      const review = user.getByRole('dialog', { name: 'Review Installation' });
      await review.getByText('Will be installed with apt').first().waitFor();
      expect(await review.getByText('Will be installed with apt').count()).toBe(2);
      // The exact package apt is given, beside each app.
      await review.locator('code', { hasText: /^hello$/ }).waitFor();
      await review.getByText('Not available on Linux').waitFor();
      await screenshot(user, '41-install-preview');
      await review.getByRole('button', { name: 'Install to e2e-machine' }).click();
      await user.waitForURL('**/installations/*');

      const grid = user.getByRole('table', { name: 'Apps on each device' });
      await rowSays(grid, HELLO.name, 'Installed', INSTALL_TIMEOUT_MS);
      await rowSays(grid, COWSAY.name, 'Installed', INSTALL_TIMEOUT_MS);
      await rowSays(grid, WINDOWS_ONLY.name, 'Not available on Linux', 5_000);
      await see(user, 'Succeeded');
      await screenshot(user, '42-installation-succeeded');
      expect(installedVersion(HELLO.apt)).not.toBeNull();
      expect(installedVersion(COWSAY.apt)).not.toBeNull();
    },
    INSTALL_TIMEOUT_MS * 2,
  );

  it(
    "lists both on the machine's page, and a second install skips them as already installed",
    async () => {
      await user.goto(`${server.url}/devices/${deviceId}`);
      const inventory = user.getByRole('table', { name: 'Installed apps' });
      await inventory.getByRole('rowheader', { name: HELLO.name }).waitFor({ timeout: 60_000 });
      await inventory.getByRole('rowheader', { name: COWSAY.name }).waitFor();
      await screenshot(user, '43-device-inventory');

      await openInstall(user, server.url);
      const review = user.getByRole('dialog', { name: 'Review Installation' });
      await review.getByText(`Already installed (${installedVersion(HELLO.apt)})`).waitFor();
      await review.getByRole('button', { name: 'Install to e2e-machine' }).click();
      await user.waitForURL('**/installations/*');
      const grid = user.getByRole('table', { name: 'Apps on each device' });
      await rowSays(grid, HELLO.name, 'Skipped', 120_000);
      await rowSays(grid, COWSAY.name, 'Skipped', 120_000);
      await grid
        .getByText(/Already installed/)
        .first()
        .waitFor();
      await screenshot(user, '44-installed-again-skipped');
    },
    INSTALL_TIMEOUT_MS,
  );
});

/** The list's Install button, the device modal, then on to the review. */
async function openInstall(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/app-list`);
  await page.getByRole('region', { name: 'Terminal toys' }).getByRole('button', { name: 'Install', exact: true }).click();
  const select = page.getByRole('dialog', { name: 'Select Installation Device' });
  await select.getByText('e2e-machine').first().waitFor();
  // The only machine comes chosen already: check() leaves a chosen one chosen.
  await select
    .getByRole('checkbox', { name: 'e2e-machine' })
    .or(select.getByRole('radio', { name: 'e2e-machine' }))
    .first()
    .check();
  await select.getByRole('button', { name: 'Install to e2e-machine' }).click();
}

/** Waits until the app's row of the grid says `text` (live: the page is never reloaded). */
async function rowSays(grid: ReturnType<Page['getByRole']>, app: string, text: string, timeout: number): Promise<void> {
  await grid.getByRole('row').filter({ hasText: app }).getByText(text).first().waitFor({ timeout });
}
