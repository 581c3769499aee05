import { createHash, createHmac } from 'node:crypto';

import { ErrorCode } from '@shared/api/errors';
import {
  sandboxConfirmResponseSchema,
  type CreatePaymentIntentResponse,
  type PaymentHistoryResponse,
  type PaymentIntentStatus,
  type PaymentRecord,
  type SandboxConfirmResponse,
  type VerifyPaymentResponse,
  type WebhookResponse,
} from '@shared/api/payment';
import { compareTiers, PLANS, type PlanId } from '@shared/plans';

import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/dialect';
import { readJsonColumn } from '../db/json-column';
import {
  claimPayment,
  findPaymentByIdempotencyKey,
  findPaymentBySecretHash,
  findPaymentByVerifyKey,
  findSandboxIdempotencyKey,
  findUserPaymentByIntent,
  insertPayment,
  latestUnusedPayment,
  paymentsOf,
  recordPaymentOutcome,
  recordWebhookEvent,
  saveSandboxIdempotencyKey,
} from '../db/repositories/payments.repository';
import { findUserById } from '../db/repositories/users.repository';
import type { PaymentsTable } from '../db/schema';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { paymentReceiptMail } from '../mail/templates';
import { ProviderUnavailableError, type PaymentProvider, type ProviderIntent } from '../payments/provider';
import { SandboxProvider, type SandboxResult } from '../payments/sandbox';
import { StripeProvider } from '../payments/stripe';
import { hashToken, newId } from '../security/tokens';
import { formatDay } from './plan-periods';
import { PAYMENT_CURRENCY, type SubscriptionService } from './subscription.service';

type PaidPlanId = Exclude<PlanId, 'free'>;

/** How long an unused intent of the same plan is answered again instead of a new one. */
const REUSE_INTENT_WITHIN_MS = 24 * 60 * 60_000;
/** An intent that can still be paid, or was paid: answering it again never charges twice. */
const REUSABLE_INTENT_STATUSES: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
];

/** What Payment history lists: a card was tried (see history). */
const ATTEMPTED: readonly PaymentsTable['status'][] = ['requires_action', 'succeeded', 'failed'];

const notFoundIntent = () => notFound('Payment not found', ErrorCode.PAYMENT_INTENT_NOT_FOUND);

/**
 * Upgrades are paid: the amount comes from the plan catalogue, the provider says
 * whether the money moved, and a payment changes the plan once. Every payment is recorded
 * with its outcome.
 */
export class PaymentService {
  readonly provider: PaymentProvider;

  constructor(
    private readonly ctx: AppContext,
    private readonly subscription: SubscriptionService,
    provider?: PaymentProvider,
  ) {
    const { stripe } = ctx.config;
    this.provider =
      provider ??
      (stripe.secretKey
        ? new StripeProvider(stripe.secretKey, stripe.publishableKey)
        : // The sandbox's client secrets are derived, not stored: an idempotent replay can answer the same one.
          new SandboxProvider(ctx.db, ctx.clock, (id) =>
            createHmac('sha256', `sandbox:${ctx.config.jwtSecret}`).update(id).digest('base64url'),
          ));
  }

  async createIntent(
    userId: string,
    input: { plan: PaidPlanId; amount?: number | undefined },
    idempotencyKey: string | null,
  ): Promise<CreatePaymentIntentResponse> {
    if (idempotencyKey) {
      const earlier = await findPaymentByIdempotencyKey(this.ctx.db, userId, idempotencyKey);
      if (earlier) return this.replayCreate(earlier, input.plan);
    }
    const plan = PLANS[input.plan];
    if (input.amount !== undefined && input.amount !== plan.priceCents) {
      throw badRequest(
        `The amount ${input.amount} does not match the ${plan.displayName} price of ${plan.priceCents} cents.`,
        ErrorCode.AMOUNT_MISMATCH,
      );
    }
    const current = await this.subscription.planOf(userId);
    if (compareTiers(plan.id, current.id) < 0) {
      throw badRequest(
        `${plan.displayName} is lower than your ${current.displayName} plan: schedule a downgrade instead.`,
        ErrorCode.NOT_AN_UPGRADE,
      );
    }
    // A lost answer followed by Pay again must not charge twice: an earlier intent of this plan
    // that can still be paid, or was paid and never used, is answered again.
    const reusable = await this.reusableIntent(userId, input.plan, plan.priceCents);
    if (reusable) return reusable;
    const paymentId = newId();
    const intent = await this.callProvider(() =>
      this.provider.createIntent({
        amount: plan.priceCents,
        currency: PAYMENT_CURRENCY,
        metadata: { userId, plan: plan.id, paymentId },
        idempotencyKey,
      }),
    );
    try {
      await insertPayment(this.ctx.db, {
        id: paymentId,
        user_id: userId,
        plan: plan.id,
        amount: plan.priceCents,
        currency: PAYMENT_CURRENCY,
        provider: this.provider.name,
        provider_intent_id: intent.id,
        status: 'pending',
        failure_message: null,
        client_secret_hash: hashToken(intent.clientSecret),
        idempotency_key: idempotencyKey,
        created_at: this.ctx.clock.now().toISOString(),
        completed_at: null,
        used_at: null,
        verify_idempotency_key: null,
      });
    } catch (error) {
      // The same Idempotency-Key twice at once: the second loses the unique race.
      const earlier =
        idempotencyKey && isUniqueViolation(error) ? await findPaymentByIdempotencyKey(this.ctx.db, userId, idempotencyKey) : undefined;
      if (earlier) return this.replayCreate(earlier, input.plan);
      throw error;
    }
    return this.createAnswer(intent.id, intent.clientSecret, plan.priceCents);
  }

