import type { PaymentIntentStatus } from '@shared/api/payment';

/** What confirming a card answers, the same for the sandbox and for Stripe's confirmCardPayment. */
export type CardConfirmResult = { paymentIntent: { id: string; status: PaymentIntentStatus } } | { error: { message: string } };

/** Confirms the card entered on the page for one PaymentIntent, with its client secret and the billing e-mail. */
export type ConfirmCard = (clientSecret: string, billingEmail: string) => Promise<CardConfirmResult>;
