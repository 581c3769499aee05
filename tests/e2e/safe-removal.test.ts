import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AptInstaller } from '../../src/agent/installers/apt';
import { defaultDeps } from '../../src/agent/installers/index';
import { inDarkMode, launchBrowser, screenshot } from './helpers/browser';
import { addAppsToCatalogue } from './helpers/catalogue-admin';
import { LocalAptRepo } from './helpers/local-apt-repo';
import { enrolThisMachine, HeadlessAgent, installedVersion } from './helpers/machine';
import { startServer, type RunningServer } from './helpers/server';
import { createListWithApps, field, newPerson, see, signUp } from './helpers/ui';

/** The app, a package that depends on it (apt removes it with the app), and a bystander. */
const CORE = 'loadout-demo-core';
const PLUGIN = 'loadout-demo-plugin';
/** With the plugin, more than a few packages go with the app: the person types its name to confirm. */
const EXTRAS = ['loadout-demo-extra1', 'loadout-demo-extra2', 'loadout-demo-extra3', 'loadout-demo-extra4', 'loadout-demo-extra5'];
const CANARY = 'loadout-demo-canary';
/** The app's configuration file: a plain removal keeps it (apt's rc state), a purge does not. */
const CORE_SETTINGS = `/etc/${CORE}/settings.conf`;
const VERSION = '1.0-1';
const CORE_APP = { name: 'Demo Core', apt: CORE };
const NODE_APP = { name: 'Node.js', apt: 'nodejs' };
const CANARY_APP = { name: 'Canary', apt: CANARY };
const REMOVE_TIMEOUT_MS = 120_000;

const isRoot = process.getuid?.() === 0;
const DEBIAN_NODE = '/usr/bin/node';
const signal = new AbortController().signal;

/**
 * The agent is root on people's machines: nothing is removed that the person did not see, an
 * id is never an action or a pattern, and the agent's own runtime never goes. Real packages,
 * real apt, real agent and server, in Chromium. Needs root (CI runs as root).
 */
