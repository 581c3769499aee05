import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { WEBHOOK_EVENT_LABELS } from '@shared/api/webhooks';

import { documentedVerifier, WebhookReceiver } from '../fixtures/webhook-receiver';
import { launchBrowser } from './helpers/browser';
import { dialogEveryWay, everyWay, SIZES } from './helpers/every-way';
import { buyPremium } from './helpers/payment';
import { startServer, type RunningServer } from './helpers/server';
import { field, newPerson, pageApi, see, signUp } from './helpers/ui';

/**
 * Webhooks end to end, against a real HTTPS receiver on loopback (tests/fixtures/webhook-receiver.ts)
 * that checks signatures with the documentation's own code: a Premium user adds an endpoint and
 * sees its secret once, sends a test event and sees the receiver's answer, sees a failure with
 * its next try, replays it once the receiver is fixed, and finds the endpoint turned off after a
 * day of failures, with the way to turn it on.
 */
describe('outgoing webhooks', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const receiver = new WebhookReceiver();
  const person = newPerson('webhooks');
  let secret = '';
  let endpointUrl = '';

  const deliveries = () => page.getByRole('table', { name: 'Deliveries' });
  const row = (index: number) =>
    deliveries()
      .getByRole('row')
      .nth(index + 1);
  const detail = () => page.getByRole('dialog', { name: /^Delivery of / });

  beforeAll(async () => {
    await receiver.start();
    const settings = receiver.serverSettings();
    server = await startServer({ CATALOGUE_SEED_FILE: '', ...settings.env }, settings.edges);
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: SIZES[0] })).newPage();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await receiver.stop();
  });

  it('a Premium user adds an endpoint from Settings and sees its signing secret once', async () => {
    await signUp(page, server.url, person);
    await buyPremium(page, server.url);
    await page.goto(`${server.url}/settings`);
    await page.getByRole('region', { name: 'Webhooks' }).getByRole('link', { name: 'Manage webhooks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await see(page, 'No endpoints yet');
    await everyWay(page, 'webhooks', 'empty', () => see(page, 'No endpoints yet'));

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    await field(form, 'URL').fill(receiver.url());
    await field(form, 'Description').fill('Build bot');
    await form.getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['installation.finished'] }).check();
    await form.getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['machine.silent'] }).check();
    await dialogEveryWay(page, 'webhooks', 'add-form', form);
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByRole('dialog', { name: 'Endpoint added: its signing secret' });
    secret = (await shown.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_\S{20,}$/);
    await dialogEveryWay(page, 'webhooks', 'secret', shown);
    await shown.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('heading', { level: 1, name: receiver.url() }).waitFor();
    endpointUrl = page.url();
    expect(endpointUrl).toMatch(/\/webhooks\/[^/]+$/);
    await see(page, 'Nothing sent yet. Send a test event to see how your endpoint answers.');
    // Shown once: the page read again has it nowhere, nor does the API.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: receiver.url() }).waitFor();
    expect(await page.content()).not.toContain(secret);
    const listed = await pageApi<unknown>(page, 'GET', '/api/webhooks');
    expect(JSON.stringify(listed.body)).not.toContain(secret);
  }, 240_000);

  it('sends a test event and shows the receiver’s answer, signed with that secret', async () => {
    receiver.always({ status: 200, body: '{"received":true}' });
    await page.getByRole('button', { name: 'Send test event' }).click();
    await row(0).getByText('Succeeded').waitFor();
    await expect.poll(() => row(0).getByRole('cell').nth(3).textContent()).toBe('200');
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    const verify = await documentedVerifier();
    const event = verify(delivery!.body, String(delivery!.headers['loadout-signature']), secret, { now: server.clock.now().getTime() });
    expect(event).toMatchObject({ type: 'ping', data: { message: 'A test event from Loadout. Your endpoint received it.' } });

    await row(0).getByRole('button', { name: 'ping' }).click();
    await detail().getByRole('listitem', { name: 'Attempt 1' }).getByText('Response 200').waitFor();
    await detail().getByText('{"received":true}').waitFor();
    expect(await detail().getByRole('region', { name: 'Request body' }).textContent()).toContain('"type": "ping"');
    await page.keyboard.press('Escape');
    await detail().waitFor({ state: 'detached' });
  }, 60_000);

  it('shows a failed try with its answer and when the next one is due, then replays it once the receiver is fixed', async () => {
    // The server's clock stands still from its start; set it to now so that "next try in 1 min" is read against the browser's.
    server.clock.set(new Date());
    receiver.always({ status: 500, body: 'upstream broke' });
    await page.getByRole('button', { name: 'Send test event' }).click();
    await row(0).getByText('Retrying').waitFor();
    await row(0)
      .getByText(/^Next try in 1 min, at /)
      .waitFor();
    await expect.poll(() => row(0).getByRole('cell').nth(3).textContent()).toBe('500');
    await see(page, 'Deliveries are failing');
    await row(0).getByRole('button', { name: 'ping' }).click();
    const attempt = detail().getByRole('listitem', { name: 'Attempt 1' });
    await attempt.getByText('Response 500').waitFor();
    await attempt.getByText('upstream broke').waitFor();
    await dialogEveryWay(page, 'webhooks', 'delivery-failed', detail());

    receiver.always({ status: 200, body: '{"received":true}' });
    // The log is newest first, and the server's clock stands still: the replay comes a second later.
    server.clock.advance(1_000);
    await detail().getByRole('button', { name: 'Replay' }).click();
    await detail().waitFor({ state: 'detached' });
    await row(0).getByText('Replay').waitFor();
    await row(0).getByText('Succeeded').waitFor();
    // The same event, sent again: the receiver got its id twice.
    const [failed, replayed] = receiver.received.slice(-2).map((got) => JSON.parse(got.body) as { id: string });
    expect(replayed!.id).toBe(failed!.id);
    await page.getByText('Deliveries are failing').waitFor({ state: 'detached' });

    await everyWay(page, 'webhooks', 'endpoint', () =>
      page.getByRole('region', { name: 'Deliveries' }).getByText('Replay', { exact: true }).first().waitFor(),
    );
    await everyWay(page, 'webhooks', 'list', async () => {
      await page.goto(`${server.url}/webhooks`);
      await page
        .getByRole('list', { name: 'Webhook endpoints' })
        .getByText(/^Last delivery succeeded,/)
        .waitFor();
    });
  }, 240_000);

  it('turns off an endpoint that failed for a day, says why, mails its owner, and turns it on again', async () => {
    await page.goto(endpointUrl);
    receiver.always({ status: 503, body: 'down for maintenance' });
    server.clock.advance(1_000);
    await page.getByRole('button', { name: 'Send test event' }).click();
    await row(0).getByText('Retrying').waitFor();

    server.clock.advanceHours(25);
    expect(await server.app.services.webhookDeliveries.deliverDue()).toBeGreaterThan(0);
    const mail = await server.mail.waitFor(person.email, /webhook endpoint was turned off/);
    const link = mail.links.find((candidate) => candidate.includes('/webhooks/')) ?? '';
    expect(new URL(link).pathname).toBe(new URL(endpointUrl).pathname);

    await page.goto(link);
    const notice = page.getByRole('alert').filter({ hasText: 'Loadout turned this endpoint off' });
    await notice.getByText(/^Every attempt to deliver to it failed for a day/).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Send test event' }).isDisabled()).toBe(true);
    await everyWay(page, 'webhooks', 'turned-off', () => notice.getByRole('button', { name: 'Turn on' }).waitFor());

    await notice.getByRole('button', { name: 'Turn on' }).click();
    await notice.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('button', { name: 'Send test event' }).isEnabled()).toBe(true);
  }, 120_000);
});
