import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  CreatePaymentIntentResponse,
  PaymentHistoryResponse,
  SandboxConfirmResponse,
  VerifyPaymentResponse,
} from '@shared/api/payment';
import type { SubscriptionStatusResponse } from '@shared/api/subscription';

import type { SandboxProvider } from '../../src/server/payments/sandbox';
import { loginUser, registerUser, type ApiError, type RegisteredUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const VISA = '4242 4242 4242 4242';

describe('card payments through the sandbox provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (user: RegisteredUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.api.post<CreatePaymentIntentResponse & ApiError>('/api/payment/create-payment-intent', body, user.token, headers);
  const confirm = (user: RegisteredUser, clientSecret: string, cardNumber: string, extra: Record<string, string> = {}) =>
    t.api.post<SandboxConfirmResponse>(
      '/api/payment/sandbox/confirm',
      { clientSecret, cardNumber, expiry: '12/34', cvc: '123', billingEmail: user.email, ...extra },
      user.token,
    );
  const verify = (user: RegisteredUser, paymentIntentId: string, planType: string, headers: Record<string, string> = {}) =>
    t.api.post<VerifyPaymentResponse & ApiError>('/api/payment/verify', { paymentIntentId, planType }, user.token, headers);
  const planOf = async (user: RegisteredUser) =>
    (await t.api.get<SubscriptionStatusResponse>('/api/subscription/status', user.token)).body.currentPlan;

  async function pay(user: RegisteredUser, plan: string, card = VISA) {
    const intent = await create(user, { plan, amount: plan.startsWith('annual') ? 9900 : 999 });
    expect(intent.status).toBe(200);
    const confirmed = await confirm(user, intent.body.clientSecret, card);
    return { intent: intent.body, confirmed: confirmed.body };
  }

  it('4242 succeeds: the plan becomes premium for a month, a receipt is mailed and the payment listed', async () => {
    const user = await registerUser(t.api);
    const intent = await create(user, { plan: 'premium', amount: 999 });
    expect(intent.status).toBe(200);
    expect(intent.body).toMatchObject({ amount: 999, currency: 'usd', provider: 'sandbox', publishableKey: null });
    expect(intent.body.clientSecret).toMatch(/^pi_sb_\w+_secret_/);

    const confirmed = await confirm(user, intent.body.clientSecret, VISA);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ paymentIntent: { id: intent.body.paymentIntentId, status: 'succeeded' } });

    const verified = await verify(user, intent.body.paymentIntentId, 'premium');
    expect(verified.status).toBe(200);
    expect(verified.body.success).toBe(true);
    expect(verified.body.currentPlan).toMatchObject({ name: 'premium', status: 'active', validUntil: '2026-04-01T09:00:00.000Z' });
    expect((await planOf(user)).limits.lists).toBeNull();

    const receipt = await t.mail.waitFor(user.email, /receipt/i);
    expect(receipt.text).toContain('$9.99 USD');
    expect(receipt.text).toContain(intent.body.paymentIntentId);
    expect(receipt.text).not.toContain(intent.body.clientSecret);

    const history = await t.api.get<PaymentHistoryResponse>('/api/payments', user.token);
    expect(history.body.payments).toEqual([
      expect.objectContaining({
        plan: 'premium',
        amount: 999,
        currency: 'usd',
        status: 'succeeded',
        provider: 'sandbox',
        providerPaymentId: intent.body.paymentIntentId,
      }),
    ]);
    // The secret is stored only as a hash.
    const row = await t.app.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('provider_intent_id', '=', intent.body.paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(row.client_secret_hash).not.toContain('secret');
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'card_declined', 'Your card has insufficient funds.'],
  ])('%s fails with %s and changes nothing', async (card, code, message) => {
    const user = await registerUser(t.api);
    const { intent, confirmed } = await pay(user, 'premium', card);
    expect('error' in confirmed && confirmed.error).toMatchObject({ code, message: expect.stringContaining(message) });

    const verified = await verify(user, intent.paymentIntentId, 'premium');
    expect(verified.status).toBe(402);
    expect(verified.body).toMatchObject({
      code: 'PAYMENT_NOT_SUCCEEDED',
      message: 'Payment not completed. Status: requires_payment_method',
    });
    expect((await planOf(user)).name).toBe('free');
    const history = await t.api.get<PaymentHistoryResponse>('/api/payments', user.token);
    expect(history.body.payments[0]).toMatchObject({ status: 'failed', failureMessage: expect.stringContaining(message) });

    // Stripe lets the same intent be retried with another card.
    const retried = await confirm(user, intent.clientSecret, VISA);
    expect(retried.body).toEqual({ paymentIntent: { id: intent.paymentIntentId, status: 'succeeded' } });
    expect((await verify(user, intent.paymentIntentId, 'premium')).status).toBe(200);
  });

  it.each([
    [{ cardNumber: '4242 4242 4242 4241' }, 'incorrect_number'],
    [{ cardNumber: '4242' }, 'incomplete_number'],
    [{ expiry: '13/30' }, 'invalid_expiry_month'],
    [{ expiry: '01/20' }, 'invalid_expiry_year_past'],
    [{ cvc: '12' }, 'incomplete_cvc'],
  ])('refuses %o like Stripe.js (%s), leaving the intent open', async (change, code) => {
    const user = await registerUser(t.api);
    const intent = await create(user, { plan: 'premium' });
    const res = await confirm(user, intent.body.clientSecret, VISA, change);
    expect(res.body).toMatchObject({ error: { code } });
    expect((await confirm(user, intent.body.clientSecret, VISA)).body).toMatchObject({ paymentIntent: { status: 'succeeded' } });
  });

  it('refuses an amount that is not the catalogue price, and any plan that is not paid', async () => {
    const user = await registerUser(t.api);
    const tampered = await create(user, { plan: 'annual_premium', amount: 999 });
    expect(tampered.status).toBe(400);
    expect(tampered.body.code).toBe('AMOUNT_MISMATCH');
    expect((await create(user, { plan: 'free', amount: 0 })).status).toBe(400);
    const annual = await create(user, { plan: 'annual_premium', amount: 9900 });
    expect(annual.body.amount).toBe(9900);
  });

  it('a payment changes the plan once: a replayed verify is refused and changes nothing', async () => {
    const user = await registerUser(t.api);
    const { intent } = await pay(user, 'premium');
    expect((await verify(user, intent.paymentIntentId, 'premium')).status).toBe(200);
    const before = await planOf(user);
    t.clock.advanceMinutes(5);
    const replay = await verify(user, intent.paymentIntentId, 'premium');
    expect(replay.status).toBe(409);
    expect(replay.body.code).toBe('PAYMENT_ALREADY_USED');
    expect((await planOf(user)).validUntil).toBe(before.validUntil);
  });

  it("another user's intent answers 404 to verify and resource_missing to confirm", async () => {
    const owner = await registerUser(t.api);
    const thief = await registerUser(t.api);
    const intent = await create(owner, { plan: 'premium' });
    const stolen = await confirm(thief, intent.body.clientSecret, VISA);
    expect(stolen.body).toMatchObject({ error: { code: 'resource_missing' } });
    await confirm(owner, intent.body.clientSecret, VISA);
    const res = await verify(thief, intent.body.paymentIntentId, 'premium');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('PAYMENT_INTENT_NOT_FOUND');
    expect((await planOf(thief)).name).toBe('free');
    expect((await t.api.get<PaymentHistoryResponse>('/api/payments', thief.token)).body.payments).toEqual([]);
  });

  it('verify for another plan than the one paid for is refused', async () => {
    const user = await registerUser(t.api);
    const { intent } = await pay(user, 'premium');
    const res = await verify(user, intent.paymentIntentId, 'annual_premium');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PAYMENT_PLAN_MISMATCH');
  });

  it('an Idempotency-Key returns the same answer twice on create and on verify', async () => {
    const user = await registerUser(t.api);
    const first = await create(user, { plan: 'premium', amount: 999 }, { 'idempotency-key': 'create-1' });
    const second = await create(user, { plan: 'premium', amount: 999 }, { 'idempotency-key': 'create-1' });
    expect(second.body).toEqual(first.body);
    expect(await t.app.ctx.db.selectFrom('payments').select('id').where('user_id', '=', user.user.id).execute()).toHaveLength(1);

    await confirm(user, first.body.clientSecret, VISA);
    const verified = await verify(user, first.body.paymentIntentId, 'premium', { 'idempotency-key': 'verify-1' });
    const again = await verify(user, first.body.paymentIntentId, 'premium', { 'idempotency-key': 'verify-1' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(verified.body);
    await t.mail.waitFor(user.email, /receipt/i);
    expect(t.mail.to(user.email).filter((mail) => /receipt/i.test(mail.subject))).toHaveLength(1);
  });

  /** What the sandbox charged this user: its intents that succeeded. */
  const charges = async (user: RegisteredUser) =>
    (
      await t.app.ctx.db.selectFrom('sandbox_payment_intents').select('status').where('metadata', 'like', `%${user.user.id}%`).execute()
    ).filter((row) => row.status === 'succeeded').length;
  const history = async (user: RegisteredUser) => (await t.api.get<PaymentHistoryResponse>('/api/payments', user.token)).body.payments;

  it('a crash between the charge and its record: paying again charges nothing more, and the plan matches the charge', async () => {
    const user = await registerUser(t.api);
    const intent = await create(user, { plan: 'premium', amount: 999 }, { 'idempotency-key': 'pay-1' });
    // The card is charged, and the server stops before it records it.
    const provider = t.app.services.payments.provider as SandboxProvider;
    await provider.confirm(intent.body.clientSecret, { number: VISA, expiry: '12/34', cvc: '123' });
    // Unrecorded, it looks like an intent no card reached: not listed yet.
    expect(await history(user)).toEqual([]);
    expect(await charges(user)).toBe(1);

    // After the restart the person presses Pay again: the same intent, already paid, recorded now.
    const again = await create(user, { plan: 'premium', amount: 999 }, { 'idempotency-key': 'pay-2' });
    expect(again.body.paymentIntentId).toBe(intent.body.paymentIntentId);
    expect((await history(user)).map((payment) => payment.status)).toEqual(['succeeded']);
    // Confirming it again is refused as Stripe refuses it, with the intent: it is paid, go on to verify.
    const confirmed = await confirm(user, again.body.clientSecret, VISA);
    expect(confirmed.body).toMatchObject({
      error: { code: 'payment_intent_unexpected_state' },
      paymentIntent: { id: intent.body.paymentIntentId, status: 'succeeded' },
    });
    expect((await verify(user, again.body.paymentIntentId, 'premium')).status).toBe(200);
    expect((await planOf(user)).name).toBe('premium');
    expect(await charges(user)).toBe(1);
    expect(await history(user)).toHaveLength(1);
  });

  it('a crash between the charge and its record, and nobody comes back: the scheduler gives the plan once, with a receipt', async () => {
    const user = await registerUser(t.api);
    const intent = await create(user, { plan: 'premium', amount: 999 });
    const provider = t.app.services.payments.provider as SandboxProvider;
    await provider.confirm(intent.body.clientSecret, { number: VISA, expiry: '12/34', cvc: '123' });
    const settle = () => t.app.services.paymentSettlement.settlePaidUnused();
    // The browser may still verify it itself: not in the first minutes.
    await settle();
    expect((await planOf(user)).name).toBe('free');
    t.clock.advanceMinutes(11);
    // Two schedulers at once (other tests' unverified payments are settled too).
    const [first, second] = await Promise.all([settle(), settle()]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect((await planOf(user)).name).toBe('premium');
    expect((await history(user)).map((payment) => payment.status)).toEqual(['succeeded']);
    expect(await settle()).toBe(0);
    await t.mail.waitFor(user.email, /receipt/i);
    expect(t.mail.to(user.email).filter((mail) => /receipt/i.test(mail.subject))).toHaveLength(1);
    expect(await charges(user)).toBe(1);
  });

  it('a lost confirm answer, then Pay again: one charge, and the plan', async () => {
    const user = await registerUser(t.api);
    const first = await create(user, { plan: 'premium', amount: 999 });
    await confirm(user, first.body.clientSecret, VISA); // the answer never reaches the browser
    const second = await create(user, { plan: 'premium', amount: 999 });
    expect(second.body.paymentIntentId).toBe(first.body.paymentIntentId);
    expect((await confirm(user, second.body.clientSecret, VISA)).body).toMatchObject({
      error: { code: 'payment_intent_unexpected_state' },
      paymentIntent: { status: 'succeeded' },
    });
    expect((await verify(user, second.body.paymentIntentId, 'premium')).status).toBe(200);
    expect(await charges(user)).toBe(1);
    expect(await history(user)).toHaveLength(1);

    // Once used for the plan change, the intent is not answered again: a later payment is a new one.
    t.clock.advanceMinutes(1);
    const annual = await create(user, { plan: 'annual_premium', amount: 9900 });
    expect(annual.body.paymentIntentId).not.toBe(first.body.paymentIntentId);
  });

  it('premium → annual credits the unused part of the month', async () => {
    let user = await registerUser(t.api);
    const { intent } = await pay(user, 'premium');
    await verify(user, intent.paymentIntentId, 'premium'); // until 1 month from now
    const start = t.clock.now();
    const validUntil = new Date((await planOf(user)).validUntil ?? '');
    t.clock.advance(10 * 86_400_000);
    user = { ...user, ...(await loginUser(t.api, user.email, user.password)) };
    const left = validUntil.getTime() - t.clock.now().getTime();

    const upgrade = await t.api.post('/api/subscription/upgrade', { plan: 'annual_premium', currentPlan: 'premium' }, user.token);
    expect(upgrade.body).toMatchObject({ requiresPayment: true, amount: 9900, paymentUrl: '/payment?plan=annual_premium' });
    const annual = await pay(user, 'annual_premium');
    const res = await verify(user, annual.intent.paymentIntentId, 'annual_premium');
    expect(res.body.currentPlan?.name).toBe('annual-premium');
    const yearFromNow = new Date(t.clock.now());
    yearFromNow.setUTCFullYear(yearFromNow.getUTCFullYear() + 1);
    expect(new Date(res.body.currentPlan?.validUntil ?? '').getTime()).toBe(yearFromNow.getTime() + left);
    expect(start.getTime()).toBeLessThan(t.clock.now().getTime());

    const lower = await create(user, { plan: 'premium' });
    expect(lower.body.code).toBe('NOT_AN_UPGRADE');
    const notUp = await t.api.post<ApiError>('/api/subscription/upgrade', { plan: 'premium' }, user.token);
    expect(notUp.body.code).toBe('NOT_AN_UPGRADE');
  });

  it('GET /api/subscription/test answers as /status', async () => {
    const user = await registerUser(t.api);
    const test = await t.api.get<SubscriptionStatusResponse>('/api/subscription/test', user.token);
    expect(test.status).toBe(200);
    expect(test.body.currentPlan).toEqual(await planOf(user));
  });
});
