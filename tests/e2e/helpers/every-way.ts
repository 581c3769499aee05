import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

import { seriousViolations } from './axe';
import { screenshot, switchTheme } from './browser';

/** The sizes and themes every page of ours is looked at in: a laptop and a phone, light and dark. */
export const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
export const THEMES = ['light', 'dark'] as const;

/** The view fits the window, passes axe, and is saved as a screenshot (`name`) to look at. */
export async function checkView(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page), name).toEqual([]);
  await screenshot(page, name);
}

/**
 * Checks and saves `${prefix}-${name}-${width}-${theme}` at every size and theme, reloading for
 * each; `show` brings the page back to what is shot. Ends at the first size, the theme unset.
 */
export async function everyWay(page: Page, prefix: string, name: string, show: () => Promise<void>): Promise<void> {
  for (const theme of THEMES) {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
      await page.reload();
      await show();
      await checkView(page, `${prefix}-${name}-${size.width}-${theme}`);
    }
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.setViewportSize(SIZES[0]);
  await page.reload();
}

/** An open dialog at every size and theme, without a reload (it would close it). */
export async function dialogEveryWay(page: Page, prefix: string, name: string, dialog: Locator): Promise<void> {
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await dialog.waitFor();
      await checkView(page, `${prefix}-${name}-${size.width}-${theme}`);
    }
  }
  await switchTheme(page, 'light');
  await page.setViewportSize(SIZES[0]);
}
