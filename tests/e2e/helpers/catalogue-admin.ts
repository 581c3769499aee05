import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';

import { field, see } from './ui';

export interface CatalogueApp {
  name: string;
  apt?: string;
  winget?: string;
}

/**
 * An admin fills App Database Management as a person does: one category, then each app with
 * an icon and its package ids. Waits until the catalogue itself lists each app, since the
 * toast of the app before may still be up.
 */
export async function addAppsToCatalogue(admin: Page, baseUrl: string, category: string, apps: readonly CatalogueApp[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'loadout-e2e-icon-'));
  try {
    await admin.goto(`${baseUrl}/app-database-management`);
    await admin.getByRole('heading', { name: 'App Database Management' }).waitFor();
    await field(admin, 'Category name').fill(category);
    await admin.getByRole('button', { name: 'Save Category' }).click();
    await see(admin, 'Category saved');
    const icon = join(dir, 'icon.png');
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2f9e44' } })
      .png()
      .toFile(icon);
    for (const app of apps) {
      await field(admin, 'Name').fill(app.name);
      await field(admin, 'Description').fill(`${app.name}, for the end-to-end tests.`);
      await admin.getByRole('combobox', { name: 'Category', exact: true }).click();
      await admin.getByRole('option', { name: category }).click();
      await field(admin, 'File size (KB)').fill('100');
      await field(admin, 'Website').fill('https://example.org/app');
      await admin.getByLabel('Icon').setInputFiles(icon);
      if (app.apt) await field(admin, 'apt package').fill(app.apt);
      if (app.winget) await field(admin, 'winget id').fill(app.winget);
      await admin.getByRole('button', { name: 'Add App' }).click();
      // Saving uploads and resizes the icon: seconds when other suites share the machine.
      await expect
        .poll(
          async () =>
            ((await (await admin.request.get(`${baseUrl}/catalogue/apps?search=${encodeURIComponent(app.name)}`)).json()) as unknown[])
              .length,
          { timeout: 20_000 },
        )
        .toBe(1);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
