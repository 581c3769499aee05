import type { Page } from 'playwright-core';

import { field } from './ui';

/** The sandbox's test card that is always accepted (Stripe's own test number). */
export const CARD_OK = '4242 4242 4242 4242';

/** Fills the sandbox card field as a person would, then Complete Purchase. */
export async function payWith(page: Page, card: string): Promise<void> {
  await field(page, 'Card number').fill(card);
  await field(page, 'Expiration date').fill('12/34');
  await field(page, 'Security code').fill('123');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
}

/** Buys Premium on the payment page with the test card, and waits for the pricing page to say it is done. */
export async function buyPremium(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/payment-page?plan=premium`);
  await page.getByRole('heading', { name: 'Complete Your Purchase' }).waitFor();
  await payWith(page, CARD_OK);
  await page.waitForURL('**/pricing-page?payment_success=true');
}
