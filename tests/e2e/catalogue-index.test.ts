import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fitsTheWindow, launchBrowser, screenshot, switchTheme } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { field, newPerson, see, signUp } from './helpers/ui';

/**
 * The catalogue as `npm start` ships it: the curated apps and Debian's whole index (about 14,000
 * apps), searched and paged by the server. What a new user sees at 1440 and 390, light and dark.
 */
describe("the whole catalogue, Debian's index included", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ CATALOGUE_SEED_FILE: 'resources/catalogue/seed.json', CATALOGUE_INDEX_DIR: 'resources/catalogue/index' });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const results = () => page.locator('#catalogue-results');

  it('browses every app a page at a time, curated apps first, and finds a tool by its name or a misspelling of it', async () => {
    await signUp(page, server.url, newPerson('whole-catalogue'));
    await page.goto(`${server.url}/app-catalogue`);
    await results()
      .filter({ hasText: /^1–30 of [\d,]+ apps$/ })
      .waitFor();
    const total = Number((await results().innerText()).replace(/^1–30 of ([\d,]+) apps$/, '$1').replaceAll(',', ''));
    expect(total).toBeGreaterThan(14_000);
    // The curated apps come first: they have our descriptions and icons.
    await page.getByRole('article', { name: '7-Zip' }).waitFor();

    await page.getByRole('button', { name: '2', exact: true }).click();
    await results()
      .filter({ hasText: /^31–60 of / })
      .waitFor();

    await field(page, 'Search apps').fill('ripgrep');
    const ripgrep = page.getByRole('article', { name: 'ripgrep' });
    await ripgrep.waitFor();
    // An app the index brought says what it installs, since it has no description of ours.
    expect(await ripgrep.getByLabel(/^Packages:/).getAttribute('aria-label')).toBe('Packages: apt package ripgrep');
    // Where it comes from: the package, what Debian's index says of it, and why it is this app.
    await ripgrep.getByRole('button', { name: /Where it comes from/ }).click();
    await ripgrep.getByText(/^Made from Debian trixie main, amd64's index/).waitFor();
    // The panel has opened all the way (its height no longer growing).
    await page.waitForFunction(() => {
      const panel = document.querySelector('[aria-expanded="true"]')?.getAttribute('aria-controls');
      const element = panel ? document.getElementById(panel) : null;
      return element !== null && Math.abs(element.getBoundingClientRect().height - element.scrollHeight) < 1;
    });
    await screenshot(page, '91-catalogue-index-1440');

    await field(page, 'Search apps').fill('thunderbrid');
    await page.getByRole('article', { name: 'Thunderbird', exact: true }).waitFor();
    // Whatever else a misspelling finds, the app it was meant for comes first.
    expect(await page.getByRole('article').first().getAttribute('aria-label')).toBe('Thunderbird');
  });

  it('reads well on a phone in dark mode, nothing wider than the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await switchTheme(page, 'dark');
    await field(page, 'Search apps').fill('gnome');
    await results()
      .filter({ hasText: /of [\d,]+ apps$/ })
      .waitFor();
    expect(await fitsTheWindow(page)).toBe(true);
    await screenshot(page, '91-catalogue-index-390-dark');
    await see(page, /^1–30 of [\d,]+ apps$/);
  });
});
