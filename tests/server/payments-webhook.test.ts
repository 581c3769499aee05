import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CreatePaymentIntentResponse, PaymentHistoryResponse } from '@shared/api/payment';

import { cardOutcome } from '../../src/server/payments/cards';
import { fromStripeError, fromStripeIntent, StripeProvider } from '../../src/server/payments/stripe';
import { registerUser, type ApiError } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const SECRET = 'whsec_test_secret_for_loadout';

describe('the Stripe webhook', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STRIPE_WEBHOOK_SECRET: SECRET } });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (payload: string, signature: string | null) =>
    t.api.request<{ received?: boolean; duplicate?: boolean } & ApiError>({
      method: 'POST',
      url: '/api/payment/webhook',
      payload,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    });
  const sign = (payload: string, secret = SECRET) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(t.clock.now().getTime() / 1000) });

  it('records the outcome of a signed event once; a replay changes nothing; a bad signature is refused', async () => {
    const user = await registerUser(t.api);
    const intent = await t.api.post<CreatePaymentIntentResponse>('/api/payment/create-payment-intent', { plan: 'premium' }, user.token);
    const event = (id: string, type: string, object: Record<string, unknown>) =>
      JSON.stringify({
        id,
        object: 'event',
        type,
        data: {
          object: { object: 'payment_intent', id: intent.body.paymentIntentId, amount: 999, currency: 'usd', metadata: {}, ...object },
        },
      });

    const failed = event('evt_failed_1', 'payment_intent.payment_failed', {
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    const first = await post(failed, sign(failed));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true });
    const history = async () => (await t.api.get<PaymentHistoryResponse>('/api/payments', user.token)).body.payments[0];
    expect(await history()).toMatchObject({ status: 'failed', failureMessage: 'Your card has insufficient funds.' });

    const succeeded = event('evt_ok_1', 'payment_intent.succeeded', { status: 'succeeded', last_payment_error: null });
    expect((await post(succeeded, sign(succeeded))).body).toEqual({ received: true });
    expect(await history()).toMatchObject({ status: 'succeeded', failureMessage: null });

    // The failed event again (a replay): seen before, nothing changes.
    const replay = await post(failed, sign(failed));
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect(await history()).toMatchObject({ status: 'succeeded' });

    const forged = await post(failed.replace('evt_failed_1', 'evt_failed_2'), sign(failed, 'whsec_someone_else'));
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const tampered = await post(failed.replace('evt_failed_1', 'evt_failed_3'), sign(failed));
    expect(tampered.body.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await post(failed, null)).body.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(await history()).toMatchObject({ status: 'succeeded' });

    // An old signature (beyond Stripe's five-minute tolerance) is refused too.
    const late = event('evt_late', 'payment_intent.canceled', { status: 'canceled' });
    const header = sign(late);
    t.clock.advanceMinutes(10);
    expect((await post(late, header)).body.code).toBe('WEBHOOK_SIGNATURE_INVALID');
  });
});

describe('Stripe at the edges', () => {
  it('maps a PaymentIntent and its last error', () => {
    const intent = fromStripeIntent({
      id: 'pi_123',
      status: 'requires_payment_method',
      amount: 999,
      currency: 'usd',
      metadata: { userId: 'u1', plan: 'premium' },
      last_payment_error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } as never,
    });
    expect(intent).toEqual({
      id: 'pi_123',
      status: 'requires_payment_method',
      amount: 999,
      currency: 'usd',
      metadata: { userId: 'u1', plan: 'premium' },
      lastError: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
    });
    expect(fromStripeError(null)).toBeNull();
  });

  it('creates and retrieves through the Stripe client, with the idempotency key passed on', async () => {
    const calls: unknown[] = [];
    const fake = {
      paymentIntents: {
        create: async (params: Record<string, unknown>, options?: unknown) => {
          calls.push([params, options]);
          return {
            id: 'pi_abc',
            client_secret: 'pi_abc_secret_x',
            status: 'requires_payment_method',
            amount: params.amount,
            currency: 'usd',
            metadata: params.metadata,
            last_payment_error: null,
          };
        },
        retrieve: async (id: string) => {
          if (id !== 'pi_abc')
            throw Object.assign(new Error('No such payment_intent'), { type: 'StripeInvalidRequestError', code: 'resource_missing' });
          return {
            id,
            client_secret: 'pi_abc_secret_x',
            status: 'succeeded',
            amount: 999,
            currency: 'usd',
            metadata: { userId: 'u1', plan: 'premium' },
            last_payment_error: null,
          };
        },
      },
    };
    const provider = new StripeProvider('sk_test_x', 'pk_test_x', async () => fake as never);
    const created = await provider.createIntent({
      amount: 999,
      currency: 'usd',
      metadata: { userId: 'u1', plan: 'premium', paymentId: 'p1' },
      idempotencyKey: 'k1',
    });
    expect(created).toMatchObject({ id: 'pi_abc', clientSecret: 'pi_abc_secret_x', amount: 999 });
    expect(calls[0]).toEqual([expect.objectContaining({ amount: 999, currency: 'usd' }), { idempotencyKey: 'create:u1:k1' }]);
    expect(await provider.retrieveIntent('pi_abc')).toMatchObject({ status: 'succeeded' });
    expect(await provider.retrieveIntent('pi_missing')).toBeNull();
    expect(await provider.retrieveIntent('../etc')).toBeNull();
    expect(await provider.clientSecretOf('pi_abc')).toBe('pi_abc_secret_x');
  });

  it('sandbox cards: expiry is read against the given clock, Amex takes four CVC digits', () => {
    const now = new Date('2026-03-15T00:00:00Z');
    expect(cardOutcome({ number: '4242424242424242', expiry: '03/26', cvc: '123' }, now)).toEqual({ kind: 'succeeded' });
    expect(cardOutcome({ number: '4242424242424242', expiry: '02/26', cvc: '123' }, now)).toMatchObject({
      error: { code: 'invalid_expiry_month_past' },
    });
    expect(cardOutcome({ number: '378282246310005', expiry: '03/2030', cvc: '1234' }, now)).toEqual({ kind: 'succeeded' });
    expect(cardOutcome({ number: '4242424242424242', expiry: '03/30', cvc: '1234' }, now)).toMatchObject({
      error: { code: 'invalid_cvc' },
    });
    expect(cardOutcome({ number: '4111111111111111', expiry: '03/30', cvc: '123' }, now)).toMatchObject({
      error: { code: 'card_declined' },
    });
  });
});
