import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inDarkMode, launchBrowser, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { createListWithApps, field, newPerson, see, signUp } from './helpers/ui';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Whether anything makes the page wider than the window. */
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('your own apps in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ CATALOGUE_SEED_FILE: 'resources/catalogue/seed.json' });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds an app the catalogue lacks to a list, refusing an id that reads as an option, and shows it as "Your app"', async () => {
    await signUp(page, server.url, newPerson('own-apps'));
    const card = await createListWithApps(page, server.url, 'Tools', ['Git']);
    await card.getByRole('button', { name: 'Add apps' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add apps to Tools' });
    await drawer.getByText(/An app the catalogue lacks\?/).waitFor();
    await drawer.getByRole('button', { name: 'Add your own app' }).click();
    const form = drawer.getByRole('form', { name: 'Add your own app' });
    await field(form, 'Name').fill('Cow say');
    await field(form, 'apt package').fill('--force-yes');
    await form.getByRole('button', { name: 'Save and add' }).click();
    await form.getByText(/Not a valid Debian package name/).waitFor();
    await field(form, 'apt package').fill('cowsay');
    await screenshot(page, '95-own-app-form-1440');
    await form.getByRole('button', { name: 'Save and add' }).click();
    await see(page, 'Cow say is saved in your apps and added to this list.');
    await drawer.getByRole('button', { name: 'Cow say added' }).waitFor();
    await page.keyboard.press('Escape');

    const row = card.getByRole('listitem', { name: 'Cow say' });
    await row.getByText('Your app').waitFor();
    await screenshot(page, '95-own-app-in-list-1440-light');
    await inDarkMode(page, 'Cow say', () => screenshot(page, '95-own-app-in-list-1440-dark'));

    await page.setViewportSize(PHONE);
    await page.getByRole('region', { name: 'Tools' }).getByRole('listitem', { name: 'Cow say' }).getByText('Your app').waitFor();
    expect(await fits(page)).toBe(true);
    await screenshot(page, '95-own-app-in-list-390-light');
    await page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'Add apps' }).click();
    await page.getByRole('dialog', { name: 'Add apps to Tools' }).getByRole('list', { name: 'Your apps' }).getByText('Cow say').waitFor();
    expect(await fits(page)).toBe(true);
    await screenshot(page, '95-own-apps-drawer-390');
    await inDarkMode(page, 'Tools', () => screenshot(page, '95-own-app-in-list-390-dark'));
    await page.setViewportSize(DESKTOP);
  });
});
