import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inDarkMode, launchBrowser, screenshot } from './helpers/browser';
import { CARD_OK, payWith } from './helpers/payment';
import { startServer, type RunningServer } from './helpers/server';
import { field, newPerson, see, signIn, signUp } from './helpers/ui';

/** Stripe's test card that asks for 3-D Secure on every payment; the sandbox follows it. */
const CARD_3DS = '4000 0027 6000 3184';
const AUTHENTICATION_FAILED = /Payment failed: We are unable to authenticate your payment method/;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Payments as a person meets them: opening the page pays nothing, and the 3-D Secure card asks for a challenge. */
describe('paying: no phantom payments, and the 3-D Secure challenge', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ CATALOGUE_SEED_FILE: '' });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const openPayment = async () => {
    await page.goto(`${server.url}/payment-page?plan=premium`);
    await field(page, 'Card number').waitFor();
  };
  const paymentRows = async () => {
    await page.goto(`${server.url}/settings`);
    await page.getByRole('heading', { name: 'Payment history' }).waitFor();
    const table = page.getByRole('table', { name: 'Payment history' });
    await table.or(page.getByText('No payments yet.')).waitFor();
    if (!(await table.isVisible())) return [];
    return (await table.getByRole('row').allInnerTexts()).slice(1);
  };

  it('opening the payment page and leaving leaves no payment behind', async () => {
    await signUp(page, server.url, newPerson('phantom'));
    await openPayment();
    await screenshot(page, '60-payment-page-1440');
    await page.setViewportSize(PHONE);
    await screenshot(page, '60-payment-page-390');
    await page.setViewportSize(DESKTOP);
    expect(await paymentRows()).toEqual([]);
  });

  it('failing the challenge leaves the plan as it was and says why', async () => {
    await openPayment();
    await payWith(page, CARD_3DS);
    const challenge = page.getByRole('dialog', { name: 'Authenticate this payment' });
    await challenge.waitFor();
    await challenge.getByText('$9.99').waitFor();
    // The dialog fades in: the picture waits for its end.
    await page.waitForTimeout(400);
    await screenshot(page, '61-3ds-challenge-1440');
    await page.setViewportSize(PHONE);
    await screenshot(page, '61-3ds-challenge-390');
    await page.setViewportSize(DESKTOP);
    await challenge.getByRole('button', { name: 'Fail authentication' }).click();
    await see(page, AUTHENTICATION_FAILED);
    await challenge.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/payment-page?plan=premium');
    const rows = await paymentRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/failed/i);
    await see(page, 'The free plan does not renew or expire.');
  });

  it('completing the challenge pays, gives the plan and says so once; the history has the time of day', async () => {
    await openPayment();
    await payWith(page, CARD_3DS);
    const challenge = page.getByRole('dialog', { name: 'Authenticate this payment' });
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL('**/pricing-page?payment_success=true');
    await see(page, 'Payment successful');
    // One message: the banner, no toast beside it.
    expect(await page.getByText(/Payment successful/).count()).toBe(1);
    await screenshot(page, '62-paid-after-3ds-1440');

    const rows = await paymentRows();
    // The declined try and the paid one were one intent (as in Stripe): it is now paid.
    expect(rows).toEqual([expect.stringMatching(/paid/i)]);
    expect(rows[0]).toMatch(/\d{1,2}:\d{2}/);
    await see(page, /Paid until/);
    const history = page.getByRole('table', { name: 'Payment history' });
    await history.scrollIntoViewIfNeeded();
    await screenshot(page, '63-payment-history-1440');
    await inDarkMode(page, 'Payment history', async () => {
      await screenshot(page, '63-payment-history-1440-dark');
      await page.setViewportSize(PHONE);
      await screenshot(page, '63-payment-history-390-dark');
    });
    await page.getByText('Payment history').first().waitFor();
    await screenshot(page, '63-payment-history-390');
    await page.setViewportSize(DESKTOP);
  });

  it('gives the plan a card paid for when the browser went away before recording it, and shows it on the next visit', async () => {
    const person = newPerson('gone');
    const leaving = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signUp(leaving, server.url, person);
    await leaving.goto(`${server.url}/payment-page?plan=premium`);
    await field(leaving, 'Card number').waitFor();
    // The card is charged, and the browser is gone before it can tell the server: its record
    // never arrives (as when the tab is closed or the server restarts at that moment).
    await leaving.route('**/api/payment/verify', (route) => route.abort());
    const charged = leaving.waitForResponse((response) => response.url().endsWith('/api/payment/sandbox/confirm'));
    await payWith(leaving, CARD_OK);
    expect((await charged).status()).toBe(200);
    await leaving.context().close();

    // The server's sweep (every minute) leaves a payment two minutes to its browser, then settles it.
    // Run here so the test need not wait for the minute; the server's own run may get there first,
    // so what counts is what the person sees below, not which run settled it.
    server.clock.advanceMinutes(3);
    await server.app.services.paymentSettlement.settlePaidUnused();

    // The person comes back another day, in another browser: Settings shows the plan and the payment.
    const back = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(back, server.url, person.email, person.password);
    await back.waitForURL('**/app-list**');
    // A browser of its own: it asks to be registered (that is not what this test looks at).
    const prompt = back.getByRole('dialog', { name: 'Register this browser' });
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await back.goto(`${server.url}/settings`);
    const plan = back.getByRole('region', { name: 'Plan and billing' });
    await plan.getByText('Premium', { exact: true }).first().waitFor();
    await plan.getByText(/Paid until/).waitFor();
    const history = plan.getByRole('table', { name: 'Payment history' });
    await history.waitFor();
    const rows = (await history.getByRole('row').allInnerTexts()).slice(1);
    expect(rows).toEqual([expect.stringMatching(/Premium.*\$9\.99.*Paid/is)]);
    await screenshot(back, '64-paid-without-browser-1440');
    await inDarkMode(back, 'Payment history', async () => {
      await back.setViewportSize(PHONE);
      await screenshot(back, '64-paid-without-browser-390-dark');
    });
    await back.context().close();
    // And the receipt went out, as after any payment.
    await server.mail.waitFor(person.email, /Your Loadout receipt: Premium/);
  });
});
