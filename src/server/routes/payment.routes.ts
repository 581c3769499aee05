import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { idempotencyHeadersSchema } from '@shared/api/common';
import {
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  paymentHistoryResponseSchema,
  sandboxAuthenticateRequestSchema,
  sandboxConfirmRequestSchema,
  sandboxConfirmResponseSchema,
  verifyPaymentRequestSchema,
  verifyPaymentResponseSchema,
  webhookResponseSchema,
} from '@shared/api/payment';

import { callerOf } from '../plugins/auth';

const tags = ['payment'];
const security = [{ bearer: [] }];

/** Card payments for upgrades (docs/decisions.md#payments). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (instance) => {
    const authed = instance.withTypeProvider<ZodTypeProvider>();
    // Paying is account-sensitive: a personal API key is refused (403 SESSION_REQUIRED).
    authed.addHook('onRequest', (request) => app.requireSession(request));

    authed.post(
      '/api/payment/create-payment-intent',
      {
        schema: {
          operationId: 'createPaymentIntent',
          tags,
          summary: 'Start paying for a plan: the amount comes from the plan catalogue (a different client amount is refused)',
          security,
          headers: idempotencyHeadersSchema,
          body: createPaymentIntentRequestSchema,
          response: { 200: createPaymentIntentResponseSchema },
        },
      },
      async (request) =>
        app.services.payments.createIntent(callerOf(request).userId, request.body, request.headers['idempotency-key'] ?? null),
    );

    authed.post(
      '/api/payment/sandbox/confirm',
      {
        schema: {
          operationId: 'confirmSandboxPayment',
          tags,
          summary: "The sandbox provider's confirmCardPayment: Stripe's test cards and Idempotency-Key, answered like Stripe.js",
          security,
          headers: idempotencyHeadersSchema,
          body: sandboxConfirmRequestSchema,
          response: { 200: sandboxConfirmResponseSchema },
        },
      },
      async (request) =>
        app.services.payments.sandboxConfirm(callerOf(request).userId, request.body, request.headers['idempotency-key'] ?? null),
    );

    authed.post(
      '/api/payment/sandbox/authenticate',
      {
        schema: {
          operationId: 'authenticateSandboxPayment',
          tags,
          summary: "The sandbox's 3-D Secure challenge answered (complete or fail) for an intent in requires_action",
          security,
          body: sandboxAuthenticateRequestSchema,
          response: { 200: sandboxConfirmResponseSchema },
        },
      },
      async (request) => app.services.payments.sandboxAuthenticate(callerOf(request).userId, request.body),
    );

    authed.post(
      '/api/payment/verify',
      {
        schema: {
          operationId: 'verifyPayment',
          'x-errors': [409],
          tags,
          summary: "After the card is confirmed: the provider's word on the payment, then the plan changes (once)",
          security,
          headers: idempotencyHeadersSchema,
          body: verifyPaymentRequestSchema,
          response: { 200: verifyPaymentResponseSchema },
        },
      },
      async (request) => app.services.payments.verify(callerOf(request).userId, request.body, request.headers['idempotency-key'] ?? null),
    );

    authed.get(
      '/api/payments',
      {
        schema: {
          operationId: 'listPayments',
          tags,
          summary: "The signed-in user's payments a card was tried on (paid, failed, waiting for 3-D Secure), newest first",
          security,
          response: { 200: paymentHistoryResponseSchema },
        },
      },
      async (request) => app.services.payments.history(callerOf(request).userId),
    );
  });

  // Stripe signs the exact bytes it sent: this route keeps the body raw.
  await app.register(async (instance) => {
    const webhook = instance.withTypeProvider<ZodTypeProvider>();
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/api/payment/webhook',
      {
        bodyLimit: 256 * 1024,
        schema: {
          operationId: 'receiveStripeWebhook',
          'x-errors': [404],
          security: [],
          tags,
          summary: 'Stripe webhook (Stripe-Signature checked with STRIPE_WEBHOOK_SECRET; a replayed event changes nothing)',
          headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
          response: { 200: webhookResponseSchema },
        },
      },
      async (request) =>
        app.services.payments.webhook(Buffer.isBuffer(request.body) ? request.body : Buffer.from(''), request.headers['stripe-signature']),
    );
  });
};
