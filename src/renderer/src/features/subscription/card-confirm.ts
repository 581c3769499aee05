/** What confirming a card answers, the same for the sandbox and for Stripe's confirmCardPayment. */
export type CardConfirmResult = { paymentIntent: { id: string; status: string } } | { error: { message: string } };

/** Confirms the card entered on the page for one PaymentIntent (SPEC §4 "Payment flow"). */
export type ConfirmCard = (clientSecret: string, billingEmail: string) => Promise<CardConfirmResult>;
