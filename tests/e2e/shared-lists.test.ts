import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seriousViolations } from './helpers/axe';
import { launchBrowser, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { createListWithApps, field, newPerson, registerThisBrowser, see, signUp, storedToken } from './helpers/ui';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

/**
 * Shared lists end to end: the owner makes a list public, a signed-out visitor opens its link,
 * sees its apps and where they install, finds it in the gallery, signs up from the shared page
 * and copies it into their own lists; the owner then sees the copy counted.
 */
describe('sharing a list by link and in the gallery', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Page;
  let visitor: Page;
  let link = '';

  /** Saves `name` at every size and theme; `show` brings the page back to what is shot after each reload. */
  async function everyWay(page: Page, name: string, show: () => Promise<void>): Promise<void> {
    for (const theme of THEMES) {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
        await page.reload();
        await show();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} at ${size.width} px, ${theme}, scrolls sideways`).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page), `${name} at ${size.width} px, ${theme}`).toEqual([]);
        await screenshot(page, `shared-${name}-${size.width}-${theme}`);
      }
    }
    await page.evaluate(() => localStorage.removeItem('theme'));
    await page.setViewportSize(SIZES[0]);
  }

  beforeAll(async () => {
    server = await startServer({ CATALOGUE_SEED_FILE: 'resources/catalogue/seed.json' });
    browser = await launchBrowser();
    owner = await (await browser.newContext()).newPage();
    visitor = await (await browser.newContext()).newPage();
    await signUp(owner, server.url, newPerson('sharer'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openShareDialog() {
    const card = owner.getByRole('region', { name: 'Podcast kit' });
    await card.getByRole('button', { name: 'More actions for Podcast kit' }).click();
    await owner.getByRole('menuitem', { name: 'Share…' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Share “Podcast kit”' });
    await dialog.getByRole('radio', { name: /Private/ }).waitFor();
    return dialog;
  }

  it('lets the owner make a list public, with a description, and gives the link', async () => {
    await createListWithApps(owner, server.url, 'Podcast kit', ['Firefox', 'VLC']);
    const dialog = await openShareDialog();
    expect(await dialog.getByRole('radio', { name: /Private/ }).isChecked()).toBe(true);
    await see(owner, 'No one has copied this list yet.');
    await dialog.getByRole('radio', { name: /Public/ }).check();
    await field(dialog, 'Description').fill('Recording and playback for a small podcast');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await see(owner, '“Podcast kit” is public and in the gallery.');
    link = (await dialog.getByTestId('share-link').innerText()).trim();
    expect(link).toMatch(new RegExp(`^${server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/shared/[A-Za-z0-9_-]{43}$`));

    await everyWay(owner, 'dialog', async () => {
      await openShareDialog();
      await owner.getByTestId('share-link').waitFor();
    });
    await owner.keyboard.press('Escape');
  });

  it('shows the list to a signed-out visitor: its apps and platforms, nothing about the owner', async () => {
    await visitor.goto(link);
    expect(await storedToken(visitor, 'token')).toBeNull();
    await visitor.getByRole('heading', { name: 'Podcast kit', level: 1 }).waitFor();
    await see(visitor, 'Recording and playback for a small podcast');
    const apps = visitor.getByRole('list', { name: 'Apps in this list' });
    await apps.getByText('Firefox', { exact: true }).waitFor();
    await apps.getByText('VLC', { exact: true }).waitFor();
    await see(visitor, 'Windows: 2 of 2 apps');
    await see(visitor, 'Linux: 2 of 2 apps');
    const text = await visitor.locator('main').innerText();
    expect(text).not.toContain('Ada');
    expect(text).not.toContain('Lovelace');
    expect(text).not.toContain('@example.test');
    // The link previews in chat apps: the server wrote the tags into the page.
    const html = await (await fetch(link)).text();
    expect(html).toContain('<meta property="og:title" content="Podcast kit" />');
    await everyWay(visitor, 'page-signed-out', () => visitor.getByRole('heading', { name: 'Podcast kit', level: 1 }).waitFor());
  });

  it('finds the list in the gallery by search', async () => {
    await visitor.goto(`${server.url}/gallery`);
    await visitor.getByRole('heading', { name: 'Gallery', level: 1 }).waitFor();
    await field(visitor, 'Search').fill('podcast');
    const card = visitor.getByRole('article', { name: 'Podcast kit' });
    await card.waitFor();
    await see(visitor, '2 apps · copied 0 times');
    await field(visitor, 'Search').fill('no such list anywhere');
    await see(visitor, 'No lists match');
    await everyWay(visitor, 'gallery', () => visitor.getByRole('article', { name: 'Podcast kit' }).waitFor());
    await visitor.getByRole('link', { name: 'Podcast kit' }).click();
    await visitor.waitForURL(link);
  });

  it('signs the visitor up from the shared page, back to it, and copies the list into their lists', async () => {
    await visitor.getByRole('heading', { name: 'Podcast kit', level: 1 }).waitFor();
    await visitor.getByRole('link', { name: 'Create an account' }).click();
    await visitor.waitForURL('**/sign-up?redirect=*');
    const person = newPerson('copier');
    await field(visitor, 'Email').fill(person.email);
    await field(visitor, 'Password').fill(person.password);
    await field(visitor, 'Legal first name').fill('Grace');
    await field(visitor, 'Legal last name').fill('Hopper');
    await field(visitor, 'Date of birth').fill('1990-04-12');
    await visitor.getByRole('checkbox', { name: /I agree to the Terms of Use/ }).check();
    await visitor.getByRole('button', { name: 'Create Account' }).click();
    await visitor.waitForURL(link);
    await registerThisBrowser(visitor);

    await visitor.getByRole('button', { name: 'Copy to my lists' }).click();
    await visitor.waitForURL('**/app-list?list=*');
    await see(visitor, '“Podcast kit” is now in your lists');
    const copy = visitor.getByRole('region', { name: 'Podcast kit' });
    await copy.getByText('Firefox').first().waitFor();
    // The copy in the copier's lists, at both sizes in both themes.
    await everyWay(visitor, 'copied', () => copy.getByText('Firefox').first().waitFor());

    // The owner sees the copy counted; the copier's free plan allows no second list.
    await owner.reload();
    await openShareDialog();
    await see(owner, 'Copied 1 time.');
    await visitor.goto(link);
    await visitor.getByRole('button', { name: 'Copy to my lists' }).click();
    await see(visitor, 'Your Free plan includes 1 app list.');
  });

  it('offers "Install on my devices" to a signed-in user with a machine: a copy, then the usual install dialog', async () => {
    const token = (await storedToken(visitor, 'token')) ?? '';
    const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    };
    // Room for one more list on the free plan, and a machine enrolled as the agent does (no agent runs: nothing is installed).
    for (const list of await api<Array<{ id: string }>>('GET', '/api/lists')) await api('DELETE', `/api/lists/${list.id}`);
    const { token: registration } = await api<{ token: { code: string } }>('POST', '/api/device-tokens', { maxUses: 1 });
    await api('POST', '/api/devices/enroll', {
      code: registration.code,
      deviceId: 'dev_sharedlist01',
      deviceName: 'Studio box',
      platform: 'linux',
      arch: 'x64',
      hardwareFingerprint: 'shared-list-install',
      agentVersion: '1.0.0',
    });

    await visitor.goto(link);
    await visitor.getByRole('button', { name: 'Install on my devices' }).click();
    const select = visitor.getByRole('dialog', { name: 'Select Installation Device' });
    await select.getByText('Studio box').first().waitFor();
    await screenshot(visitor, 'shared-install-1440-light');
    expect((await api<Array<{ name: string }>>('GET', '/api/lists')).map((list) => list.name)).toEqual(['Podcast kit']);
  });
});
