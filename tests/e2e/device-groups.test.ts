import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { GenerationsResponse, RollbackPreview } from '@shared/api/generations';

import { buildAgentNativeIfStale, NATIVE_DIR } from '../../scripts/agent-native-build.mjs';
import { fitsTheWindow, inDarkMode, launchBrowser, screenshot } from './helpers/browser';
import { addAppsToCatalogue } from './helpers/catalogue-admin';
import { LocalAptRepo } from './helpers/local-apt-repo';
import { installedVersion, NativeAgent, removePackages } from './helpers/machine';
import { CARD_OK, payWith } from './helpers/payment';
import { startServer, type RunningServer } from './helpers/server';
import { createListWithApps, field, newPerson, pageApi, signUp } from './helpers/ui';

const EDITOR = 'loadout-group-editor';
const TOOL = 'loadout-group-tool';
const APPS = [
  { name: 'Loadout Group Editor', apt: EDITOR },
  { name: 'Loadout Group Tool', apt: TOOL },
];
const OLD = '1.0-1';
const NEW = '2.0-1';
const APT_MS = 120_000;

const isRoot = process.getuid?.() === 0;
const LINUX_X64 = process.platform === 'linux' && process.arch === 'x64';

/**
 * Device groups on real machines: two native agents on this host, each its own machine (its own
 * folder and fingerprint), real apt and a local repository. A group holds a list; the first
 * machine is added by hand and gets the list; the second enrols with the group's token and gets
 * it too; a package removed by hand shows as drift and is put back; an update from 1.0 to 2.0 is
 * rolled back to 1.0 from the machine's generations. Needs root and x64 Linux (CI is both).
 */
