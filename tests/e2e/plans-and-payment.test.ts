import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, screenshot } from './helpers/browser';
import { CARD_OK, payWith } from './helpers/payment';
import { startServer, type RunningServer } from './helpers/server';
import { field, newPerson, see, signUp } from './helpers/ui';

/** Stripe's test cards, which the built-in payment sandbox follows. */
const CARD_DECLINED = '4000 0000 0000 0002';

/**
 * Plans and payments as a user lives them: the free plan's list limit, an upgrade paid by card in the
 * sandbox, what Premium unlocks (more lists, API access), a scheduled downgrade and its
 * cancellation, and a declined card that changes nothing.
 */
describe('plans that can be bought', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ CATALOGUE_SEED_FILE: '' });
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('takes a free user from the list limit to Premium, paid with a test card', async () => {
    await signUp(page, server.url, newPerson('plans'));
    await page.goto(`${server.url}/app-list`);
    await page.getByRole('button', { name: 'New List' }).first().click();
    await field(page, 'List name').fill('First');
    await page.getByRole('button', { name: 'Create List' }).click();
    await page.getByRole('region', { name: 'First' }).waitFor();

    // The free plan holds one list: the page says which plan lifts that, with a link.
    await page.getByRole('link', { name: /Upgrade to Premium/ }).click();
    await page.waitForURL('**/pricing-page');
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    const premium = page.getByRole('article', { name: 'Premium plan', exact: true });
    await premium.getByRole('link', { name: 'Upgrade' }).click();
    await page.waitForURL('**/payment-page?plan=premium');
    await page.getByRole('heading', { name: 'Complete Your Purchase' }).waitFor();
    await see(page, 'Monthly Premium Plan');
    await see(page, '$9.99');

    // A declined card shows the provider's reason and changes nothing.
    await payWith(page, CARD_DECLINED);
    await see(page, /Payment failed: Your card was declined/);
    await screenshot(page, '50-card-declined');
    expect(await currentPlan(page)).toBe('free');

    await payWith(page, CARD_OK);
    await page.waitForURL('**/pricing-page?payment_success=true');
    await premium.getByText('Current Plan').first().waitFor();
    await screenshot(page, '51-premium-current');
    expect(await currentPlan(page)).toBe('premium');

    // Premium lifts the one-list limit.
    await page.goto(`${server.url}/app-list`);
    await page.getByRole('button', { name: 'New List' }).first().click();
    await field(page, 'List name').fill('Second');
    await page.getByRole('button', { name: 'Create List' }).click();
    await page.getByRole('region', { name: 'Second' }).waitFor();
  });

  it('gives Premium an API key that reads the lists', async () => {
    await page.goto(`${server.url}/settings`);
    await page.getByRole('button', { name: 'Create API Key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API Key' });
    await field(dialog, 'Name').fill('Scripts');
    await dialog.getByRole('button', { name: 'Create API Key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.getByText(/will not be shown again/).waitFor();
    const key = shown.getByText(/^lo_live_/).first();
    await key.waitFor();
    await screenshot(page, '52-api-key-created');
    const secret = ((await key.textContent()) ?? '').trim();

    const lists = await fetch(`${server.url}/api/lists`, { headers: { authorization: `Bearer ${secret}` } });
    expect(lists.status).toBe(200);
    expect(((await lists.json()) as Array<{ name: string }>).map((list) => list.name).sort()).toEqual(['First', 'Second']);
  });

  it('schedules a downgrade, shows it, and cancels it', async () => {
    await page.goto(`${server.url}/pricing-page`);
    const free = page.getByRole('article', { name: 'Free plan', exact: true });
    await free.getByRole('button', { name: 'Downgrade' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Plan Downgrade' });
    await confirm.getByText(/until the end of the billing period/).waitFor();
    await confirm.getByRole('button', { name: 'Confirm Downgrade' }).click();

    await see(page, 'Downgrade scheduled');
    await free.getByText('Next Plan').waitFor();
    await screenshot(page, '53-downgrade-scheduled');
    expect(await currentPlan(page)).toBe('premium');

    await page.getByRole('alert').filter({ hasText: 'Downgrade scheduled' }).getByRole('button', { name: 'Cancel Downgrade' }).click();
    await page.getByText('Downgrade scheduled').waitFor({ state: 'hidden' });
    await page.getByRole('article', { name: 'Premium plan', exact: true }).getByText('Current Plan').first().waitFor();
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/subscription/status', { headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
      return ((await res.json()) as { currentPlan: { status: string; pendingPlan: string | null } }).currentPlan;
    });
    expect(status).toMatchObject({ status: 'active', pendingPlan: null });
  });
});

async function currentPlan(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const res = await fetch('/api/subscription/status', { headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
    return ((await res.json()) as { currentPlan: { name: string } }).currentPlan.name;
  });
}
