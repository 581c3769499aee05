import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CreatePaymentIntentResponse, PaymentHistoryResponse, SandboxConfirmResponse } from '@shared/api/payment';
import type { SubscriptionStatusResponse } from '@shared/api/subscription';

import type { SandboxProvider } from '../../src/server/payments/sandbox';
import { TestClock } from '../fixtures/test-clock';
import { createTestDatabase, testDatabaseKind } from '../fixtures/test-database';
import { registerUser, type RegisteredUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const VISA = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

describe('payments reconciled with the provider, and the sandbox answering a paid intent as Stripe does', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (user: RegisteredUser) =>
    (await t.api.post<CreatePaymentIntentResponse>('/api/payment/create-payment-intent', { plan: 'premium' }, user.token)).body;
  const confirm = (user: RegisteredUser, clientSecret: string, cardNumber: string, headers: Record<string, string> = {}) =>
    t.api.post<SandboxConfirmResponse>(
      '/api/payment/sandbox/confirm',
      { clientSecret, cardNumber, expiry: '12/34', cvc: '123' },
      user.token,
      headers,
    );
  const planOf = async (user: RegisteredUser) =>
    (await t.api.get<SubscriptionStatusResponse>('/api/subscription/status', user.token)).body.currentPlan.name;
  const statusOf = async (intentId: string) =>
    (await t.app.ctx.db.selectFrom('payments').select('status').where('provider_intent_id', '=', intentId).executeTakeFirstOrThrow())
      .status;
  /** The card reaches the provider, and the server stops before it records what happened. */
  const chargeUnrecorded = (clientSecret: string, number: string) =>
    (t.app.services.payments.provider as SandboxProvider).confirm(clientSecret, { number, expiry: '12/34', cvc: '123' });
  const charges = async (user: RegisteredUser) =>
    (
      await t.app.ctx.db.selectFrom('sandbox_payment_intents').select('status').where('metadata', 'like', `%${user.user.id}%`).execute()
    ).filter((row) => row.status === 'succeeded').length;
  const reconcile = () => t.app.services.paymentSettlement.settlePaidUnused();

  it('after a crash, the sweep records what the provider says without the browser: paid gives the plan once, declined fails, unconfirmed stays pending', async () => {
    const paid = await registerUser(t.api);
    const declined = await registerUser(t.api);
    const waiting = await registerUser(t.api);
    const paidIntent = await create(paid);
    const declinedIntent = await create(declined);
    const waitingIntent = await create(waiting);
    await chargeUnrecorded(paidIntent.clientSecret, VISA);
    await chargeUnrecorded(declinedIntent.clientSecret, DECLINED);
    expect(await statusOf(paidIntent.paymentIntentId)).toBe('pending');
    expect(await statusOf(declinedIntent.paymentIntentId)).toBe('pending');

    // Within the grace the browser may still be on its way: nothing is decided for it.
    await reconcile();
    expect(await statusOf(paidIntent.paymentIntentId)).toBe('pending');
    t.clock.advanceMinutes(3);
    await Promise.all([reconcile(), reconcile()]);
    await reconcile();

    expect(await statusOf(paidIntent.paymentIntentId)).toBe('succeeded');
    expect(await planOf(paid)).toBe('premium');
    expect(await charges(paid)).toBe(1);
    await t.mail.waitFor(paid.email, /receipt/i);
    expect(t.mail.to(paid.email).filter((mail) => /receipt/i.test(mail.subject))).toHaveLength(1);

    expect(await statusOf(declinedIntent.paymentIntentId)).toBe('failed');
    const history = (await t.api.get<PaymentHistoryResponse>('/api/payments', declined.token)).body.payments;
    expect(history[0]).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    expect(await planOf(declined)).toBe('free');

    expect(await statusOf(waitingIntent.paymentIntentId)).toBe('pending');
    expect(await planOf(waiting)).toBe('free');
  });

  it('a payment left open is reconciled when the server starts again, before any scheduler run', async () => {
    // A database that outlives the process: a file for SQLite, a schema for PostgreSQL.
    const folder = mkdtempSync(join(tmpdir(), 'loadout-reconcile-'));
    const database =
      testDatabaseKind() === 'sqlite'
        ? { url: `sqlite:${join(folder, 'loadout.db')}`, drop: async () => undefined }
        : await createTestDatabase();
    const clock = new TestClock();
    const first = await createTestApp({ env: { DATABASE_URL: database.url }, clock });
    let user: RegisteredUser;
    try {
      user = await registerUser(first.api);
      const intent = (
        await first.api.post<CreatePaymentIntentResponse>('/api/payment/create-payment-intent', { plan: 'premium' }, user.token)
      ).body;
      await (first.app.services.payments.provider as SandboxProvider).confirm(intent.clientSecret, {
        number: VISA,
        expiry: '12/34',
        cvc: '123',
      });
    } finally {
      await first.close();
    }
    clock.advanceMinutes(3);
    const second = await createTestApp({ env: { DATABASE_URL: database.url }, clock });
    try {
      await second.app.ctx.tasks.flush();
      const plan = await second.api.get<SubscriptionStatusResponse>('/api/subscription/status', user.token);
      expect(plan.body.currentPlan.name).toBe('premium');
    } finally {
      await second.close();
      await database.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it.each([
    ['no key', {}, VISA],
    ['another key', { 'idempotency-key': 'second-try' }, VISA],
    ['a declined card', {}, DECLINED],
  ])('confirming an intent already paid, with %s, is refused like Stripe, with the paid intent', async (_, headers, card) => {
    const user = await registerUser(t.api);
    const intent = await create(user);
    await confirm(user, intent.clientSecret, VISA, { 'idempotency-key': 'first-try' });
    const again = await confirm(user, intent.clientSecret, card, headers);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      error: {
        code: 'payment_intent_unexpected_state',
        message: 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      },
      paymentIntent: { id: intent.paymentIntentId, status: 'succeeded' },
    });
    expect(await charges(user)).toBe(1);
    expect(await statusOf(intent.paymentIntentId)).toBe('succeeded');
  });

  it('five confirms at once: one charge, the others refused with the paid intent', async () => {
    const user = await registerUser(t.api);
    const intent = await create(user);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => confirm(user, intent.clientSecret, VISA)));
    const bodies = answers.map((answer) => answer.body);
    expect(bodies.filter((body) => !('error' in body))).toEqual([{ paymentIntent: { id: intent.paymentIntentId, status: 'succeeded' } }]);
    for (const body of bodies.filter((b) => 'error' in b)) {
      expect(body).toMatchObject({ error: { code: 'payment_intent_unexpected_state' } });
    }
    expect(await charges(user)).toBe(1);
  });

  it("the same Idempotency-Key replays the first answer; with another request it is refused as Stripe's idempotency_error", async () => {
    const user = await registerUser(t.api);
    const intent = await create(user);
    const first = await confirm(user, intent.clientSecret, DECLINED, { 'idempotency-key': 'pay-once' });
    expect(first.body).toMatchObject({ error: { code: 'card_declined' } });
    // A replay answers the decline again: nothing runs a second time.
    expect((await confirm(user, intent.clientSecret, DECLINED, { 'idempotency-key': 'pay-once' })).body).toEqual(first.body);
    const otherCard = await confirm(user, intent.clientSecret, VISA, { 'idempotency-key': 'pay-once' });
    expect(otherCard.body).toMatchObject({ error: { code: 'idempotency_error' } });
    expect(await charges(user)).toBe(0);

    const paid = await confirm(user, intent.clientSecret, VISA, { 'idempotency-key': 'pay-twice' });
    expect(paid.body).toEqual({ paymentIntent: { id: intent.paymentIntentId, status: 'succeeded' } });
    expect((await confirm(user, intent.clientSecret, VISA, { 'idempotency-key': 'pay-twice' })).body).toEqual(paid.body);
    // Five at once with one key: one charge, and all five give the same answer.
    const other = await registerUser(t.api);
    const otherIntent = await create(other);
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => confirm(other, otherIntent.clientSecret, VISA, { 'idempotency-key': 'k' })));
    expect(await charges(other)).toBe(1);
    expect(five.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(five.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    // A key is the user's own: another user's same key is a new request.
    expect((await confirm(other, otherIntent.clientSecret, VISA, { 'idempotency-key': 'pay-once' })).body).toMatchObject({
      error: { code: 'payment_intent_unexpected_state' },
    });
  });
});