describe.skipIf(!isRoot && process.env.CI !== 'true')('removing apps on a real machine: only what the person saw', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  // The agent file as a Debian user runs it: on Debian's own nodejs, whose package it must never remove.
  const agent = new HeadlessAgent(DEBIAN_NODE);
  const repo = new LocalAptRepo(CORE, [PLUGIN, ...EXTRAS, CANARY]);
  let deviceId = '';

  beforeAll(async () => {
    if (!isRoot) throw new Error('This test installs and removes real packages with dpkg and apt and must run as root (CI does).');
    for (const name of [CORE, PLUGIN, ...EXTRAS, CANARY])
      if (installedVersion(name) !== null) throw new Error(`${name} is installed already: a run before this one did not clean up`);
    if (installedVersion('nodejs') === null || !existsSync(DEBIAN_NODE))
      throw new Error(`This test needs Node.js installed from apt (the nodejs package, ${DEBIAN_NODE}), as CI has`);
    const debs = [
      repo.build(VERSION, { settings: 'colour = blue\n' }),
      ...[PLUGIN, ...EXTRAS].map((name) => repo.build(VERSION, { name, depends: CORE })),
      repo.build(VERSION, { name: CANARY }),
    ];
    for (const deb of debs) repo.installDirectly(deb);
    repo.publish(...debs);
    server = await startServer({ CATALOGUE_SEED_FILE: '' });
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
  }, 240_000);
  afterAll(async () => {
    await agent.stop();
    repo.remove();
    await browser?.close();
    await server?.stop();
  });

  it('refuses package ids that apt would read as an action or a pattern, in the catalogue and in the agent', async () => {
    await signUp(page, server.url, newPerson('removal-user'));
    await page.goto(`${server.url}/app-database-management`);
    const form = page.getByRole('region', { name: 'Add App' });
    for (const id of [`${CANARY}-`, 'loadout-demo-.+']) {
      await field(form, 'apt package').fill(id);
      await form.getByRole('button', { name: 'Add App' }).click();
      await form.getByText('Not a valid Debian package name', { exact: false }).first().waitFor();
    }

    // Forced past the server, the agent refuses them itself, before apt hears of them.
    const apt = new AptInstaller(defaultDeps());
    for (const id of [`${CANARY}-`, 'loadout-demo-.+', `-${CANARY}`]) {
      expect(await apt.uninstall({ name: id }, signal), id).toMatchObject({
        status: 'failed',
        message: 'Not a valid package id: nothing was run',
      });
      expect(await apt.install({ name: id }, signal), id).toMatchObject({
        status: 'failed',
        message: 'Not a valid package id: nothing was run',
      });
    }
    // A name apt does not know exactly would be read as a pattern: never handed to apt-get.
    expect(await apt.install({ name: 'loadout-demo.canar' }, signal)).toMatchObject({
      status: 'failed',
      message: 'Not found in the apt sources',
    });
    expect(installedVersion(CANARY)).toBe(VERSION);
    expect(installedVersion(CORE)).toBe(VERSION);
  });

  it('never sends the agent an id that breaks the grammar, even one written into the database by hand', async () => {
    await addAppsToCatalogue(page, server.url, 'Utilities', [CORE_APP, NODE_APP, CANARY_APP]);
    // Loadout removes only apps the person chose: these two are in a list of theirs.
    await createListWithApps(page, server.url, 'Dev tools', [CORE_APP.name, NODE_APP.name]);
    deviceId = await enrolThisMachine(page, server.url, agent);
    const canary = await server.app.ctx.db.selectFrom('apps').select('id').where('name', '=', CANARY_APP.name).executeTakeFirstOrThrow();
    await server.app.ctx.db
      .updateTable('apps')
      .set({ apt_package: `${CANARY}-` })
      .where('id', '=', canary.id)
      .execute();

    const created = await page.evaluate(
      async ({ appId, device }) => {
        const res = await fetch('/api/installations', {
          method: 'POST',
          headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}`, 'content-type': 'application/json' },
          body: JSON.stringify({ appIds: [appId], deviceIds: [device], kind: 'uninstall' }),
        });
        return (await res.json()) as { targets: Array<{ items: Array<{ status: string; message: string | null }> }> };
      },
      { appId: canary.id, device: deviceId },
    );
    expect(created.targets[0]!.items[0]).toMatchObject({
      status: 'skipped',
      message: 'Its package id in the catalogue is not valid, so it is not sent to machines',
    });
    expect(installedVersion(CANARY)).toBe(VERSION);
  });

  it(
    'shows every package an uninstall takes, asks for the app name before removing so many, and purges its settings when asked',
    async () => {
      const others = [PLUGIN, ...EXTRAS];
      await page.goto(`${server.url}/devices/${deviceId}`);
      const inventory = page.getByRole('table', { name: 'Installed apps' });
      await inventory.getByRole('row').filter({ hasText: CORE_APP.name }).waitFor({ timeout: 60_000 });
      const dialog = page.getByRole('dialog', { name: 'Uninstall App' });
      const open = async () => {
        await page.getByRole('button', { name: `Uninstall ${CORE_APP.name}` }).click();
        await dialog.getByText(`${others.length} other packages go with it`).waitFor({ timeout: 90_000 });
      };
      await open();
      const listed = dialog.getByRole('list', { name: 'Packages that would be removed' }).getByRole('listitem');
      // The app first, then the others in apt's own order, which is not by name.
      const [first, ...rest] = await listed.allTextContents();
      expect(first).toBe(`${CORE}${VERSION}the app`);
      expect(rest.sort()).toEqual([...others].sort().map((name) => `${name}${VERSION}also removed`));
      const typed = dialog.getByRole('textbox', { name: `Type ${CORE_APP.name} to confirm` });
      const confirm = dialog.getByRole('button', { name: `Uninstall ${others.length + 1} packages` });
      const purge = dialog.getByRole('checkbox', { name: /Also remove its settings \(purge\)/ });
      expect(await confirm.isDisabled()).toBe(true);
      expect(await purge.isChecked()).toBe(false);
      await typed.fill(CORE_APP.name.toLowerCase());
      expect(await confirm.isDisabled()).toBe(true);
      await screenshot(page, '90-uninstall-shows-what-goes');
      await inDarkMode(page, 'Installed apps', async () => {
        await open();
        await screenshot(page, '90-uninstall-shows-what-goes-dark');
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, '90-uninstall-shows-what-goes-phone-dark');
      });
      await open();
      await screenshot(page, '90-uninstall-shows-what-goes-phone');
      await page.setViewportSize({ width: 1440, height: 900 });

      // The server refuses the same removal without the name: the dialog is not the only guard.
      const check = await page.evaluate(
        async ({ device, appName }) => {
          const headers = { authorization: `Bearer ${localStorage.getItem('token') ?? ''}`, 'content-type': 'application/json' };
          const inventory = (await (await fetch(`/api/devices/${device}/inventory`, { headers })).json()) as {
            apps: Array<{ appId: number; name: string }>;
          };
          const appId = inventory.apps.find((app) => app.name === appName)!.appId;
          const started = (await (
            await fetch(`/api/devices/${device}/removal-checks`, { method: 'POST', headers, body: JSON.stringify({ appId }) })
          ).json()) as {
            checkId: string;
          };
          for (let tries = 0; tries < 100; tries++) {
            const read = (await (await fetch(`/api/devices/${device}/removal-checks/${started.checkId}`, { headers })).json()) as {
              status: string;
            };
            if (read.status === 'ready') break;
            await new Promise((resolve) => setTimeout(resolve, 300));
          }
          const res = await fetch('/api/installations', {
            method: 'POST',
            headers,
            body: JSON.stringify({ appIds: [appId], deviceIds: [device], kind: 'uninstall', removalCheckId: started.checkId, purge: true }),
          });
          return { status: res.status, body: (await res.json()) as { code?: string } };
        },
        { device: deviceId, appName: CORE_APP.name },
      );
      expect(check).toMatchObject({ status: 409, body: { code: 'REMOVAL_NOT_CONFIRMED' } });
      expect(installedVersion(CORE)).toBe(VERSION);

      await typed.fill(CORE_APP.name);
      await purge.check();
      await confirm.click({ timeout: 30_000 });
      await page.waitForURL('**/installations/*');
      const grid = page.getByRole('table', { name: 'Apps on each device' });
      await grid
        .getByRole('row')
        .filter({ hasText: CORE_APP.name })
        .getByText('Uninstalled', { exact: true })
        .waitFor({ timeout: REMOVE_TIMEOUT_MS });
      await see(page, 'Succeeded');
      await screenshot(page, '92-uninstalled-confirmed-set');
      for (const name of [CORE, ...others]) expect(installedVersion(name), name).toBeNull();
      // Purged: no configuration left behind, so dpkg no longer knows the package at all (no rc state).
      expect(existsSync(CORE_SETTINGS)).toBe(false);
      expect(dpkgStatus(CORE)).toBeNull();
      // What the person did not choose stays.
      expect(installedVersion(CANARY)).toBe(VERSION);
    },
    REMOVE_TIMEOUT_MS + 90_000,
  );

  it("refuses to remove the agent's own runtime, and says so", async () => {
    await page.goto(`${server.url}/devices/${deviceId}`);
    await page.getByRole('button', { name: `Uninstall ${NODE_APP.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Uninstall App' });
    await dialog.getByText('Loadout will not remove this').waitFor({ timeout: 30_000 });
    await dialog.getByText("nodejs is what Loadout's agent runs on: the agent never removes it").waitFor();
    expect(await dialog.getByRole('button', { name: 'Uninstall' }).isDisabled()).toBe(true);
    await screenshot(page, '91-uninstall-refused-runtime');
    await inDarkMode(page, 'Installed apps', async () => {
      await page.getByRole('button', { name: `Uninstall ${NODE_APP.name}` }).click();
      await dialog.getByText('Loadout will not remove this').waitFor({ timeout: 30_000 });
      await screenshot(page, '91-uninstall-refused-runtime-dark');
    });
    // Asked straight, without the dialog, the agent refuses as well.
    expect(await new AptInstaller(defaultDeps(), { runtimePath: DEBIAN_NODE }).uninstall({ name: 'nodejs' }, signal)).toMatchObject({
      status: 'failed',
      message: "nodejs is what Loadout's agent runs on: the agent never removes it",
    });
    expect(installedVersion('nodejs')).not.toBeNull();
  });
});

/** dpkg's status line for a package ("deinstall ok config-files" is apt's rc state), or null when dpkg does not know it. */
function dpkgStatus(name: string): string | null {
  try {
    const out = execFileSync('dpkg-query', ['-W', '-f=${Status}', '--', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.trim() === '' || out.includes('not-installed') ? null : out.trim();
  } catch {
    return null;
  }
}
