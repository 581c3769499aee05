import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fitsTheWindow as fits, launchBrowser, screenshot, switchTheme } from './helpers/browser';
import { buyPremium } from './helpers/payment';
import { startServer, type RunningServer } from './helpers/server';
import { newPerson, signUp } from './helpers/ui';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** 28 apps of the seed catalogue as a Brewfile people publish: a Ruby helper, a condition, a tap, an App Store app. */
const BREWFILE = [
  '# Brewfile of a new Mac',
  'def installed?(app)',
  '  File.exist?("/Applications/#{app}.app")',
  'end',
  'tap "homebrew/bundle"',
  ...[
    'firefox',
    'google-chrome',
    'chromium',
    'brave-browser',
    'vivaldi',
    'microsoft-edge',
    'opera',
    'tor-browser',
    'librewolf',
    'slack',
    'discord',
    'zoom',
    'telegram-desktop',
    'signal',
    'thunderbird',
    'element',
    'microsoft-teams',
    'vlc',
    'spotify',
    'obs',
    'audacity',
    'gimp',
    'inkscape',
    'blender',
    'handbrake-app',
    'krita',
    'kdenlive',
  ].map((cask) => `cask "${cask}"`),
  'cask "visual-studio-code" unless installed?("Visual Studio Code")',
  'mas "Keynote", id: 409183694',
].join('\n');

describe('importing a Brewfile with more apps than a list holds', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let dir: string;
  let brewfile: string;

  beforeAll(async () => {
    server = await startServer({ CATALOGUE_SEED_FILE: 'resources/catalogue/seed.json' });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    dir = mkdtempSync(join(tmpdir(), 'loadout-import-'));
    brewfile = join(dir, 'Brewfile');
    writeFileSync(brewfile, BREWFILE);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function openWithFile(): Promise<ReturnType<Page['getByRole']>> {
    await page.goto(`${server.url}/app-list`);
    await page.getByRole('button', { name: 'Import' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import a List' });
    await dialog.getByLabel('Upload a file').setInputFiles(brewfile);
    await expect.poll(() => dialog.getByRole('textbox', { name: /List name/ }).inputValue()).toBe('Brewfile');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('This file has 28 apps, and a list holds 25 on your plan.').waitFor();
    return dialog;
  }

  it('splits it into two lists, and shows back every line it left out with its number', async () => {
    await signUp(page, server.url, newPerson('list-import'));
    await buyPremium(page, server.url);
    const dialog = await openWithFile();
    // The file was read as a Brewfile from its name.
    await expect.poll(() => dialog.getByRole('radio', { name: /Split into 2 lists/ }).isChecked()).toBe(true);
    await dialog.getByText('“Brewfile (1 of 2)” to “Brewfile (2 of 2)”, in the file’s order').waitFor();
    await screenshot(page, '96-import-over-limit-1440-light');
    await switchTheme(page, 'dark');
    await screenshot(page, '96-import-over-limit-1440-dark');
    await switchTheme(page, 'light');

    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const done = page.getByRole('dialog', { name: 'Import finished' });
    await done.getByText('Imported 28 apps into 2 lists: “Brewfile (1 of 2)”, “Brewfile (2 of 2)”.').waitFor();
    const leftOut = done.getByRole('alert').filter({ hasText: 'Left out (4)' });
    for (const shown of ['Line 2:', 'Line 3:', 'Line 5:', 'Line 34:']) await leftOut.getByText(shown, { exact: true }).waitFor();
    await leftOut.getByText('A Mac App Store app: Loadout does not install from the App Store').waitFor();
    await done.getByText('Conditions not checked (1)').waitFor();
    await done.getByText('cask "visual-studio-code" unless installed?("Visual Studio Code")').waitFor();
    await screenshot(page, '96-import-split-result-1440');
    await done.getByRole('button', { name: 'Done' }).click();

    await page
      .getByRole('region', { name: 'Brewfile (1 of 2)' })
      .getByText(/^25 apps/)
      .first()
      .waitFor();
    // Each app says exactly what it installs, per package manager.
    const firefox = page.getByRole('region', { name: 'Brewfile (1 of 2)' }).getByRole('listitem', { name: 'Firefox' });
    await firefox.getByText('org.mozilla.firefox', { exact: true }).waitFor();
    await firefox.getByText('Mozilla.Firefox', { exact: true }).waitFor();
    await screenshot(page, '96-list-package-ids-1440');
    const second = page.getByRole('region', { name: 'Brewfile (2 of 2)' });
    await second
      .getByText(/^3 apps/)
      .first()
      .waitFor();

    // The same apps as a file for Windows: a winget configuration with a package resource each.
    await second.getByRole('button', { name: 'Export Brewfile (2 of 2)' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'winget configuration (YAML)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.winget\.yaml$/);
    const yaml = readFileSync(await download.path(), 'utf8');
    expect(yaml.match(/resource: Microsoft\.WinGet\.DSC\/WinGetPackage/g)).toHaveLength(3);
    expect(yaml).toContain('id: KDE.Krita');
  });

  it('lets a person on a phone choose the 25 apps to keep instead', async () => {
    await page.setViewportSize(PHONE);
    const dialog = await openWithFile();
    await dialog.getByRole('radio', { name: /Choose which apps to keep/ }).check();
    await dialog.getByText('25 of 25 chosen').waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Kdenlive' }).isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Opera' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Kdenlive' }).check();
    await dialog.getByText('25 of 25 chosen').waitFor();
    expect(await fits(page)).toBe(true);
    await screenshot(page, '96-import-choose-390-light');
    await switchTheme(page, 'dark');
    await screenshot(page, '96-import-choose-390-dark');

    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const done = page.getByRole('dialog', { name: 'Import finished' });
    await done.getByText('Imported 25 apps into “Brewfile”.').waitFor();
    await done.getByText("Skipped for your plan's limit (3)").waitFor();
    for (const skipped of ['Opera', 'Visual Studio Code']) await done.getByText(skipped, { exact: true }).waitFor();
    expect(await fits(page)).toBe(true);
    await screenshot(page, '96-import-kept-result-390-dark');
    await done.getByRole('button', { name: 'Done' }).click();
    await switchTheme(page, 'light');
    await page.setViewportSize(DESKTOP);
  });
});
