import type { CardError } from '@shared/api/payment';

/**
 * The sandbox's cards: Stripe's test numbers behave as they do in Stripe's test mode, and a
 * number, expiry or CVC that Stripe would refuse is refused with Stripe's code and words.
 * https://docs.stripe.com/testing
 */
export type CardOutcome = { kind: 'succeeded' } | { kind: 'requires_action' } | { kind: 'error'; error: CardError; intentFails: boolean };

const SUCCEEDS = new Set([
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '378282246310005', // American Express
  '6011111111111117', // Discover
]);

const DECLINES: Record<string, CardError> = {
  '4000000000000002': { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

/** 3-D Secure is required: the intent waits in requires_action for the challenge's outcome. */
const REQUIRES_AUTHENTICATION = new Set(['4000002760003184', '4000002500003155', '4000000000003220']);

/** Stripe's words when the challenge was failed or closed. */
export const AUTHENTICATION_FAILED: CardError = {
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits.charAt(digits.length - 1 - i));
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const invalid = (code: string, message: string): CardOutcome => ({ kind: 'error', error: { code, message }, intentFails: false });

/** What the card does to a payment at `now` (expiry is checked against the injected clock). */
export function cardOutcome(card: { number: string; expiry: string; cvc: string }, now: Date): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return invalid('invalid_number', 'Your card number is invalid.');
  if (digits.length < 13) return invalid('incomplete_number', 'Your card number is incomplete.');
  if (digits.length > 19 || !luhnValid(digits)) return invalid('incorrect_number', 'Your card number is incorrect.');

  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  if (!expiry) return invalid('incomplete_expiry', "Your card's expiration date is incomplete.");
  const month = Number(expiry[1]);
  const year = (expiry[2] ?? '').length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12) return invalid('invalid_expiry_month', "Your card's expiration month is invalid.");
  // A card is good through the last day of its month.
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < current) {
    return invalid(
      year < now.getUTCFullYear() ? 'invalid_expiry_year_past' : 'invalid_expiry_month_past',
      `Your card's expiration ${year < now.getUTCFullYear() ? 'year' : 'date'} is in the past.`,
    );
  }
  if (year > now.getUTCFullYear() + 50) return invalid('invalid_expiry_year', "Your card's expiration year is invalid.");

  const cvcLength = digits.startsWith('34') || digits.startsWith('37') ? 4 : 3;
  if (!/^\d+$/.test(card.cvc.trim()) || card.cvc.trim().length < cvcLength) {
    return invalid('incomplete_cvc', "Your card's security code is incomplete.");
  }
  if (card.cvc.trim().length > cvcLength) return invalid('invalid_cvc', "Your card's security code is invalid.");

  if (SUCCEEDS.has(digits)) return { kind: 'succeeded' };
  const decline = DECLINES[digits];
  if (decline) return { kind: 'error', error: decline, intentFails: true };
  if (REQUIRES_AUTHENTICATION.has(digits)) return { kind: 'requires_action' };
  return {
    kind: 'error',
    error: {
      code: 'card_declined',
      declineCode: 'test_mode_live_card',
      message: 'Your card was declined. Your request was in test mode, but used a non test card.',
    },
    intentFails: true,
  };
}