  /** Confirms a sandbox intent with a card, like Stripe's confirmCardPayment; records the outcome. */
  async sandboxConfirm(
    userId: string,
    input: { clientSecret: string; cardNumber: string; expiry: string; cvc: string },
    idempotencyKey: string | null = null,
  ): Promise<SandboxConfirmResponse> {
    const sandbox = await this.sandboxFor(userId, input.clientSecret);
    if (!sandbox) return { error: { code: 'resource_missing', message: 'No such payment_intent.' } };
    const confirm = async () =>
      this.recordSandbox(await sandbox.confirm(input.clientSecret, { number: input.cardNumber, expiry: input.expiry, cvc: input.cvc }));
    if (!idempotencyKey) return confirm();
    return this.sandboxIdempotently(
      userId,
      idempotencyKey,
      ['confirm', input.clientSecret, input.cardNumber, input.expiry, input.cvc],
      confirm,
    );
  }

  /**
   * Stripe's Idempotency-Key: the same key with the same request answers what the first did
   * (nothing runs again); with another request it is refused. Two at once with one key: both
   * reach the intent, whose state lets one confirm through, and the answer kept first is the
   * one both give.
   */
  private async sandboxIdempotently(
    userId: string,
    key: string,
    request: readonly string[],
    run: () => Promise<SandboxConfirmResponse>,
  ): Promise<SandboxConfirmResponse> {
    const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    const replay = async (): Promise<SandboxConfirmResponse | null> => {
      const earlier = await findSandboxIdempotencyKey(this.ctx.db, userId, key);
      if (!earlier) return null;
      if (earlier.request_hash !== requestHash) {
        return {
          error: {
            code: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        };
      }
      // A stored answer that cannot be read is not replayed: the confirm runs as if it were new.
      return readJsonColumn(sandboxConfirmResponseSchema, earlier.response, null);
    };
    const earlier = await replay();
    if (earlier) return earlier;
    const response = await run();
    const row = { user_id: userId, idempotency_key: key, request_hash: requestHash, response: JSON.stringify(response) };
    if (await saveSandboxIdempotencyKey(this.ctx.db, { ...row, created_at: this.ctx.clock.now().toISOString() })) return response;
    return (await replay()) ?? response;
  }

  /** The 3-D Secure challenge's answer for a sandbox intent in requires_action; records the outcome. */
  async sandboxAuthenticate(userId: string, input: { clientSecret: string; result: 'complete' | 'fail' }): Promise<SandboxConfirmResponse> {
    const sandbox = await this.sandboxFor(userId, input.clientSecret);
    if (!sandbox) return { error: { code: 'resource_missing', message: 'No such payment_intent.' } };
    return this.recordSandbox(await sandbox.authenticate(input.clientSecret, input.result));
  }

  /** The sandbox, when it is this server's provider and the client secret is one of the user's own intents. */
  private async sandboxFor(userId: string, clientSecret: string): Promise<SandboxProvider | null> {
    if (!(this.provider instanceof SandboxProvider)) {
      throw notFound('This server takes card payments through Stripe, not the sandbox.', ErrorCode.PAYMENT_PROVIDER_UNAVAILABLE);
    }
    // Only the owner's own intent: another user's client secret is as unknown as a made-up one.
    return (await findPaymentBySecretHash(this.ctx.db, userId, hashToken(clientSecret))) ? this.provider : null;
  }

  private async recordSandbox(result: SandboxResult): Promise<SandboxConfirmResponse> {
    // A confirm of an intent already paid records it too: it repairs a charge whose record a crash lost.
    if (result.intent && (result.outcome || result.intent.status === 'succeeded')) await this.recordIntent(result.intent);
    return result.response;
  }

  async verify(
    userId: string,
    input: { paymentIntentId: string; planType: PaidPlanId },
    idempotencyKey: string | null,
  ): Promise<VerifyPaymentResponse> {
    if (idempotencyKey) {
      const earlier = await findPaymentByVerifyKey(this.ctx.db, userId, idempotencyKey);
      if (earlier) return this.replayVerify(userId, earlier, input.paymentIntentId);
    }
    const payment = await findUserPaymentByIntent(this.ctx.db, userId, input.paymentIntentId);
    if (!payment) throw notFoundIntent();
    if (payment.used_at) throw conflict('This payment has already been used for a plan change.', ErrorCode.PAYMENT_ALREADY_USED);
    const intent = await this.callProvider(() => this.provider.retrieveIntent(payment.provider_intent_id));
    if (!intent || intent.metadata.userId !== userId) throw notFoundIntent();
    const plan = PLANS[input.planType];
    if (payment.plan !== plan.id || intent.metadata.plan !== plan.id) {
      throw badRequest(`This payment was made for another plan than ${plan.displayName}.`, ErrorCode.PAYMENT_PLAN_MISMATCH);
    }
    if (intent.amount !== plan.priceCents || intent.currency !== PAYMENT_CURRENCY || payment.amount !== plan.priceCents) {
      throw badRequest(`The amount paid does not match the ${plan.displayName} price.`, ErrorCode.AMOUNT_MISMATCH);
    }
    if (intent.status !== 'succeeded') {
      await this.recordIntent(intent);
      throw new AppError(402, ErrorCode.PAYMENT_NOT_SUCCEEDED, `Payment not completed. Status: ${intent.status}`);
    }
    // The charge is recorded even when the crash that lost its record came between the two.
    await this.recordIntent(intent);
    const now = this.ctx.clock.now().toISOString();
    let validUntil: string;
    try {
      validUntil = await this.ctx.db.transaction().execute(async (trx) => {
        if (!(await claimPayment(trx, payment.id, now, idempotencyKey))) {
          throw conflict('This payment has already been used for a plan change.', ErrorCode.PAYMENT_ALREADY_USED);
        }
        return this.subscription.activatePaidPlan(trx, userId, plan);
      });
    } catch (error) {
      const earlier =
        idempotencyKey && isUniqueViolation(error) ? await findPaymentByVerifyKey(this.ctx.db, userId, idempotencyKey) : undefined;
      if (earlier) return this.replayVerify(userId, earlier, input.paymentIntentId);
      throw error;
    }
    await this.mailReceipt(userId, payment, validUntil, now);
    return { success: true, currentPlan: await this.subscription.currentPlan(userId) };
  }

  /**
   * Only payments a card was tried on. An intent is made when Pay is pressed, but one the card
   * never reached (the tab closed in between) charged nothing and is not a payment to the
   * person: as in Stripe's dashboard, where such intents sit apart under "Incomplete", they
   * stay out of the history (and stay reusable, so the next Pay charges through the same one).
   */
  async history(userId: string): Promise<PaymentHistoryResponse> {
    return { payments: (await paymentsOf(this.ctx.db, userId, ATTEMPTED)).map(toRecord) };
  }

  /**
   * Stripe's webhook: the signature is checked over the raw body with STRIPE_WEBHOOK_SECRET;
   * an event id seen before changes nothing. Outcomes are recorded; the plan itself changes
   * at verify (which asks Stripe again).
   */
  async webhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookResponse> {
    const secret = this.ctx.config.stripe.webhookSecret;
    if (!secret) throw notFound('Stripe webhooks are not configured on this server.', ErrorCode.PAYMENT_PROVIDER_UNAVAILABLE);
    if (!signature) throw badRequest('The Stripe-Signature header is missing.', ErrorCode.WEBHOOK_SIGNATURE_INVALID);
    const { default: Stripe } = await import('stripe');
    let event: { id: string; type: string; data: { object: unknown } };
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, secret, 300, undefined, this.ctx.clock.now().getTime());
    } catch {
      throw badRequest('The Stripe-Signature does not match this payload.', ErrorCode.WEBHOOK_SIGNATURE_INVALID);
    }
    const fresh = await recordWebhookEvent(this.ctx.db, {
      id: event.id,
      provider: 'stripe',
      type: event.type,
      received_at: this.ctx.clock.now().toISOString(),
    });
    if (!fresh) return { received: true, duplicate: true };
    if (event.type.startsWith('payment_intent.')) {
      const { fromStripeIntent } = await import('../payments/stripe');
      await this.recordIntent(fromStripeIntent(event.data.object as Parameters<typeof fromStripeIntent>[0]));
    }
    return { received: true };
  }

  /** Records what the provider says of an intent on its payment row. */
  async recordIntent(intent: ProviderIntent): Promise<void> {
    const at = this.ctx.clock.now().toISOString();
    if (intent.status === 'succeeded') {
      await recordPaymentOutcome(this.ctx.db, intent.id, { status: 'succeeded', failureMessage: null, at });
    } else if (intent.status === 'canceled') {
      await recordPaymentOutcome(this.ctx.db, intent.id, { status: 'canceled', failureMessage: null, at });
    } else if (intent.status === 'requires_action') {
      await recordPaymentOutcome(this.ctx.db, intent.id, { status: 'requires_action', failureMessage: null, at });
    } else if (intent.lastError) {
      await recordPaymentOutcome(this.ctx.db, intent.id, { status: 'failed', failureMessage: intent.lastError.message, at });
    }
  }

  private async reusableIntent(userId: string, plan: PaidPlanId, amount: number): Promise<CreatePaymentIntentResponse | null> {
    const since = new Date(this.ctx.clock.now().getTime() - REUSE_INTENT_WITHIN_MS).toISOString();
    const earlier = await latestUnusedPayment(this.ctx.db, userId, plan, since);
    if (!earlier || earlier.amount !== amount || earlier.provider !== this.provider.name) return null;
    const intent = await this.callProvider(() => this.provider.retrieveIntent(earlier.provider_intent_id));
    if (!intent || !REUSABLE_INTENT_STATUSES.includes(intent.status)) return null;
    await this.recordIntent(intent);
    const secret = await this.callProvider(() => this.provider.clientSecretOf(earlier.provider_intent_id));
    return secret ? this.createAnswer(earlier.provider_intent_id, secret, earlier.amount) : null;
  }

  private async replayCreate(earlier: PaymentsTable, plan: PaidPlanId): Promise<CreatePaymentIntentResponse> {
    if (earlier.plan !== plan) {
      throw badRequest('This Idempotency-Key was used for another plan.', ErrorCode.VALIDATION_ERROR);
    }
    const secret = await this.callProvider(() => this.provider.clientSecretOf(earlier.provider_intent_id));
    if (!secret) throw notFoundIntent();
    return this.createAnswer(earlier.provider_intent_id, secret, earlier.amount);
  }

  private async replayVerify(userId: string, earlier: PaymentsTable, intentId: string): Promise<VerifyPaymentResponse> {
    if (earlier.provider_intent_id !== intentId) {
      throw badRequest('This Idempotency-Key was used for another payment.', ErrorCode.VALIDATION_ERROR);
    }
    return { success: true, currentPlan: await this.subscription.currentPlan(userId) };
  }

  private createAnswer(intentId: string, clientSecret: string, amount: number): CreatePaymentIntentResponse {
    return {
      clientSecret,
      paymentIntentId: intentId,
      amount,
      currency: PAYMENT_CURRENCY,
      publishableKey: this.provider.publishableKey,
      provider: this.provider.name,
    };
  }

  private async callProvider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        this.ctx.log.error({ err: error }, 'payment provider failed');
        throw new AppError(502, ErrorCode.PAYMENT_PROVIDER_UNAVAILABLE, 'The payment provider could not be reached. Please try again.');
      }
      throw error;
    }
  }

  async mailReceipt(userId: string, payment: PaymentsTable, validUntil: string, paidAt: string): Promise<void> {
    const user = await findUserById(this.ctx.db, userId);
    if (!user) return;
    try {
      await this.ctx.mailer.send({
        to: user.email,
        ...paymentReceiptMail({
          firstName: user.first_name,
          planName: PLANS[payment.plan as PaidPlanId].displayName,
          amount: `$${(payment.amount / 100).toFixed(2)} ${payment.currency.toUpperCase()}`,
          paymentId: payment.provider_intent_id,
          paidAt: formatDay(paidAt),
          validUntil: formatDay(validUntil),
          settingsLink: `${this.ctx.config.publicUrl}/settings`,
        }),
      });
    } catch (error) {
      this.ctx.log.warn({ err: error, userId }, 'receipt mail failed');
    }
  }
}

function toRecord(row: PaymentsTable): PaymentRecord {
  return {
    id: row.id,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    plan: PLANS[row.plan as PlanId] ? (row.plan as PlanId) : 'free',
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    failureMessage: row.failure_message,
    provider: row.provider === 'stripe' ? 'stripe' : 'sandbox',
    providerPaymentId: row.provider_intent_id,
  };
}
