import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { replaceInventory } from '../../src/server/db/repositories/device-agent.repository';
import { insertCheckIn } from '../../src/server/db/repositories/device-check-ins.repository';
import { inDarkMode, launchBrowser, screenshot } from './helpers/browser';
import { HeadlessAgent } from './helpers/machine';
import { buyPremium } from './helpers/payment';
import { startServer, type RunningServer } from './helpers/server';
import { createListWithApps, field, newPerson, signIn, signUp } from './helpers/ui';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Whether the page scrolls sideways (wider than the window). */
function overflows(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/**
 * The Devices screens as a new user meets them in the first hour: a second address of the same
 * server that is not the admin device, a machine joining while its token's dialog is open, the
 * token's instructions opened again, and a machine's page on a phone.
 */
describe('the devices screens in the first hour', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  let adminContext: BrowserContext;
  const person = newPerson('first-hour');
  const agent = new HeadlessAgent();
  let machineId = '';

  beforeAll(async () => {
    server = await startServer();
    await server.app.catalogueSeeded;
    browser = await launchBrowser();
    adminContext = await browser.newContext({ viewport: DESKTOP });
    admin = await adminContext.newPage();
    // The first account of a fresh server; its first browser becomes its admin device.
    await signUp(admin, server.url, person);
  }, 120_000);
  afterAll(async () => {
    await agent.stop();
    await browser?.close();
    await server?.stop();
  });

  it('tells a browser on another address of the server, answered "Not now", which device makes tokens', async () => {
    // localhost and 127.0.0.1 are two sites to a browser: nothing of the first is known here.
    const other = server.url.replace('127.0.0.1', 'localhost');
    for (const [viewport, suffix] of [
      [DESKTOP, ''],
      [PHONE, '-390'],
    ] as const) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signIn(page, other, person.email, person.password);
      const prompt = page.getByRole('dialog', { name: 'Register this browser' });
      await prompt.getByRole('button', { name: 'Not now' }).click();
      await prompt.waitFor({ state: 'hidden' });
      await page.goto(`${other}/devices`);
      const notice = page.getByRole('alert', { name: 'Only an admin device can generate tokens' });
      await notice.waitFor();
      expect(await notice.innerText()).toContain('generate the token there');
      expect(await page.getByRole('button', { name: 'Generate Token' }).isDisabled()).toBe(true);
      await notice.getByRole('button', { name: 'Register this browser' }).waitFor();
      await notice.scrollIntoViewIfNeeded();
      await screenshot(page, `90-not-admin-device${suffix}`);
      await inDarkMode(page, 'Only an admin device can generate tokens', () => screenshot(page, `90-not-admin-device${suffix}-dark`));
      expect(await overflows(page)).toBe(false);
      await context.close();
    }
  });

  it('says in the token dialog when the machine joins and connects, with a link to it', async () => {
    await admin.goto(`${server.url}/devices`);
    await admin.getByRole('button', { name: 'Generate Token' }).click();
    const generate = admin.getByRole('dialog', { name: 'Generate Registration Token' });
    await field(generate, 'Max Uses').fill('1');
    await generate.getByRole('button', { name: 'Generate' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Registration Token Generated' });
    await dialog.getByRole('button', { name: 'Other ways' }).click();
    const command = dialog.getByText(/node loadout-agent\.mjs enroll "/).first();
    await command.waitFor();
    const link = /enroll "([^"]+)"/.exec((await command.textContent()) ?? '')?.[1] ?? '';

    await agent.download(server.url);
    await agent.enroll(link);
    agent.run(['--installer', 'simulated']);
    // The event stream tells this browser; nothing is reloaded.
    await dialog.getByText('e2e-machine is connected').waitFor({ timeout: 45_000 });
    const open = dialog.getByRole('link', { name: 'Open e2e-machine' });
    await open.scrollIntoViewIfNeeded();
    await screenshot(admin, '91-token-dialog-machine-connected');
    machineId = decodeURIComponent((await open.getAttribute('href'))?.split('/devices/')[1] ?? '');
    expect(machineId).not.toBe('');
    await open.click();
    await admin.waitForURL(`**/devices/${machineId}`);
  });

  it("opens an active token's instructions again from the list, at 1440 and 390, light and dark", async () => {
    await admin.goto(`${server.url}/devices`);
    await admin.getByRole('button', { name: 'Generate Token' }).click();
    await admin.getByRole('dialog', { name: 'Generate Registration Token' }).getByRole('button', { name: 'Generate' }).click();
    const generated = admin.getByRole('dialog', { name: 'Registration Token Generated' });
    const code = (await generated.locator('code').first().innerText()).trim();
    await generated.getByRole('button', { name: 'Done' }).click();

    for (const [viewport, suffix] of [
      [DESKTOP, ''],
      [PHONE, '-390'],
    ] as const) {
      await admin.setViewportSize(viewport);
      const reopen = async () => {
        const dialog = admin.getByRole('dialog', { name: `Registration token ${code}` });
        const shown = dialog.getByRole('region', { name: /^Download for / });
        // A CI run saw the dialog already opening when the click came, its overlay then taking
        // every retry of the click: the dialog shown, by this click or already, is what counts.
        const click = admin
          .getByRole('listitem', { name: `Token ${code}` })
          .getByRole('button', { name: 'How to add a machine' })
          .click({ timeout: 15_000 })
          .catch(() => undefined);
        await Promise.race([shown.waitFor(), click]);
        await shown.waitFor();
        return dialog;
      };
      const dialog = await reopen();
      expect(await dialog.innerText()).toContain(code);
      await screenshot(admin, `92-token-instructions-again${suffix}`);
      await inDarkMode(admin, 'Device Registration Tokens', async () => {
        await reopen();
        await screenshot(admin, `92-token-instructions-again${suffix}-dark`);
      });
    }
    await admin.setViewportSize(DESKTOP);
  });

  it('preselects the only machine when a list is installed', async () => {
    const list = await createListWithApps(admin, server.url, 'First hour', ['Firefox']);
    await list.getByRole('button', { name: 'Install', exact: true }).click();
    const picker = admin.getByRole('dialog', { name: 'Select Installation Device' });
    await picker.getByText('e2e-machine', { exact: true }).waitFor();
    expect(await picker.getByRole('button', { name: 'Install to e2e-machine' }).isEnabled()).toBe(true);
    await screenshot(admin, '93-install-picker-only-machine');
    await admin.keyboard.press('Escape');
  });

  it("shows a machine's apps as cards on a phone with Uninstall in view, and says what the check-ins found", async () => {
    await buyPremium(admin, server.url);
    await agent.stop();
    const db = server.app.ctx.db;
    const device = await db.selectFrom('devices').select(['id', 'user_id']).where('device_id', '=', machineId).executeTakeFirstOrThrow();
    const apps = await db.selectFrom('apps').select(['name', 'apt_package']).where('apt_package', 'is not', null).limit(4).execute();
    const rows = apps.map((app, i) => ({
      manager: 'apt' as const,
      package_id: app.apt_package!,
      installed_version: `1.${i}.0-1+deb12u4`,
      available_version: i % 2 ? `1.${i}.1-1` : null,
    }));
    const now = new Date().toISOString();
    await replaceInventory(db, device.id, rows, now);
    // A report that had a package the one before did not (an app added to a list since).
    await insertCheckIn(db, {
      id: randomUUID(),
      user_id: device.user_id,
      device_row_id: device.id,
      kind: 'inventory',
      agent_version: null,
      apps: rows.length,
      outdated: 2,
      changes: JSON.stringify([{ manager: 'apt', packageId: rows[0]!.package_id, from: null, to: rows[0]!.installed_version }]),
      changes_total: 1,
      created_at: now,
    });
    const firstApp = apps[0]!.name;

    await admin.setViewportSize(PHONE);
    await admin.goto(`${server.url}/devices/${machineId}`);
    const cards = admin.getByRole('list', { name: 'Installed apps' });
    await cards.getByRole('listitem').first().waitFor();
    expect(await cards.getByRole('listitem').count()).toBe(rows.length);
    const uninstall = cards.getByRole('button', { name: `Uninstall ${firstApp}` });
    const box = await uninstall.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    expect(await overflows(admin)).toBe(false);
    const checkIns = admin.getByRole('region', { name: 'Check-ins' });
    await checkIns.getByText(`${firstApp} found installed (1.0.0-1+deb12u4)`).waitFor();
    await cards.scrollIntoViewIfNeeded();
    await screenshot(admin, '94-device-apps-390');
    await inDarkMode(admin, 'Installed apps', () => screenshot(admin, '94-device-apps-390-dark'));

    await admin.setViewportSize(DESKTOP);
    await admin.reload();
    await admin.getByRole('table', { name: 'Installed apps' }).waitFor();
    await checkIns.getByText(`${firstApp} found installed (1.0.0-1+deb12u4)`).waitFor();
    await screenshot(admin, '94-device-apps');
    await inDarkMode(admin, 'Installed apps', () => screenshot(admin, '94-device-apps-dark'));
  });
});
