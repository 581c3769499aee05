import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ProtocolAgent } from '../server/helpers/agent';
import { newDeviceId } from '../server/helpers/devices';
import { launchBrowser } from './helpers/browser';
import { everyWay, SIZES } from './helpers/every-way';
import { startServer, type RunningServer } from './helpers/server';
import { newPerson, pageApi, see, signUp } from './helpers/ui';

const STILL = 'Still 3.0.20-1 after the update: the installer ran but the version did not change';

/**
 * A result that is true, as a person meets it: an update of VLC that the machine's agent reports
 * as having left the old version fails with the agent's words on the installation's page; the
 * machine's page then says the update did not take, offers no Update for that version, and
 * tries it again when asked. The agent here speaks the protocol (the read-back itself is the
 * agent's, tested in src/agent/read-back.test.ts and with real apt in update-apt-package.test.ts).
 */
describe('an update that did not change the version, in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let agent: ProtocolAgent | null = null;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: SIZES[0] })).newPage();
  }, 120_000);
  afterAll(async () => {
    await agent?.close();
    await browser?.close();
    await server?.stop();
  });

  it('shows the failure in the agent’s words, holds that version on the machine, and tries again when asked', async () => {
    await signUp(page, server.url, newPerson('true-results'));
    const code = await pageApi<{ token: { code: string } }>(page, 'POST', '/api/device-tokens', { maxUses: 1 });
    const enrolled = await fetch(`${server.url}/api/devices/enroll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        code: code.body.token.code,
        deviceId: newDeviceId(),
        deviceName: 'Studio PC',
        platform: 'linux',
        arch: 'x64',
      }),
    });
    expect(enrolled.status).toBe(201);
    const machine = (await enrolled.json()) as { device: { device_id: string }; credential: string };
    agent = await ProtocolAgent.connect(server.url, machine.credential, ['apt'], undefined, 'UTC');
    await agent.next('inventory.request');
    agent.send({
      type: 'inventory',
      packages: [{ manager: 'apt', id: 'vlc', installedVersion: '3.0.20-1', availableVersion: '3.0.21-1' }],
    });

    // The person updates VLC from the machine's page.
    await page.goto(`${server.url}/devices/${machine.device.device_id}`);
    const table = page.getByRole('table', { name: 'Installed apps' });
    await table.getByRole('button', { name: 'Update VLC' }).click();
    await page.waitForURL(/\/installations\//);
    const { job } = await agent.next('job.assign');
    agent.send({ type: 'job.ack', jobId: job.jobId });
    agent.send({
      type: 'item.progress',
      jobId: job.jobId,
      itemId: job.items[0]!.itemId,
      status: 'failed',
      manager: 'apt',
      version: '3.0.20-1',
      exitCode: 0,
      message: STILL,
      log: 'Setting up vlc (3.0.20-1) ...',
    });
    agent.send({ type: 'job.done', jobId: job.jobId });
    agent.send({
      type: 'inventory',
      packages: [{ manager: 'apt', id: 'vlc', installedVersion: '3.0.20-1', availableVersion: '3.0.21-1' }],
    });
    await see(page, STILL);
    const installationUrl = page.url();
    await everyWay(page, 'true-results', 'installation', () => see(page, STILL));

    // The machine's page: the update did not take, no Update for it, a way to try again.
    await page.goto(`${server.url}/devices/${machine.device.device_id}`);
    const vlc = table.getByRole('row', { name: /^VLC/ });
    await vlc.getByText('Update to 3.0.21-1 did not take').waitFor();
    await vlc.getByText(STILL).waitFor();
    expect(await table.getByRole('button', { name: 'Update VLC' }).count()).toBe(0);
    // At 390 px the apps are cards, not a table: the words are what is looked for.
    await everyWay(page, 'true-results', 'machine', () => page.getByText('Update to 3.0.21-1 did not take').first().waitFor());

    await vlc.getByRole('button', { name: 'Try the update again for VLC' }).click();
    await see(page, /VLC 3\.0\.21-1 is offered again: update it from here\./);
    await agent.next('inventory.request');
    agent.send({
      type: 'inventory',
      packages: [{ manager: 'apt', id: 'vlc', installedVersion: '3.0.20-1', availableVersion: '3.0.21-1' }],
    });
    await table.getByRole('button', { name: 'Update VLC' }).waitFor();
    expect(installationUrl).toMatch(/\/installations\/[^/]+$/);
  }, 300_000);
});
