import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Download, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { newPerson, see, signUp } from './helpers/ui';

/** The installers' file names, in the product's words. */
const LINUX_FILE = 'Loadout Desktop.AppImage';
const WINDOWS_FILE = 'Loadout Desktop Setup.exe';

/**
 * The "Download Desktop Client" dialog, end to end: the real
 * server serves the builds in RELEASES_DIR (here dummy files; no macOS build at all), and
 * Chromium saves what the dialog downloads.
 */
describe('downloading the desktop client from the Devices screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const releases = mkdtempSync(join(tmpdir(), 'loadout-e2e-releases-'));
  const saved = mkdtempSync(join(tmpdir(), 'loadout-e2e-saved-'));
  // Binary bytes (not valid UTF-8), so a download read or re-encoded as text would not match.
  const linuxBytes = Buffer.concat([Buffer.from('\x7fELF AppImage '), randomBytes(64 * 1024)]);
  const windowsBytes = Buffer.concat([Buffer.from('MZ Setup '), randomBytes(48 * 1024)]);
  /** Every download Chromium starts on the page, in order. */
  const downloads: Download[] = [];

  beforeAll(async () => {
    writeFileSync(join(releases, LINUX_FILE), linuxBytes);
    writeFileSync(join(releases, WINDOWS_FILE), windowsBytes);
    server = await startServer({ RELEASES_DIR: releases });
    browser = await launchBrowser();
    page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    page.on('download', (download) => downloads.push(download));
    await signUp(page, server.url, newPerson('download'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(releases, { recursive: true, force: true });
    rmSync(saved, { recursive: true, force: true });
  });

  /** The Devices screen's "Install Desktop Client" button opens the dialog (a fresh page load: no earlier toasts). */
  async function openDialog(): Promise<Locator> {
    await page.goto(`${server.url}/devices`);
    await page.getByRole('heading', { name: 'Device Management' }).waitFor();
    await page.getByRole('button', { name: 'Install Desktop Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download Desktop Client' });
    await dialog.waitFor();
    return dialog;
  }

  /**
   * Holds the next download request at the browser until released, so the busy state can be
   * seen however fast the loopback server answers; released, it goes on to the real server.
   */
  async function holdNextDownload(): Promise<{ release: () => Promise<void> }> {
    let held: (route: Route) => void = () => undefined;
    const route = new Promise<Route>((resolve) => (held = resolve));
    const pattern = '**/api/client/download-client/**';
    await page.route(pattern, (r) => held(r), { times: 1 });
    return {
      release: async () => {
        await (await route).continue();
        await page.unroute(pattern);
      },
    };
  }

  /** Presses the button, sees it busy and disabled while the request is held, then lets the request through. */
  async function pressDownloadAndInstall(dialog: Locator): Promise<void> {
    const hold = await holdNextDownload();
    await dialog.getByRole('button', { name: 'Download & Install' }).click();
    const busy = dialog.getByRole('button', { name: 'Downloading...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await hold.release();
  }

  async function savedBytes(download: Download, name: string): Promise<Buffer> {
    const path = join(saved, name);
    await download.saveAs(path);
    return readFileSync(path);
  }

  it('detects Linux, downloads the AppImage under its product name with the exact bytes, then closes after 1 s', async () => {
    const dialog = await openDialog();
    // Headless Chromium on Linux says X11; Linux: the detected platform is preselected.
    expect(await dialog.getByRole('radio', { name: 'Linux' }).isChecked()).toBe(true);
    await dialog.getByText('Download & Install').waitFor();
    await screenshot(page, '60-download-dialog-linux');

    const downloadEvent = page.waitForEvent('download');
    await pressDownloadAndInstall(dialog);
    const download = await downloadEvent;
    const startedAt = Date.now();
    await see(page, 'Download started');
    // Still open right after the toast: it closes a second later, not at once.
    expect(await dialog.isVisible()).toBe(true);
    await screenshot(page, '61-download-started');
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    const closedAfter = Date.now() - startedAt;
    expect(closedAfter).toBeGreaterThanOrEqual(700);
    expect(closedAfter).toBeLessThan(5_000);

    expect(download.suggestedFilename()).toBe(LINUX_FILE);
    expect(await download.failure()).toBeNull();
    expect((await savedBytes(download, 'linux')).equals(linuxBytes)).toBe(true);
    expect(downloads).toHaveLength(1);
  });

  it('downloads the Windows installer after switching platform', async () => {
    const dialog = await openDialog();
    // Opened afresh, it detects Linux again; the user picks Windows.
    expect(await dialog.getByRole('radio', { name: 'Linux' }).isChecked()).toBe(true);
    await dialog.getByText('Windows', { exact: true }).click();
    expect(await dialog.getByRole('radio', { name: 'Windows' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'Linux' }).isChecked()).toBe(false);

    const downloadEvent = page.waitForEvent('download');
    await pressDownloadAndInstall(dialog);
    const download = await downloadEvent;
    await see(page, 'Download started');
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });

    expect(download.suggestedFilename()).toBe(WINDOWS_FILE);
    expect((await savedBytes(download, 'windows')).equals(windowsBytes)).toBe(true);
    expect(downloads).toHaveLength(2);
  });

  it('offers no Download & Install for a platform without an installer, but the agent through a new token', async () => {
    const dialog = await openDialog();
    await dialog.getByText('macOS', { exact: true }).click();
    expect(await dialog.getByRole('radio', { name: 'macOS' }).isChecked()).toBe(true);
    await dialog.getByText('The desktop client is not available on this server').waitFor();
    expect(await dialog.getByRole('button', { name: 'Download & Install' }).count()).toBe(0);
    await screenshot(page, '62-download-not-available');
    expect(downloads).toHaveLength(2);

    // "Connect with the agent" opens Generate Token, whose result leads with the agent download.
    await dialog.getByRole('button', { name: 'Connect with the agent' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('dialog', { name: 'Generate Registration Token' }).waitFor();
  });

  it('says "Failed to download client" and saves nothing when the listed installer cannot be fetched', async () => {
    const dialog = await openDialog();
    // Ready once the installer list is in (while it loads, the button is busy).
    await dialog.locator('button:not([data-loading])', { hasText: 'Download & Install' }).waitFor();
    // The installer went missing between the list and the click: the server answers 404.
    rmSync(join(releases, LINUX_FILE));
    await pressDownloadAndInstall(dialog);
    await see(page, 'Failed to download client');
    await screenshot(page, '63-download-failed');
    // The dialog stays open, ready to try again or pick another platform.
    await dialog.getByRole('button', { name: 'Download & Install' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Download & Install' }).isEnabled()).toBe(true);
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.getByText('Download started').count()).toBe(0);
    expect(downloads).toHaveLength(2);

    // Close closes it.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(downloads).toHaveLength(2);
  });
});
