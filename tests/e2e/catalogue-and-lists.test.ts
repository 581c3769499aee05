import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { field, newPerson, see, signUp } from './helpers/ui';

const APPS = ['Firefox', 'VLC', '7-Zip', 'Git'];
const ADMIN_APP = 'Loadout Test Utility';

describe('the catalogue, lists and feedback, as an admin and a user', () => {
  let server: RunningServer;
  let browser: Browser;
  let adminContext: BrowserContext;
  let userContext: BrowserContext;
  let admin: Page;
  let user: Page;
  const dir = mkdtempSync(join(tmpdir(), 'loadout-e2e-files-'));

  beforeAll(async () => {
    // The real seed catalogue, so users find real apps.
    server = await startServer({ CATALOGUE_SEED_FILE: 'resources/catalogue/seed.json' });
    browser = await launchBrowser();
    adminContext = await browser.newContext();
    userContext = await browser.newContext({ acceptDownloads: true });
    admin = await adminContext.newPage();
    user = await userContext.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets an admin add a category and an app with an icon', async () => {
    // The first account on a fresh server is the admin.
    await signUp(admin, server.url, newPerson('admin'));
    await admin.goto(`${server.url}/app-database-management`);
    await admin.getByRole('heading', { name: 'App Database Management' }).waitFor();

    await field(admin, 'Category name').fill('Testing Tools');
    await admin.getByRole('button', { name: 'Save Category' }).click();
    await see(admin, 'Category saved');

    const icon = join(dir, 'icon.png');
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3b5bdb' } })
      .png()
      .toFile(icon);
    await field(admin, 'Name').fill(ADMIN_APP);
    await field(admin, 'Description').fill('A small utility the browser test adds to the catalogue.');
    await admin.getByRole('combobox', { name: 'Category', exact: true }).click();
    await admin.getByRole('option', { name: 'Testing Tools' }).click();
    await field(admin, 'File size (KB)').fill('20480');
    await field(admin, 'Website').fill('https://example.org/test-utility');
    await admin.getByLabel('Icon').setInputFiles(icon);
    await field(admin, 'winget id').fill('Example.LoadoutTestUtility');
    await screenshot(admin, '20-admin-add-app');
    await admin.getByRole('button', { name: 'Add App' }).click();
    await see(admin, 'App added');

    // The catalogue now serves the app with its processed icon.
    const apps = (await (await admin.request.get(`${server.url}/catalogue/apps?search=Loadout%20Test`)).json()) as Array<{
      name: string;
      icon_file_location: string;
    }>;
    expect(apps.map((app) => app.name)).toEqual([ADMIN_APP]);
    const iconResponse = await admin.request.get(`${server.url}${apps[0]?.icon_file_location ?? ''}`);
    expect(iconResponse.headers()['content-type']).toBe('image/webp');
    const meta = await sharp(await iconResponse.body()).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(256);
  });

  it('lets a user build a list, hit the free plan limit, export it and import it again', async () => {
    await signUp(user, server.url, newPerson('lists'));
    await user.goto(`${server.url}/app-list`);
    await see(user, 'Create your first list, then add apps from the catalogue.');
    await screenshot(user, '21-app-list-empty');

    await user.getByRole('button', { name: 'New List' }).first().click();
    await field(user, 'List name').fill('My Setup');
    await user.getByRole('button', { name: 'Create List' }).click();
    const card = user.getByRole('region', { name: 'My Setup' });
    await card.waitFor();

    await card.getByRole('button', { name: 'Add apps' }).click();
    const drawer = user.getByRole('dialog', { name: 'Add apps to My Setup' });
    for (const name of [...APPS, ADMIN_APP]) {
      await field(drawer, 'Search apps').fill(name);
      await drawer.getByRole('button', { name: `Add ${name}`, exact: true }).click();
      await drawer.getByRole('button', { name: `${name} added`, exact: true }).waitFor();
    }
    await see(user, '5 of 5 apps');

    // A sixth app is beyond the free plan: Add is unavailable, with the reason and a way to upgrade.
    await field(drawer, 'Search apps').fill('Slack');
    expect(await drawer.getByRole('button', { name: 'Add Slack', exact: true }).isDisabled()).toBe(true);
    const alert = drawer.getByRole('alert');
    await alert.getByText('Plan limit reached').waitFor();
    expect(await alert.textContent()).toContain('5 apps per list');
    expect(await alert.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing-page');
    await screenshot(user, '22-plan-limit');
    await user.keyboard.press('Escape');

    // The card shows the list's size: the sum of the known sizes in GB with two decimals, and how
    // many apps have none (VLC's Debian package is a metapackage, so the catalogue states no size).
    const catalogue = (await (await user.request.get(`${server.url}/catalogue/apps`)).json()) as Array<{
      name: string;
      file_size_kb: number | null;
    }>;
    const inList = catalogue.filter((app) => [...APPS, ADMIN_APP].includes(app.name));
    expect(inList.filter((app) => app.file_size_kb === null).map((app) => app.name)).toEqual(['VLC']);
    const knownKb = inList.reduce((sum, app) => sum + (app.file_size_kb ?? 0), 0);
    const expectedSize = `${(knownKb / 1024 / 1024).toFixed(2)} GB (size of 1 app unknown)`;
    await card.getByText(`5 apps · ${expectedSize}`).first().waitFor();
    // Each app shows its own size, or none: no "0 MB" for VLC.
    const show = card.getByRole('button', { name: 'Show apps' });
    if (await show.isVisible()) await show.click();
    await card.getByRole('listitem', { name: 'Git' }).getByText('Development · 43.8 MB').waitFor();
    const vlc = card.getByRole('listitem', { name: 'VLC' });
    await vlc.getByText('Media', { exact: true }).waitFor();
    expect(await vlc.textContent()).not.toMatch(/MB|GB/);
    await screenshot(user, '23-list-with-apps');

    // Export as winget JSON: a real download of what winget import reads.
    await card.getByRole('button', { name: 'Export My Setup' }).click();
    const [download] = await Promise.all([user.waitForEvent('download'), user.getByRole('menuitem', { name: 'winget JSON' }).click()]);
    const exported = join(dir, download.suggestedFilename());
    await download.saveAs(exported);
    const winget = JSON.parse(readFileSync(exported, 'utf8')) as { Sources: Array<{ Packages: Array<{ PackageIdentifier: string }> }> };
    const ids = winget.Sources.flatMap((source) => source.Packages.map((pkg) => pkg.PackageIdentifier));
    expect(ids).toEqual(expect.arrayContaining(['Mozilla.Firefox', 'VideoLAN.VLC', 'Git.Git', 'Example.LoadoutTestUtility']));

    // The free plan holds one list: delete it, then import the file to get it back.
    await card.getByRole('button', { name: 'More actions for My Setup' }).click();
    await user.getByRole('menuitem', { name: 'Delete' }).click();
    await user.getByRole('button', { name: 'Delete List' }).click();
    await see(user, 'No lists yet');

    await user.getByRole('button', { name: 'Import' }).first().click();
    await user.getByRole('dialog', { name: 'Import a List' }).getByLabel('Format').selectOption('winget');
    await user.getByLabel('Upload a file').setInputFiles(exported);
    await field(user, 'List name').fill('Imported Setup');
    await user.getByRole('button', { name: 'Import', exact: true }).last().click();
    await see(user, /Imported 5 apps into/);
    await screenshot(user, '24-import-result');
    await user.getByRole('button', { name: 'Done' }).click();
    const imported = user.getByRole('region', { name: 'Imported Setup' });
    await imported.getByText(`5 apps · ${expectedSize}`).first().waitFor();
  });

  it('sends feedback that the admin reads in the console', async () => {
    await user.getByRole('button', { name: 'Feedback' }).click();
    const modal = user.getByRole('dialog', { name: 'Send Feedback' });
    await modal.getByText('Suggestion', { exact: true }).click();
    await field(modal, 'Message').fill('Please add the Arc browser to the catalogue.');
    await modal.getByRole('button', { name: 'Send' }).click();
    await see(user, 'Your feedback has been sent successfully.');
    await screenshot(user, '25-feedback-sent');

    await admin.goto(`${server.url}/admin-console`);
    await admin.getByRole('heading', { name: 'Admin Console' }).waitFor();
    await see(admin, 'Please add the Arc browser to the catalogue.');
    await screenshot(admin, '26-admin-console');
  });
});
