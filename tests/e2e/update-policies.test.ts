import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { UpdatePoliciesResponse } from '@shared/api/update-policies';

import { ProtocolAgent } from '../server/helpers/agent';
import { newDeviceId } from '../server/helpers/devices';
import { launchBrowser } from './helpers/browser';
import { dialogEveryWay, everyWay, SIZES } from './helpers/every-way';
import { buyPremium, CARD_OK, payWith } from './helpers/payment';
import { startServer, type RunningServer } from './helpers/server';
import { createListWithApps, field, newPerson, pageApi, see, signUp } from './helpers/ui';

/** A Select's option, chosen as a person does: open it, click the option. */
async function choose(scope: Locator, page: Page, label: string, option: string): Promise<void> {
  await field(scope, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A segmented control's segment, clicked as a person does (its radio is visually hidden); checked after. */
async function segment(scope: Locator, name: string): Promise<void> {
  await scope.locator('label', { hasText: name }).click();
  expect(await scope.getByRole('radio', { name }).isChecked()).toBe(true);
}

/**
 * The policy editor as a Premium user meets it: Settings → Update policies, the account's
 * policy made with security updates only, a weekly window, a machine that was off waiting for
 * the next window and an app left alone (searched in the catalogue); then a list's own policy
 * from the list's menu, listed on the Updates page with a link back to where it is changed.
 * Every view at 1440 and 390 px, light and dark, with axe.
 */
describe('update policies in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const person = newPerson('policies');

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: SIZES[0] })).newPage();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("makes the account's policy on the Update policies page", async () => {
    await signUp(page, server.url, person);
    await buyPremium(page, server.url);
    await page.goto(`${server.url}/settings`);
    await page.getByRole('region', { name: 'Update policies' }).getByRole('link', { name: 'Manage update policies' }).click();
    await page.getByRole('heading', { level: 1, name: 'Update policies' }).waitFor();
    const account = page.getByRole('region', { name: 'Your account' });
    await see(page, /No policy yet: apps update only when you update them/);
    await see(page, /None yet\. A machine's page, a group's page and a list's menu/);
    await everyWay(page, 'update-policies', 'empty', () => see(page, /No policy yet/));

    await segment(account, 'Security only');
    await see(page, /Only apt tells security updates apart/);
    await segment(account, 'Weekly');
    await choose(account, page, 'Weekday', 'Sunday');
    await field(account, 'Window opens at').fill('02:30');
    await choose(account, page, 'Window length', '1 hour');
    await choose(account, page, 'A machine that was off during its window', 'Wait for the next window');
    const exceptions = field(account, 'Apps it leaves alone');
    await exceptions.fill('Firefox');
    await page.getByRole('option', { name: 'Firefox', exact: true }).click();
    await page.keyboard.press('Escape');
    await account.getByRole('button', { name: 'Save policy' }).click();
    await see(page, 'Update policy saved');
    await account
      .getByTestId('next-window')
      .getByText(/^Next window: Sun\b/)
      .waitFor();

    const saved = await pageApi<UpdatePoliciesResponse>(page, 'GET', '/api/update-policies');
    expect(saved.body.policies).toHaveLength(1);
    expect(saved.body.policies[0]).toMatchObject({
      target: 'account',
      mode: 'security',
      cadence: 'weekly',
      weekday: 0,
      time: '02:30',
      windowMinutes: 60,
      offline: 'next-window',
      exceptions: [{ name: 'Firefox' }],
    });
    // Read again, the form shows what was saved.
    await page.reload();
    await account.getByTestId('next-window').waitFor();
    await expect.poll(() => field(account, 'Weekday').inputValue()).toBe('Sunday');
    await expect.poll(() => field(account, 'Window length').inputValue()).toBe('1 hour');
    await account.getByText('Firefox').first().waitFor();
    await everyWay(page, 'update-policies', 'account-policy', () => account.getByTestId('next-window').waitFor());
  }, 300_000);

  it("gives a list its own policy from the list's menu, and lists it on the Update policies page", async () => {
    const card = await createListWithApps(page, server.url, 'Night shift', ['VLC']);
    await card.getByRole('button', { name: 'More actions for Night shift' }).click();
    await page.getByRole('menuitem', { name: 'Update policy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update policy: Night shift' });
    await dialog.getByText(/No policy for this list yet/).waitFor();
    await dialogEveryWay(page, 'update-policies', 'list-dialog', dialog);
    await field(dialog, 'Window opens at').fill('23:00');
    await dialog.getByRole('button', { name: 'Save policy' }).click();
    await dialog.getByTestId('next-window').waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/updates`);
    const others = page.getByRole('list', { name: 'Other update policies' });
    const item = others.getByRole('listitem').filter({ hasText: 'Night shift' });
    await item.getByText('Daily, 23:00 for 2 hours').waitFor();
    await item.getByText('All updates').waitFor();
    await everyWay(page, 'update-policies', 'with-list', () => others.waitFor());
    await item.getByRole('link', { name: 'Night shift' }).click();
    await page.waitForURL(/\/app-list/);
  }, 300_000);

  it('a rollout stopped by its canary shows its rings and the machine that failed, and resumes', async () => {
    await page.goto(`${server.url}/payment-page?plan=annual-premium`);
    await page.getByRole('heading', { name: 'Complete Your Purchase' }).waitFor();
    await payWith(page, CARD_OK);
    await page.waitForURL('**/pricing-page?payment_success=true');

    // A canary group with one machine, and another machine: both enrolled as an agent does, VLC out of date on each.
    const group = await pageApi<{ id: string }>(page, 'POST', '/api/groups', { name: 'Canary' });
    expect(group.status).toBe(201);
    const machines = [];
    for (const name of ['Canary box', 'Office PC']) {
      const code = await pageApi<{ token: { code: string } }>(page, 'POST', '/api/device-tokens', { maxUses: 1 });
      const enrolled = await fetch(`${server.url}/api/devices/enroll`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: code.body.token.code, deviceId: newDeviceId(), deviceName: name, platform: 'linux', arch: 'x64' }),
      });
      expect(enrolled.status).toBe(201);
      const body = (await enrolled.json()) as { device: { device_id: string }; credential: string };
      const agent = await ProtocolAgent.connect(server.url, body.credential, ['apt'], undefined, 'UTC');
      await agent.next('inventory.request');
      agent.send({
        type: 'inventory',
        packages: [{ manager: 'apt', id: 'vlc', installedVersion: '3.0.20-1', availableVersion: '3.0.21-1' }],
      });
      machines.push({ name, deviceId: body.device.device_id, agent });
    }
    try {
      const [canary, office] = machines;
      expect((await pageApi(page, 'PUT', `/api/groups/${group.body.id}/members/${canary!.deviceId}`)).status).toBe(200);

      // VLC's list has its own policy (from the step before), which would decide for it: it goes.
      const listed = await pageApi<UpdatePoliciesResponse>(page, 'GET', '/api/update-policies');
      for (const policy of listed.body.policies.filter((candidate) => candidate.target === 'list'))
        expect((await pageApi(page, 'DELETE', `/api/update-policies/${policy.id}`)).status).toBe(200);

      // The account's policy gets the canary ring, its window opening this minute.
      await page.goto(`${server.url}/updates`);
      const account = page.getByRole('region', { name: 'Your account' });
      await account.getByTestId('next-window').waitFor();
      await segment(account, 'All updates');
      await segment(account, 'Daily');
      await field(account, 'Window opens at').fill(server.clock.now().toISOString().slice(11, 16));
      await account.getByRole('button', { name: 'Add a ring' }).click();
      await choose(account, page, 'Ring 1 group', 'Canary');
      await see(page, 'Ring 2: everyone else');
      await account.getByRole('button', { name: 'Save policy' }).click();
      await see(page, 'Update policy saved');
      await everyWay(page, 'update-policies', 'rings', () => account.getByText('Ring 2: everyone else').waitFor());

      // The window opens: only the canary gets VLC, and its update fails; the next look stops the rollout.
      // (The server's own scheduler may have opened it already: then this finds it sent.)
      await server.app.services.policyRunner.openWindows();
      const { job } = await canary!.agent.next('job.assign');
      canary!.agent.send({ type: 'job.ack', jobId: job.jobId });
      canary!.agent.send({
        type: 'item.progress',
        jobId: job.jobId,
        itemId: job.items[0]!.itemId,
        status: 'failed',
        manager: 'apt',
        version: null,
        exitCode: 100,
        message: 'vlc 3.0.21-1 failed to install: its post-installation script exited with status 1',
        log: '',
      });
      canary!.agent.send({ type: 'job.done', jobId: job.jobId });
      await expect
        .poll(async () => {
          await server.app.services.policyRunner.openWindows();
          return (await pageApi<{ rollouts: Array<{ state: string }> }>(page, 'GET', '/api/rollouts')).body.rollouts[0]?.state;
        })
        .toBe('stopped');
      expect(office!.agent.received.some((message) => message.type === 'job.assign')).toBe(false);

      await page.goto(`${server.url}/updates`);
      const card = page.getByRole('list', { name: 'Rollouts' }).getByRole('listitem', { name: 'VLC 3.0.21-1' });
      await card.getByText('1 of 1 updates in Canary failed (100 %, more than 20 %).').waitFor();
      await card.getByRole('link', { name: 'Canary box' }).waitFor();
      await card.getByText(/its post-installation script exited with status 1/).waitFor();
      await everyWay(page, 'update-policies', 'rollout-stopped', () => card.getByText('Stopped', { exact: true }).waitFor());

      await card.getByRole('button', { name: 'Resume: open the next ring' }).click();
      await see(page, 'Rollout resumed: the next ring is open');
      await card.getByText('Everyone', { exact: true }).first().waitFor();
      expect(await card.getByRole('button', { name: 'Resume: open the next ring' }).count()).toBe(0);
    } finally {
      for (const machine of machines) await machine.agent.close();
    }
  }, 300_000);
});
