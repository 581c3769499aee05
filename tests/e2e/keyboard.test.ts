import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { newPerson, see, signUp } from './helpers/ui';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** What the focused element is, as a person using a screen reader would hear it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return { name: '', current: null, ring: false };
    const style = getComputedStyle(element);
    return {
      name: (element.getAttribute('aria-label') ?? element.innerText ?? '').trim(),
      current: element.getAttribute('aria-current'),
      // A focus ring a sighted keyboard user can follow: an outline or a box shadow.
      ring: (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none',
    };
  });
}

/** Presses Tab until the focused element is named `name`; fails after `limit` presses. */
async function tabTo(page: Page, name: string, limit = 25) {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now.name === name) return now;
  }
  throw new Error(`Tab never reached "${name}" within ${limit} presses`);
}

/**
 * The product with a keyboard only, as someone who cannot use a mouse would: the top navigation
 * and the phone menu are reached with Tab, opened with Enter, mark the current page and show
 * where the focus is; a list is created without touching the mouse.
 */
describe('the keyboard alone', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ CATALOGUE_SEED_FILE: '' });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signUp(page, server.url, newPerson('keyboard'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('reaches every page of the top navigation, shows the focus and marks the current page', async () => {
    await page.goto(`${server.url}/app-list`);
    await page.getByRole('heading', { level: 1, name: 'Your Lists' }).waitFor();
    for (const [name, path, heading] of [
      ['Devices', '/devices', 'Device Management'],
      ['Installations', '/installations', 'Installations'],
      ['Update history', '/history', 'Update history'],
      ['Catalogue', '/app-catalogue', 'Catalogue'],
      ['Gallery', '/gallery', 'Gallery'],
    ] as const) {
      await page.locator('body').focus();
      const link = await tabTo(page, name);
      expect(link.ring, `${name} shows where the focus is`).toBe(true);
      if (name === 'Devices') await screenshot(page, '95-keyboard-focus-devices');
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${path}`);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe('page');
    }
  });

  it('opens the phone menu with Enter, moves through it with Tab and closes it with Escape', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/app-list`);
    await page.getByRole('heading', { level: 1, name: 'Your Lists' }).waitFor();
    await page.locator('body').focus();
    await tabTo(page, 'Menu');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    const here = await tabTo(page, 'Lists');
    expect(here.current).toBe('page');
    await screenshot(page, '95-keyboard-phone-menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    // The focus goes back to the Menu button, so Enter opens the menu again.
    await expect.poll(async () => (await focused(page)).name).toBe('Menu');
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await tabTo(page, 'Installations');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/installations');
    await menu.waitFor({ state: 'hidden' });
    await page.setViewportSize(DESKTOP);
  });

  it('creates a list without the mouse', async () => {
    await page.goto(`${server.url}/app-list`);
    await page.getByRole('heading', { level: 1, name: 'Your Lists' }).waitFor();
    await page.locator('body').focus();
    await tabTo(page, 'New List', 40);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New List' });
    await dialog.waitFor();
    // The dialog takes the focus to its one field.
    await page.keyboard.type('Typed by keyboard');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await see(page, 'Typed by keyboard');
    await page.getByRole('region', { name: 'Typed by keyboard' }).waitFor();
  });
});
