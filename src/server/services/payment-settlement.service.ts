import { randomBytes } from 'node:crypto';

import { compareTiers, PLANS, type PlanId } from '@shared/plans';

import type { AppContext } from '../context';
import { acquireLease, claimPayment, releaseLease, unusedPaymentsBetween } from '../db/repositories/payments.repository';
import type { PaymentService } from './payment.service';
import { PAYMENT_CURRENCY, type SubscriptionService } from './subscription.service';

const LEASE = 'payment-settlement';
const LEASE_MS = 5 * 60_000;
/** A browser verifies its own payment within moments; past this one that did not is settled here. */
export const SETTLE_AFTER_MS = 10 * 60_000;
/** How far back unsettled payments are looked for, and how many a run asks the provider about. */
const SETTLE_WITHIN_MS = 7 * 24 * 60 * 60_000;
const SETTLE_BATCH = 100;

/**
 * A charge whose plan change never happened (the server stopped between the charge and its
 * record, or the browser never came back to verify) is settled by the scheduler: the provider
 * says the intent succeeded, so the plan it paid for is given, once (claimPayment), with the
 * receipt. Runs under a lease, so several processes settle each payment once.
 */
export class PaymentSettlementService {
  constructor(
    private readonly ctx: AppContext,
    private readonly payments: PaymentService,
    private readonly subscription: SubscriptionService,
  ) {}

  async settlePaidUnused(): Promise<number> {
    const holder = randomBytes(12).toString('hex');
    const now = this.ctx.clock.now();
    const at = (offset: number) => new Date(now.getTime() - offset).toISOString();
    if (!(await acquireLease(this.ctx.db, LEASE, holder, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString()))) return 0;
    let settled = 0;
    try {
      for (const payment of await unusedPaymentsBetween(this.ctx.db, at(SETTLE_WITHIN_MS), at(SETTLE_AFTER_MS), SETTLE_BATCH)) {
        if (payment.provider !== this.payments.provider.name) continue;
        const plan = PLANS[payment.plan as Exclude<PlanId, 'free'>];
        const intent = await this.payments.provider.retrieveIntent(payment.provider_intent_id).catch(() => null);
        if (!plan || !intent || intent.status !== 'succeeded') continue;
        const paidFor =
          intent.metadata.userId === payment.user_id &&
          intent.metadata.plan === plan.id &&
          intent.amount === plan.priceCents &&
          intent.currency === PAYMENT_CURRENCY;
        if (!paidFor) continue;
        await this.payments.recordIntent(intent);
        // A higher plan bought since keeps its place; this charge stays recorded, unused.
        if (compareTiers(plan.id, (await this.subscription.planOf(payment.user_id)).id) < 0) continue;
        const claimedAt = this.ctx.clock.now().toISOString();
        const validUntil = await this.ctx.db
          .transaction()
          .execute(async (trx) =>
            (await claimPayment(trx, payment.id, claimedAt, null)) ? this.subscription.activatePaidPlan(trx, payment.user_id, plan) : null,
          );
        if (validUntil === null) continue;
        settled += 1;
        await this.payments.mailReceipt(payment.user_id, payment, validUntil, claimedAt);
      }
    } finally {
      await releaseLease(this.ctx.db, LEASE, holder);
    }
    return settled;
  }
}
