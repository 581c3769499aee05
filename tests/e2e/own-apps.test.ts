import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seriousViolations } from './helpers/axe';
import { fitsTheWindow as fits, inDarkMode, launchBrowser, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { createListWithApps, field, newPerson, see, signUp } from './helpers/ui';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

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

  it('refuses a second app with a package id you have, names yours under the form, and adds that one instead', async () => {
    page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    const crashes: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) crashes.push(message.text());
    });
    await signUp(page, server.url, newPerson('own-app-twice'));
    const first = await createListWithApps(page, server.url, 'Search tools', ['Git']);
    await first.getByRole('button', { name: 'Add apps' }).click();
    let drawer = page.getByRole('dialog', { name: 'Add apps to Search tools' });
    await drawer.getByRole('button', { name: 'Add your own app' }).click();
    let form = drawer.getByRole('form', { name: 'Add your own app' });
    await field(form, 'Name').fill('Ripgrep');
    await field(form, 'apt package').fill('ripgrep');
    await form.getByRole('button', { name: 'Save and add' }).click();
    await see(page, 'Ripgrep is saved in your apps and added to this list.');
    // It leaves the list (it stays in your apps); adding "rg" by the same id finds Ripgrep, renamed to nothing.
    await drawer.getByRole('button', { name: 'Ripgrep added' }).waitFor();
    await page.keyboard.press('Escape');
    await first.getByRole('listitem', { name: 'Ripgrep' }).getByRole('button', { name: 'Remove Ripgrep from Search tools' }).click();
    await first.getByRole('listitem', { name: 'Ripgrep' }).waitFor({ state: 'detached' });

    /** Opens "Add your own app" on the list and tries "rg" with Ripgrep's apt package; the refusal's alert. */
    const tryAgain = async () => {
      await page.getByRole('region', { name: 'Search tools' }).getByRole('button', { name: 'Add apps' }).click();
      drawer = page.getByRole('dialog', { name: 'Add apps to Search tools' });
      await drawer.getByRole('button', { name: 'Add your own app' }).click();
      form = drawer.getByRole('form', { name: 'Add your own app' });
      await field(form, 'Name').fill('rg');
      await field(form, 'apt package').fill('ripgrep');
      await form.getByRole('button', { name: 'Save and add' }).click();
      const alert = drawer.getByRole('alert').filter({ hasText: 'You already have “Ripgrep” with this apt package.' });
      await alert.waitFor();
      await form.getByText('Your app “Ripgrep” has this id').waitFor();
      return alert;
    };
    let alert = await tryAgain();
    expect(await alert.getByText('Add it to this list instead, or change the package id to add a different app.').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, '96-own-app-exists-1440-light');
    await page.keyboard.press('Escape');
    await inDarkMode(page, 'Search tools', async () => {
      await tryAgain();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, '96-own-app-exists-1440-dark');
      await page.keyboard.press('Escape');
    });

    await page.setViewportSize(PHONE);
    await page.getByText('Search tools').first().waitFor();
    alert = await tryAgain();
    expect(await fits(page)).toBe(true);
    // The drawer scrolls to the refusal: below the form, it would otherwise be off a phone's screen.
    expect(await alert.isVisible()).toBe(true);
    expect(await alert.evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, '96-own-app-exists-390-light');
    await page.keyboard.press('Escape');
    await inDarkMode(page, 'Search tools', async () => {
      await tryAgain();
      expect(await fits(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, '96-own-app-exists-390-dark');
      await page.keyboard.press('Escape');
    });

    alert = await tryAgain();
    await alert.getByRole('button', { name: 'Add Ripgrep to this list' }).click();
    await drawer.getByRole('form', { name: 'Add your own app' }).waitFor({ state: 'detached' });
    await drawer.getByRole('button', { name: 'Ripgrep added' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('region', { name: 'Search tools' }).getByRole('listitem', { name: 'Ripgrep' }).getByText('Your app').waitFor();
    // Still one app of yours by that id, under its own name.
    await page.getByRole('region', { name: 'Search tools' }).getByRole('button', { name: 'Add apps' }).click();
    const yours = page.getByRole('dialog', { name: 'Add apps to Search tools' }).getByRole('list', { name: 'Your apps' });
    await yours.getByRole('listitem', { name: 'Ripgrep' }).waitFor();
    expect(await yours.getByRole('listitem').count()).toBe(1);
    await page.keyboard.press('Escape');
    // The 409s are the browser's own network lines; nothing else went wrong on the page.
    expect(crashes).toEqual([]);
    await page.setViewportSize(DESKTOP);
  });
});
