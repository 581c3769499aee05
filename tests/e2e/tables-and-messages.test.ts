import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inDarkMode, launchBrowser, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { createListWithApps, field, newPerson, see, signIn, signUp, storedToken } from './helpers/ui';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const LONG_MESSAGE =
  'The package manager refused: another installation was running on this machine at the time, so nothing was changed; it will be tried again at the next scheduled update.';

/** Badges whose words do not fit their box (cut with "…"), by their text. */
function cutBadges(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Badge-label')]
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth)
      .map((label) => label.textContent ?? ''),
  );
}

/** How many lines the first text showing exactly `text` takes. */
function linesOf(page: Page, text: string): Promise<number> {
  return page.evaluate((wanted) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent !== wanted || node.parentElement?.offsetParent === null) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }
    return 0;
  }, text);
}

/** Whether the page scrolls sideways (wider than the window). */
function overflows(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** The right edge of `text` on screen, to check it is within the window. */
async function rightEdge(page: Page, text: string): Promise<number> {
  const box = await page.getByText(text).first().boundingBox();
  if (!box) throw new Error(`${text} is not shown`);
  return box.x + box.width;
}

describe('tables that fit, one message per sign-out, and the words', () => {
  let server: RunningServer;
  let browser: Browser;
  const person = newPerson('tables');
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    await server.app.catalogueSeeded;
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    // The first account of a fresh server is its admin.
    await signUp(page, server.url, person);
  });
  afterAll(async () => {
    await browser.close();
    await server.stop();
  });

  /** History rows as installs leave them, on this person's browser device. */
  async function writeHistory(): Promise<void> {
    const db = server.app.ctx.db;
    const user = await db.selectFrom('users').select('id').where('email', '=', person.email).executeTakeFirstOrThrow();
    const device = await db.selectFrom('devices').select(['id', 'device_name']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const apps = await db
      .selectFrom('apps')
      .select(['id', 'name'])
      .where('name', 'in', ['7-Zip', 'Visual Studio Code', 'Firefox'])
      .execute();
    const outcomes = ['succeeded', 'skipped', 'failed'] as const;
    let minute = 0;
    for (const app of apps) {
      for (const outcome of outcomes) {
        minute += 1;
        await db
          .insertInto('update_history')
          .values({
            id: `h-${app.id}-${outcome}`,
            user_id: user.id,
            device_row_id: device.id,
            device_name: device.device_name,
            app_id: app.id,
            app_name: app.name,
            list_id: null,
            list_name: 'Everyday tools',
            installation_id: `inst-${minute}`,
            kind: 'upgrade',
            outcome,
            manager: 'winget',
            version_before: '24.07',
            version_after: outcome === 'succeeded' ? '24.09' : '24.07',
            message: outcome === 'failed' ? LONG_MESSAGE : outcome === 'skipped' ? 'Already up to date' : null,
            created_at: new Date(Date.now() - minute * 60_000).toISOString(),
          })
          .execute();
      }
    }
  }

  it('shows every history column at 1440 and every entry as a card at 390, nothing cut', async () => {
    await writeHistory();
    await page.goto(`${server.url}/history`);
    const table = page.getByRole('table', { name: 'Update history' });
    await table.getByText('7-Zip').first().waitFor();

    expect(await cutBadges(page)).toEqual([]);
    expect(await linesOf(page, '7-Zip')).toBe(1);
    // The message column is on screen, not behind a sideways scroll.
    expect(await rightEdge(page, 'Message')).toBeLessThanOrEqual(DESKTOP.width);
    expect(await rightEdge(page, LONG_MESSAGE.slice(0, 40))).toBeLessThanOrEqual(DESKTOP.width);
    const scroller = await table.evaluate((element) => {
      const box = element.parentElement?.parentElement ?? element;
      return { scroll: box.scrollWidth, client: box.clientWidth };
    });
    expect(scroller.scroll).toBeLessThanOrEqual(scroller.client);
    await screenshot(page, '90-history-1440-light');
    await inDarkMode(page, '7-Zip', () => screenshot(page, '90-history-1440-dark'));

    // The app filter names the app; with no row to name it from, the id it holds.
    await page.getByRole('button', { name: 'Show only the history of 7-Zip' }).first().click();
    await page.getByRole('button', { name: 'Show all apps' }).filter({ hasText: 'App: 7-Zip' }).waitFor();
    await page.goto(`${server.url}/history?appId=987654`);
    await page.getByRole('button', { name: 'Show all apps' }).filter({ hasText: 'App: #987654' }).waitFor();
    expect(await page.getByText('selected app').count()).toBe(0);

    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/history`);
    const cards = page.getByRole('list', { name: 'Update history' });
    await cards.getByText('7-Zip').first().waitFor();
    expect(await page.getByRole('table', { name: 'Update history' }).count()).toBe(0);
    expect(await cutBadges(page)).toEqual([]);
    expect(await linesOf(page, '7-Zip')).toBe(1);
    // Every card, message included, within the phone's width.
    const widest = await cards.evaluate((list) => Math.max(...[...list.children].map((card) => card.getBoundingClientRect().right)));
    expect(widest).toBeLessThanOrEqual(PHONE.width);
    await cards.getByText(LONG_MESSAGE).first().waitFor();
    expect(await overflows(page)).toBe(false);
    await screenshot(page, '91-history-390-light');
    await inDarkMode(page, '7-Zip', () => screenshot(page, '91-history-390-dark'));
    await page.setViewportSize(DESKTOP);
  });

  it('signs out with the one message of its reason', async () => {
    // A sign-out of this session elsewhere (its token used to log out): "session ended", nothing about devices.
    const other = await browser.newContext({ viewport: PHONE });
    const phone = await other.newPage();
    await signIn(phone, server.url, person.email, person.password);
    await phone.waitForURL('**/app-list**');
    const token = await storedToken(phone, 'token');
    expect((await phone.request.post(`${server.url}/api/auth/logout`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
      200,
    );
    await phone.goto(`${server.url}/settings`);
    await phone.waitForURL('**/sign-in?message=session_ended');
    await see(phone, 'Your session has ended. Please sign in again.');
    expect(await phone.getByText('Please sign in again.').count()).toBe(1);
    expect(await phone.getByText(/deactivated/).count()).toBe(0);
    await screenshot(phone, '92-signed-out-session-ended-390');

    // The password changed on another device: that is what this one says.
    await signIn(phone, server.url, person.email, person.password);
    await phone.waitForURL('**/app-list**');
    const newPassword = 'second-Password-2';
    const changed = await page.request.put(`${server.url}/api/account`, {
      headers: { authorization: `Bearer ${await storedToken(page, 'token')}` },
      data: { firstName: person.firstName, lastName: person.lastName, email: person.email, currentPassword: person.password, newPassword },
    });
    expect(changed.status()).toBe(200);
    person.password = newPassword;
    await phone.goto(`${server.url}/settings`);
    await phone.waitForURL('**/sign-in?message=password_changed');
    await see(phone, 'Your password was changed on another device, which signed you out here. Please sign in with the new password.');
    expect(await phone.getByText(/deactivated|session has ended/).count()).toBe(0);
    await inDarkMode(phone, 'Signed out', () => screenshot(phone, '92-signed-out-password-changed-390-dark'));
    await other.close();
  });

  it('says platforms, file names, unavailable sign-ins and verified addresses as they are', async () => {
    // The device filter: macOS, as Apple writes it.
    await page.goto(`${server.url}/devices`);
    // Mantine's segmented control hides the radio itself behind its label.
    await page.getByRole('radio', { name: 'macOS' }).waitFor({ state: 'attached' });
    expect(await page.getByText('MacOS', { exact: true }).count()).toBe(0);

    // The Brewfile is saved as Brewfile, the name brew bundle reads.
    const card = await createListWithApps(page, server.url, 'Brew tools', ['7-Zip']);
    await card.getByRole('button', { name: 'Export Brew tools' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Brewfile' }).click();
    expect((await download).suggestedFilename()).toBe('Brewfile');

    // This server has no Google sign-in: the button looks it and says why.
    const guest = await browser.newContext({ viewport: PHONE });
    const visitor = await guest.newPage();
    await visitor.goto(`${server.url}/sign-up`);
    const google = visitor.getByRole('button', { name: 'Sign up with Google' });
    await see(visitor, 'Google Sign-In is currently unavailable: this server has not been set up for it.');
    expect(await google.isDisabled()).toBe(true);
    await screenshot(visitor, '93-sign-up-google-unavailable-390');

    // The verification link opened a second time: already verified, no "invalid… send a new link".
    const mail = await server.mail.waitFor(person.email, /confirm your email/i);
    const link = mail.links.find((candidate) => candidate.includes('/verify-email'));
    expect(link).toBeDefined();
    await visitor.goto(link!);
    await see(visitor, 'Your email is verified.');
    await visitor.goto(link!);
    await see(visitor, `${person.email} is already verified. Nothing more to do.`);
    expect(await visitor.getByText(/invalid|new link/i).count()).toBe(0);
    await screenshot(visitor, '94-verify-again-390');
    await guest.close();
  });

  it('lets an admin edit a catalogue app', async () => {
    await page.goto(`${server.url}/app-database-management`);
    const edit = page.getByRole('region', { name: 'Edit App' });
    await field(edit, 'App to edit').click();
    await field(edit, 'App to edit').fill('7-Zip');
    await page.getByRole('option', { name: '7-Zip', exact: true }).click();
    await expect.poll(() => field(edit, 'Name').inputValue()).toBe('7-Zip');
    await field(edit, 'Description').fill('A file archiver with a high compression ratio, edited by the admin.');
    await screenshot(page, '95-app-database-edit-1440');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await see(page, '7-Zip updated');
    const saved = await page.request.get(`${server.url}/catalogue/apps?search=7-Zip`);
    expect(((await saved.json()) as Array<{ name: string; description: string }>).find((app) => app.name === '7-Zip')?.description).toBe(
      'A file archiver with a high compression ratio, edited by the admin.',
    );
    await page.setViewportSize(PHONE);
    expect(await overflows(page)).toBe(false);
    await screenshot(page, '95-app-database-edit-390');
    await inDarkMode(page, 'The app catalogue that lists are made of', () => screenshot(page, '95-app-database-edit-390-dark'));

    // The admin console's users table scrolls inside its own box on a phone, never the page.
    await page.goto(`${server.url}/admin-console`);
    await page.getByText(person.email).first().waitFor();
    // A catalogue sync on a phone is a card with its outcome and why: this server's mirror is on a
    // port fetch never connects to, so the reading fails, and says so.
    const syncs = page.getByRole('region', { name: 'Catalogue syncs' });
    await syncs.getByRole('button', { name: 'Sync now' }).click();
    const run = syncs.getByRole('listitem').first();
    await run.getByText('Failed', { exact: true }).waitFor();
    expect(await run.innerText()).toMatch(/Debian trixie main, amd64[\s\S]*InRelease could not be reached \(bad port\)/);
    expect(await overflows(page)).toBe(false);
    expect(await cutBadges(page)).toEqual([]);
    await screenshot(page, '96-admin-console-390');
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await page.getByText(person.email).first().waitFor();
    expect(await cutBadges(page)).toEqual([]);
    await screenshot(page, '96-admin-console-1440');
  });
});