describe.skipIf(!LINUX_X64 || (!isRoot && process.env.CI !== 'true'))('device groups keep real machines in line', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const repo = new LocalAptRepo(EDITOR, [TOOL]);
  const first = new NativeAgent('lab-1', 'device-groups-e2e-1');
  const second = new NativeAgent('lab-2', 'device-groups-e2e-2');
  let groupUrl = '';
  let firstId = '';

  /** A registration link from the token dialog, for a group or none. */
  const tokenLink = async (group?: string) => {
    await page.goto(`${server.url}/devices`);
    await page.getByRole('button', { name: 'Generate Token' }).click();
    const generate = page.getByRole('dialog', { name: 'Generate Registration Token' });
    await field(generate, 'Max Uses').fill('1');
    if (group) {
      await generate.getByLabel('Join group').click();
      await page.getByRole('option', { name: group }).click();
      await screenshot(page, '95-token-joins-group');
    }
    await generate.getByRole('button', { name: 'Generate' }).click();
    const generated = page.getByRole('dialog', { name: 'Registration Token Generated' });
    await generated.getByRole('button', { name: 'Other ways' }).click();
    const command = generated.getByText(/enroll "/).first();
    await command.waitFor();
    const link = /enroll "([^"]+)"/.exec((await command.textContent()) ?? '')?.[1] ?? '';
    await page.keyboard.press('Escape');
    return link;
  };
  const deviceIdOf = async (name: string) =>
    (await pageApi<{ devices: Array<{ device_id: string; device_name: string }> }>(page, 'GET', '/api/devices')).body.devices.find(
      (device) => device.device_name === name,
    )?.device_id ?? '';
  /** "Check now" for a machine: its agent reports its apps again (once per 30 s a machine; the server's clock is the test's). */
  const checkNow = async (deviceId: string) => {
    server.clock.advance(31_000);
    expect((await pageApi(page, 'POST', `/api/devices/${deviceId}/inventory/refresh`)).status).toBe(202);
  };

  beforeAll(async () => {
    if (!isRoot) throw new Error('This test installs packages with apt and must run as root (CI does).');
    for (const name of [EDITOR, TOOL])
      if (installedVersion(name) !== null) throw new Error(`${name} is installed already: a run before this one did not clean up`);
    await buildAgentNativeIfStale({ targets: ['linux-x64'] });
    repo.publish(repo.build(OLD), repo.build(OLD, { name: TOOL }));
    server = await startServer({ CATALOGUE_SEED_FILE: '', AGENT_NATIVE_DIR: NATIVE_DIR });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  }, 300_000);
  afterAll(async () => {
    await first.stop();
    await second.stop();
    // A rollback installs a chosen version and apt-mark holds it: no hold and no package of this test stay.
    for (const name of [EDITOR, TOOL]) {
      try {
        execFileSync('apt-mark', ['unhold', name], { stdio: 'ignore' });
      } catch {
        // Not known to dpkg: nothing held.
      }
    }
    removePackages([EDITOR, TOOL].filter((name) => installedVersion(name) !== null));
    repo.remove();
    await browser?.close();
    await server?.stop();
  });

  it('gives a group a list, and installs it on a machine added by hand', async () => {
    await signUp(page, server.url, newPerson('group-user'));
    await addAppsToCatalogue(page, server.url, 'Utilities', APPS);
    await createListWithApps(
      page,
      server.url,
      'Lab tools',
      APPS.map((app) => app.name),
    );
    await page.goto(`${server.url}/payment-page?plan=annual-premium`);
    await page.getByRole('heading', { name: 'Complete Your Purchase' }).waitFor();
    await payWith(page, CARD_OK);
    await page.waitForURL('**/pricing-page?payment_success=true');

    await first.download(server.url);
    expect(await first.enroll(await tokenLink())).toContain('lab-1');
    first.run();
    firstId = await deviceIdOf('lab-1');

    await page.goto(`${server.url}/groups`);
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New group' });
    await field(dialog, 'Group name').fill('Lab');
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lab' }).waitFor();
    groupUrl = page.url();

    const lists = page.getByRole('region', { name: 'Lists' });
    await lists.getByLabel('Attach a list').click();
    await page.getByRole('option', { name: 'Lab tools' }).click();
    await lists.getByRole('button', { name: 'Attach' }).click();
    const machines = page.getByRole('region', { name: 'Machines' });
    await machines.getByLabel('Add a machine').click();
    await page.getByRole('option', { name: 'lab-1' }).click();
    await machines.getByRole('button', { name: 'Add' }).click();
    await machines.getByText('Added by hand').waitFor();

    await expect.poll(() => [installedVersion(EDITOR), installedVersion(TOOL)], { timeout: APT_MS, interval: 500 }).toEqual([OLD, OLD]);
  });

  it("enrols a second machine with the group's token, which joins the group and gets its list", async () => {
    await second.download(server.url);
    expect(await second.enroll(await tokenLink('Lab'))).toContain('lab-2');
    // Tagged as its owner would start it: a rule can find it by that.
    second.run(['--tag', 'Lab']);
    await page.goto(groupUrl);
    const machines = page.getByRole('region', { name: 'Machines' });
    await machines.getByText('Enrolled with the group’s token').waitFor({ timeout: 45_000 });
    const secondId = await deviceIdOf('lab-2');
    // Its installation of the list ran (the packages are this host's, so apt found them there).
    await expect
      .poll(
        async () =>
          (
            await pageApi<{ installations: Array<{ status: string; devices: Array<{ deviceId: string }> }> }>(
              page,
              'GET',
              '/api/installations',
            )
          ).body.installations
            .filter((installation) => installation.devices.some((device) => device.deviceId === secondId))
            .map((installation) => installation.status),
        { timeout: APT_MS, interval: 2_000 },
      )
      .toEqual(['succeeded']);

    // The native agent's tag reached the server: a group whose rule names it takes that machine in.
    const tagged = await pageApi<{ members: Array<{ deviceName: string; source: string; tags: string[] }> }>(page, 'POST', '/api/groups', {
      name: 'Tagged lab',
      rule: { tag: 'lab' },
    });
    expect(tagged.body.members).toEqual([expect.objectContaining({ deviceName: 'lab-2', source: 'rule', tags: ['lab'] })]);
  });

  it('shows a package removed by hand as drift, and brings the machine back in line', async () => {
    removePackages([TOOL]);
    await checkNow(firstId);
    await page.goto(groupUrl);
    const drift = page.getByRole('region', { name: 'Drift' });
    await drift.getByText('Missing').first().waitFor({ timeout: 45_000 });
    await drift.getByText('Loadout Group Tool').first().waitFor();
    await screenshot(page, '95-group-drift');
    await inDarkMode(page, 'Lab', async () => {
      await drift.getByText('Missing').first().waitFor();
      await screenshot(page, '95-group-drift-dark');
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await drift.getByText('Missing').first().waitFor();
    expect(await fitsTheWindow(page)).toBe(true);
    await screenshot(page, '95-group-drift-390');
    await inDarkMode(page, 'Lab', async () => {
      await screenshot(page, '95-group-drift-390-dark');
    });
    await page.setViewportSize({ width: 1440, height: 900 });

    await drift.getByRole('button', { name: 'Bring back in line: lab-1' }).click();
    const preview = page.getByRole('dialog');
    await preview.getByText('Loadout Group Tool').first().waitFor();
    await screenshot(page, '95-bring-back-preview');
    await preview.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => installedVersion(TOOL), { timeout: APT_MS, interval: 500 }).toBe(OLD);
  });

  // An update, its generation, screenshots of the preview at two widths in two themes, then the rollback: more than one job's time.
  it("rolls an update from 1.0 to 2.0 back to 1.0 from the machine's generations", { timeout: 300_000 }, async () => {
    // The agents may be refreshing apt's lists (their inventory does), which holds apt's lock a moment.
    const deb = repo.build(NEW);
    await expect
      .poll(
        () => {
          try {
            repo.publish(deb);
            return true;
          } catch {
            return false;
          }
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(true);
    await checkNow(firstId);
    await page.goto(groupUrl);
    const drift = page.getByRole('region', { name: 'Drift' });
    await drift.getByText(`${OLD} → ${NEW}`).first().waitFor({ timeout: 45_000 });
    await drift.getByRole('button', { name: 'Bring back in line: lab-1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => installedVersion(EDITOR), { timeout: APT_MS, interval: 500 }).toBe(NEW);

    // The update is a generation; the one before it had 1.0.
    const generations = await expect
      .poll(
        async () =>
          (await pageApi<GenerationsResponse>(page, 'GET', `/api/devices/${firstId}/generations`)).body.generations.map((row) => row.kind),
        {
          timeout: 30_000,
          interval: 500,
        },
      )
      .toContain('upgrade')
      .then(async () => (await pageApi<GenerationsResponse>(page, 'GET', `/api/devices/${firstId}/generations`)).body.generations);
    const update = generations.find((row) => row.kind === 'upgrade')!;
    const before = update.number - 1;
    const plan = await pageApi<RollbackPreview>(page, 'POST', `/api/devices/${firstId}/generations/${before}/rollback/preview`);
    expect(plan.body.steps).toEqual([
      expect.objectContaining({ name: 'Loadout Group Editor', action: 'change', from: NEW, to: OLD, exact: true, possible: true }),
    ]);

    // On the machine's page: its generations, and "Roll back to this" on the one before the update.
    await page.goto(`${server.url}/devices/${firstId}`);
    const rollBack = page.getByRole('button', { name: `Roll back to this: generation ${before}` });
    await rollBack.waitFor({ timeout: 30_000 });
    await rollBack.scrollIntoViewIfNeeded();
    await screenshot(page, '96-generations');
    const dialog = page.getByRole('dialog');
    /** Opens the rollback preview and waits for its plan. */
    const openPreview = async () => {
      await rollBack.click();
      await dialog.getByText(`${NEW} → ${OLD}`).first().waitFor();
    };
    await openPreview();
    await screenshot(page, '96-rollback-preview');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsTheWindow(page)).toBe(true);
    await screenshot(page, '96-rollback-preview-390');
    await page.keyboard.press('Escape');
    await inDarkMode(page, 'Roll back to this', async () => {
      await openPreview();
      await screenshot(page, '96-rollback-preview-390-dark');
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1440, height: 900 });
      await openPreview();
      await screenshot(page, '96-rollback-preview-dark');
      await page.keyboard.press('Escape');
    });
    await openPreview();
    await dialog.getByRole('button', { name: 'Roll back 1 app' }).click();
    await expect.poll(() => installedVersion(EDITOR), { timeout: APT_MS, interval: 500 }).toBe(OLD);
    await expect
      .poll(async () => (await pageApi<GenerationsResponse>(page, 'GET', `/api/devices/${firstId}/generations`)).body.generations[0], {
        timeout: 30_000,
        interval: 500,
      })
      .toMatchObject({ kind: 'rollback', rolledBackTo: before, changes: [{ name: 'Loadout Group Editor', from: NEW, to: OLD }] });
  });
});
