import { z } from 'zod';

import { sandboxConfirmRequestSchema } from '@shared/api/payment';

/** The sandbox card field checks what Stripe's Card Element checks, in Stripe's words. */
export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242", as typed. */
export function formatCardNumber(value: string): string {
  return onlyDigits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12 / 34"; a lone first digit above 1 means a month: "4" → "04 / ". */
export function formatExpiry(value: string): string {
  let digits = onlyDigits(value).slice(0, 4);
  if (digits.length === 1 && digits > '1') digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** Good through the last day of its month: null, or the message saying which part is past. */
export function expiryProblem(month: number, twoDigitYear: number, now: Date): string | null {
  const year = 2000 + twoDigitYear;
  if (year < now.getFullYear()) return CARD_MESSAGES.expiryYearPast;
  if (year === now.getFullYear() && month < now.getMonth() + 1) return CARD_MESSAGES.expiryPast;
  return null;
}

const { cardNumber, expiry, cvc } = sandboxConfirmRequestSchema.shape;

/** The sandbox card form: the request's fields, checked like a card field before anything is sent. */
export function cardFormSchema(now: () => Date = () => new Date()) {
  return z.object({
    cardNumber: cardNumber.transform(onlyDigits).superRefine((digits, ctx) => {
      if (digits.length < 15) ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.numberIncomplete });
      else if (!passesLuhn(digits)) ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.numberInvalid });
    }),
    expiry: expiry
      .transform((value) => onlyDigits(value))
      .superRefine((digits, ctx) => {
        if (digits.length !== 4) return ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.expiryIncomplete });
        const month = Number(digits.slice(0, 2));
        if (month < 1 || month > 12) return ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.expiryMonthInvalid });
        const past = expiryProblem(month, Number(digits.slice(2)), now());
        if (past) ctx.addIssue({ code: 'custom', message: past });
      })
      .transform((digits) => `${digits.slice(0, 2)}/${digits.slice(2)}`),
    cvc: cvc.trim().regex(/^\d{3,4}$/, CARD_MESSAGES.cvcIncomplete),
  });
}
export type CardFormValues = z.output<ReturnType<typeof cardFormSchema>>;
