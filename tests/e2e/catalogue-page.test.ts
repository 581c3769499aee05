import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { createListWithApps, field, newPerson, see, signUp } from './helpers/ui';

describe('the Catalogue page', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ CATALOGUE_SEED_FILE: 'resources/catalogue/seed.json' });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('is reached from the phone menu, filters by platform and adds an app to a list until the plan says no', async () => {
    await signUp(page, server.url, newPerson('catalogue'));
    // Four apps: the free plan allows five in a list.
    await createListWithApps(page, server.url, 'Workstation', ['Firefox', 'VLC', '7-Zip', 'Git']);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Catalogue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Catalogue' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Notepad++ is Windows-only: it leaves the list when Linux is chosen.
    await field(page, 'Search apps').fill('Notepad');
    await page.getByRole('article', { name: 'Notepad++' }).waitFor();
    await page
      .locator('label')
      .filter({ hasText: /^Linux$/ })
      .click();
    await see(page, 'No apps match these filters');
    await page.getByRole('button', { name: 'Clear filters' }).click();

    await field(page, 'Search apps').fill('Inkscape');
    const inkscape = page.getByRole('article', { name: 'Inkscape' });
    await inkscape.getByRole('button', { name: 'Add to list: Inkscape' }).click();
    await page.getByRole('menuitem', { name: /Workstation/ }).click();
    await see(page, 'Inkscape added to Workstation');

    // The list is full now (5 of 5): the server's refusal shows on the card, with the way out.
    await field(page, 'Search apps').fill('GIMP');
    const gimp = page.getByRole('article', { name: 'GIMP' });
    await gimp.getByRole('button', { name: 'Add to list: GIMP' }).click();
    await page.getByRole('menuitem', { name: /Workstation/ }).click();
    const refusal = gimp.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/5 apps/);
    expect(await refusal.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing-page');
    await screenshot(page, '90-catalogue-limit-390');

    // The list on the Lists screen has the app the catalogue added.
    await page.goto(`${server.url}/app-list`);
    await page.getByRole('region', { name: 'Workstation' }).getByRole('listitem', { name: 'Inkscape' }).waitFor();
  });
});
