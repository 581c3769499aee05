import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inDarkMode, launchBrowser, screenshot } from './helpers/browser';
import { payWith } from './helpers/payment';
import { startServer, type RunningServer } from './helpers/server';
import { field, newPerson, see, signUp } from './helpers/ui';

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
});
