import { z } from 'zod';

import { PLAN_IDS } from '../plans';
import { currentPlanSchema, paidPlanSchema } from './subscription';

/**
 * Card payments (docs/decisions.md#payments): create an intent, confirm the card, verify. The
 * amount is always computed by the server from the plan catalogue; the client's amount is
 * only checked against it.
 */

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Stripe's PaymentIntent statuses (the sandbox follows them). */
export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

/** POST /api/payment/create-payment-intent (Idempotency-Key header optional). */
export const createPaymentIntentRequestSchema = z.object({
  plan: paidPlanSchema,
  /** Cents; must equal the catalogue price of the plan (else 400 AMOUNT_MISMATCH). Optional. */
  amount: z.number().int().nonnegative().optional(),
});
export type CreatePaymentIntentRequest = z.input<typeof createPaymentIntentRequestSchema>;

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** Stripe's publishable key when Stripe is configured; null means the sandbox card field. */
  publishableKey: z.string().nullable(),
  provider: z.enum(PAYMENT_PROVIDERS),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/** POST /api/payment/sandbox/confirm: the sandbox's stand-in for Stripe's confirmCardPayment. */
export const sandboxConfirmRequestSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  /** Spaces allowed ("4242 4242 4242 4242"). */
  cardNumber: z.string().max(40),
  /** MM/YY or MM/YYYY. */
  expiry: z.string().max(10),
  cvc: z.string().max(10),
  billingEmail: z.string().max(320).optional().default(''),
});
export type SandboxConfirmRequest = z.input<typeof sandboxConfirmRequestSchema>;

/**
 * Stripe-like card error codes: card_declined, insufficient_funds (a decline_code in Stripe),
 * authentication_required, incorrect_number, invalid_number, invalid_expiry_month,
 * invalid_expiry_year, expired_card, invalid_cvc, incorrect_cvc, payment_intent_unexpected_state.
 */
export const cardErrorSchema = z.object({
  code: z.string(),
  /** Stripe's decline_code (insufficient_funds, generic_decline) when the card was declined. */
  declineCode: z.string().optional(),
  message: z.string(),
});
export type CardError = z.infer<typeof cardErrorSchema>;

/**
 * POST /api/payment/sandbox/authenticate: the answer to the sandbox's 3-D Secure challenge, for
 * an intent that confirm left in requires_action. Answered like confirm.
 */
export const sandboxAuthenticateRequestSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  result: z.enum(['complete', 'fail']),
});
export type SandboxAuthenticateRequest = z.input<typeof sandboxAuthenticateRequestSchema>;

const intentStateSchema = z.object({ id: z.string(), status: z.enum(PAYMENT_INTENT_STATUSES) });
/**
 * 200 either way, like confirmCardPayment's result: one of paymentIntent or error. A status of
 * requires_action means the card asks for 3-D Secure: the challenge comes next. An
 * Idempotency-Key is answered as Stripe answers it: the same key with the same request replays
 * the first answer; with another request, error idempotency_error.
 */
export const sandboxConfirmResponseSchema = z.union([
  /**
   * The error first: an error may carry the intent too, as Stripe's payment_intent_unexpected_state
   * does (status succeeded: it was paid by an earlier confirm, go on to verify).
   */
  z.object({ error: cardErrorSchema, paymentIntent: intentStateSchema.optional() }),
  z.object({ paymentIntent: intentStateSchema }),
]);
export type SandboxConfirmResponse = z.infer<typeof sandboxConfirmResponseSchema>;

/** POST /api/payment/verify (Idempotency-Key header optional). */
export const verifyPaymentRequestSchema = z.object({
  /** pi_… (Stripe) or pi_sb_… (sandbox). */
  paymentIntentId: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_]+$/, 'paymentIntentId is a payment intent id (pi_…)'),
  planType: paidPlanSchema,
});
export type VerifyPaymentRequest = z.input<typeof verifyPaymentRequestSchema>;

/**
 * success true: the plan changed (currentPlan is the new one). A payment that did not succeed,
 * another user's intent or a replay answers 4xx with the error envelope instead.
 */
export const verifyPaymentResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  currentPlan: currentPlanSchema.optional(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

/**
 * pending: an intent no card has been tried on yet (never listed in the history);
 * requires_action: the card asked for 3-D Secure and the challenge is not answered yet.
 */
export const PAYMENT_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** GET /api/payments: the signed-in user's attempted payments (a card was tried), newest first. */
export const paymentRecordSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  plan: z.enum(PLAN_IDS),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** Why it failed, for people ("Your card was declined."). */
  failureMessage: z.string().nullable(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's PaymentIntent id (pi_…). */
  providerPaymentId: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

export const paymentHistoryResponseSchema = z.object({ payments: z.array(paymentRecordSchema) });
export type PaymentHistoryResponse = z.infer<typeof paymentHistoryResponseSchema>;

/** POST /api/payment/webhook (Stripe; raw body, Stripe-Signature header). */
export const webhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean().optional() });
export type WebhookResponse = z.infer<typeof webhookResponseSchema>;
