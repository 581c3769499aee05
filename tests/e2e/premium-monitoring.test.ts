import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inDarkMode, launchBrowser, screenshot } from './helpers/browser';
import { addAppsToCatalogue } from './helpers/catalogue-admin';
import { enrolThisMachine, HeadlessAgent } from './helpers/machine';
import { buyPremium } from './helpers/payment';
import { startServer, type RunningServer } from './helpers/server';
import { createListWithApps, newPerson, see, signUp } from './helpers/ui';

/** The simulated installer fails a package whose id starts with "fail-": a failure without touching this machine. */
const GOOD = { name: 'Good Tool', apt: 'loadout-sim-good' };
const BROKEN = { name: 'Broken Tool', apt: 'fail-loadout-sim' };

/**
 * What Premium adds to keeping machines up to date, in Chromium, light and dark: the
 * notification centre after a failed installation, a machine's check-ins, and the update
 * policy editor. The agent is the real headless agent with the simulated installer, so
 * this machine is left as it is (the real package manager is tested in update-apt-package).
 */
describe('Premium monitoring: notifications, check-ins and update policies', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const agent = new HeadlessAgent();
  let deviceId = '';

  beforeAll(async () => {
    server = await startServer({ CATALOGUE_SEED_FILE: '' });
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
  });
  afterAll(async () => {
    await agent.stop();
    await browser?.close();
    await server?.stop();
  });

  it('tells a Premium user in the notification centre that an installation failed', async () => {
    await signUp(page, server.url, newPerson('premium-monitoring'));
    await addAppsToCatalogue(page, server.url, 'Studio', [GOOD, BROKEN]);
    await buyPremium(page, server.url);
    deviceId = await enrolThisMachine(page, server.url, agent, undefined, ['--installer', 'simulated']);
    expect(deviceId).not.toBe('');
    // The server's test clock stands still unless moved: a minute passes before the installation.
    server.clock.advance(60_000);

    await createListWithApps(page, server.url, 'Studio setup', [GOOD.name, BROKEN.name]);
    await page.getByRole('region', { name: 'Studio setup' }).getByRole('button', { name: 'Install', exact: true }).click();
    const select = page.getByRole('dialog', { name: 'Select Installation Device' });
    // The only machine comes chosen already: check() leaves a chosen one chosen.
    await select
      .getByRole('checkbox', { name: 'e2e-machine' })
      .or(select.getByRole('radio', { name: 'e2e-machine' }))
      .first()
      .check();
    await select.getByRole('button', { name: 'Install to e2e-machine' }).click();
    await page.getByRole('dialog', { name: 'Review Installation' }).getByRole('button', { name: 'Install to e2e-machine' }).click();
    await page.waitForURL('**/installations/*');
    const grid = page.getByRole('table', { name: 'Apps on each device' });
    await grid.getByRole('row').filter({ hasText: BROKEN.name }).getByText('Failed', { exact: true }).waitFor({ timeout: 60_000 });

    // Live: the bell counts it without a reload.
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 30_000 });
    await bell.click();
    const centre = page.getByRole('dialog', { name: 'Notifications' });
    await centre.getByText('Installation failed on e2e-machine').waitFor();
    await screenshot(page, '80-notification-centre');
    await inDarkMode(page, BROKEN.name, async () => {
      await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
      await page.getByRole('dialog', { name: 'Notifications' }).getByText('Installation failed on e2e-machine').waitFor();
      await screenshot(page, '80-notification-centre-dark');
    });

    // Opening it goes to the installation and marks it read.
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).getByText('Installation failed on e2e-machine').click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  });

  it("shows the machine's check-ins with the versions that changed", async () => {
    await page.goto(`${server.url}/devices/${deviceId}`);
    const checkIns = page.getByRole('region', { name: 'Check-ins' });
    await checkIns.getByText('Connected (agent 0.1.0)').waitFor();
    // The report after the installation names what it found: it says what it saw, not who put it there.
    await checkIns.getByText(`${GOOD.name} found installed (1.0.0)`).waitFor({ timeout: 30_000 });
    // Newest first: the report after the installation, the first report, then the connection before it.
    expect(await checkIns.getByText(/^(Reported|Connected)/).allTextContents()).toEqual([
      'Reported 1 app, all up to date',
      'Reported no catalogue apps',
      'Connected (agent 0.1.0)',
    ]);
    await screenshot(page, '81-device-check-ins');
    await inDarkMode(page, 'Connected (agent 0.1.0)', () => screenshot(page, '81-device-check-ins-dark'));
  });

  it("gives the machine its own weekly update policy, and says when its window opens on the machine's clock", async () => {
    await page.goto(`${server.url}/devices/${deviceId}`);
    const section = page.getByRole('region', { name: 'Update policy' });
    const deciding = section.getByTestId('deciding-policy');
    await deciding.getByText(/^No policy decides/).waitFor();
    await section.getByText('Weekly', { exact: true }).click();
    await section.getByRole('combobox', { name: 'Weekday' }).click();
    await page.getByRole('option', { name: 'Sunday' }).click();
    await section.getByLabel('Window opens at', { exact: true }).fill('06:30');
    await section.getByRole('combobox', { name: 'Window length' }).click();
    await page.getByRole('option', { name: '2 hours', exact: true }).click();
    await section.getByRole('button', { name: 'Save policy' }).click();
    await section.getByText(/^Next window: Sun/).waitFor();
    await see(page, 'Update policy saved');
    // The real agent told its zone: the window is read on the machine's clock.
    await deciding.getByText(/^This machine's own policy decides\. Next window on this machine: Sun.* 06:30/).waitFor();
    expect(await deciding.textContent()).not.toContain('has not told its time zone');
    await screenshot(page, '82-update-policy');
    await inDarkMode(page, 'Next window:', () => screenshot(page, '82-update-policy-dark'));
  });
});
