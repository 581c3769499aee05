import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  CreatePaymentIntentResponse,
  PaymentHistoryResponse,
  SandboxConfirmResponse,
  VerifyPaymentResponse,
} from '@shared/api/payment';
import type { SubscriptionStatusResponse } from '@shared/api/subscription';

import { registerUser, type ApiError, type RegisteredUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const VISA = '4242 4242 4242 4242';
const THREE_D_SECURE = '4000 0027 6000 3184';
const DECLINED = '4000 0000 0000 0002';

describe('the sandbox 3-D Secure challenge and Payment history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (user: RegisteredUser, plan = 'premium') =>
    (
      await t.api.post<CreatePaymentIntentResponse>(
        '/api/payment/create-payment-intent',
        { plan, amount: plan === 'premium' ? 999 : 9900 },
        user.token,
      )
    ).body;
  const confirm = async (user: RegisteredUser, clientSecret: string, cardNumber: string) =>
    (
      await t.api.post<SandboxConfirmResponse>(
        '/api/payment/sandbox/confirm',
        { clientSecret, cardNumber, expiry: '12/34', cvc: '123', billingEmail: user.email },
        user.token,
      )
    ).body;
  const authenticate = async (user: RegisteredUser, clientSecret: string, result: 'complete' | 'fail') =>
    (await t.api.post<SandboxConfirmResponse>('/api/payment/sandbox/authenticate', { clientSecret, result }, user.token)).body;
  const verify = (user: RegisteredUser, paymentIntentId: string) =>
    t.api.post<VerifyPaymentResponse & ApiError>('/api/payment/verify', { paymentIntentId, planType: 'premium' }, user.token);
  const planName = async (user: RegisteredUser) =>
    (await t.api.get<SubscriptionStatusResponse>('/api/subscription/status', user.token)).body.currentPlan.name;
  const history = async (user: RegisteredUser) => (await t.api.get<PaymentHistoryResponse>('/api/payments', user.token)).body.payments;
  const charged = async (intentId: string) =>
    (await t.app.ctx.db.selectFrom('sandbox_payment_intents').select('status').where('id', '=', intentId).executeTakeFirstOrThrow()).status;

  it('the authentication card waits for the challenge; completing it pays, and verify gives the plan', async () => {
    const user = await registerUser(t.api);
    const intent = await create(user);
    expect(await confirm(user, intent.clientSecret, THREE_D_SECURE)).toEqual({
      paymentIntent: { id: intent.paymentIntentId, status: 'requires_action' },
    });
    expect(await charged(intent.paymentIntentId)).toBe('requires_action');
    // Not paid yet: verify refuses, and the history says it waits for authentication.
    expect((await verify(user, intent.paymentIntentId)).body).toMatchObject({ message: 'Payment not completed. Status: requires_action' });
    expect(await history(user)).toEqual([expect.objectContaining({ status: 'requires_action', completedAt: null })]);

    expect(await authenticate(user, intent.clientSecret, 'complete')).toEqual({
      paymentIntent: { id: intent.paymentIntentId, status: 'succeeded' },
    });
    // The challenge answered twice (a lost answer) says what the first did, and charges once.
    expect(await authenticate(user, intent.clientSecret, 'complete')).toEqual({
      paymentIntent: { id: intent.paymentIntentId, status: 'succeeded' },
    });
    expect((await verify(user, intent.paymentIntentId)).status).toBe(200);
    expect(await planName(user)).toBe('premium');
    expect(await history(user)).toEqual([expect.objectContaining({ status: 'succeeded', completedAt: t.clock.now().toISOString() })]);
  });

  it('failing the challenge leaves the plan as it was, says why, and another card may be tried on the same intent', async () => {
    const user = await registerUser(t.api);
    const intent = await create(user);
    await confirm(user, intent.clientSecret, THREE_D_SECURE);
    expect(await authenticate(user, intent.clientSecret, 'fail')).toEqual({
      error: {
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      },
    });
    expect(await charged(intent.paymentIntentId)).toBe('requires_payment_method');
    expect((await verify(user, intent.paymentIntentId)).status).toBe(402);
    expect(await planName(user)).toBe('free');
    expect(await history(user)).toEqual([
      expect.objectContaining({ status: 'failed', failureMessage: expect.stringContaining('unable to authenticate') }),
    ]);
    // The challenge cannot be answered again once failed.
    expect(await authenticate(user, intent.clientSecret, 'complete')).toMatchObject({ error: { code: 'payment_intent_unexpected_state' } });

    expect(await confirm(user, intent.clientSecret, VISA)).toMatchObject({ paymentIntent: { status: 'succeeded' } });
    expect((await verify(user, intent.paymentIntentId)).status).toBe(200);
    expect(await planName(user)).toBe('premium');
  });

  it('a challenge left open (the tab closed) is answered on the next Pay: the same intent, confirmed again', async () => {
    const user = await registerUser(t.api);
    const first = await create(user);
    await confirm(user, first.clientSecret, THREE_D_SECURE);
    const again = await create(user);
    expect(again.paymentIntentId).toBe(first.paymentIntentId);
    expect(await confirm(user, again.clientSecret, VISA)).toMatchObject({ paymentIntent: { status: 'succeeded' } });
    expect((await history(user)).map((payment) => payment.status)).toEqual(['succeeded']);
  });

  it("only the owner answers an intent's challenge; a card that needs none cannot be authenticated", async () => {
    const user = await registerUser(t.api);
    const thief = await registerUser(t.api);
    const intent = await create(user);
    await confirm(user, intent.clientSecret, THREE_D_SECURE);
    expect(await authenticate(thief, intent.clientSecret, 'complete')).toMatchObject({ error: { code: 'resource_missing' } });
    expect(await charged(intent.paymentIntentId)).toBe('requires_action');

    const other = await registerUser(t.api);
    const plain = await create(other);
    expect(await authenticate(other, plain.clientSecret, 'complete')).toMatchObject({ error: { code: 'payment_intent_unexpected_state' } });
    expect(await charged(plain.paymentIntentId)).toBe('requires_payment_method');
  });

  it('Payment history lists only payments a card was tried on: an intent nobody paid is not a payment', async () => {
    const user = await registerUser(t.api);
    const opened = await create(user);
    expect(await history(user)).toEqual([]);

    await confirm(user, opened.clientSecret, DECLINED);
    t.clock.advanceMinutes(2);
    // After a decline the next Pay confirms the same intent (as Stripe does), now with a good card.
    const retried = await create(user, 'annual_premium');
    const listed = await history(user);
    expect(listed).toEqual([expect.objectContaining({ status: 'failed', failureMessage: 'Your card was declined.', plan: 'premium' })]);
    // The time of day is there, not only the date.
    expect(listed[0]?.completedAt).toMatch(/T\d{2}:\d{2}:\d{2}/);

    await confirm(user, retried.clientSecret, VISA);
    expect((await history(user)).map((payment) => [payment.plan, payment.status])).toEqual([
      ['annual-premium', 'succeeded'],
      ['premium', 'failed'],
    ]);
  });
});
