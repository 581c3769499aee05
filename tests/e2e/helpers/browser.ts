import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Debian's Chromium (or CHROME_PATH): Playwright's own browser download does not work here. */
export function chromePath(): string {
  const path = process.env.CHROME_PATH ?? CANDIDATES.find((candidate) => existsSync(candidate));
  if (!path) throw new Error("No Chromium found: install Debian's chromium (apt-get install -y chromium) or set CHROME_PATH.");
  return path;
}

/**
 * Pages prefer reduced motion unless a test says otherwise: screenshots wait for finite
 * animations to end, and the Feedback button pulses for 7 s after every page load; it honours
 * reduced motion, as every decorative animation should, so no screenshot waits for it.
 * Mantine's transitions still run.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launch();
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  browser.newPage = (options) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath(),
    headless: true,
    // Without the background-networking flags Chromium keeps dialling out, which this network refuses.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const SCREENSHOT_DIR = join(process.cwd(), 'tests/e2e/screenshots');

/** Saves a full-page screenshot to look at after the run (tests/e2e/screenshots, not committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // A popover or dialog still fading in would be caught half transparent, the page showing through.
  // Spinners run forever and are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * The same page in dark mode (the theme a person chose is kept in localStorage), then back.
 * `ready` is what the page shows once loaded: the event stream keeps the network busy, so
 * "network idle" never comes.
 */
export async function inDarkMode(page: Page, ready: string, then: () => Promise<void>): Promise<void> {
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await page.getByText(ready).first().waitFor();
  await then();
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.reload();
}

/** Whether anything makes the page wider than the window. */
export const fitsTheWindow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Switches the theme as another tab of the app would, without a reload: an open dialog stays open. */
export async function switchTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((value) => {
    localStorage.setItem('theme', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: value, storageArea: localStorage }));
  }, theme);
  await page.locator(`html[data-mantine-color-scheme="${theme}"]`).waitFor({ state: 'attached' });
}
