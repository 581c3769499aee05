import { compareTiers, PLANS, type PlanId } from '@shared/plans';

import type { AppContext } from '../context';
import { claimPayment, unusedPaymentsBetween } from '../db/repositories/payments.repository';
import type { PaymentsTable } from '../db/schema';
import type { ProviderIntent } from '../payments/provider';
import { withLease, type Lease } from './lease';
import type { PaymentService } from './payment.service';
import { PAYMENT_CURRENCY, type SubscriptionService } from './subscription.service';

const LEASE: Lease = { name: 'payment-settlement', ms: 5 * 60_000, release: 'after-run' };
/**
 * A browser confirms and verifies its own payment within seconds; one still open past this was
 * left by a crash or a browser that went away, and is settled here.
 */
export const SETTLE_AFTER_MS = 2 * 60_000;
/** How far back unsettled payments are looked for, and how many are read at a time. */
const SETTLE_WITHIN_MS = 7 * 24 * 60 * 60_000;
const SETTLE_PAGE = 100;

/**
 * The payment record reconciled with the provider without the browser: at start and on every
 * scheduler run, each payment still open past a short grace (pending, waiting for 3-D Secure, or
 * paid but its plan change never made) is asked of the provider and recorded as the browser's
 * confirm would record it: paid, failed (with the card's words) or canceled; one the provider
 * still waits on stays pending. A paid one then gives the plan it paid for, once (claimPayment),
 * with the receipt. Runs under a lease, so several processes settle each payment once.
 */
export class PaymentSettlementService {
  constructor(
    private readonly ctx: AppContext,
    private readonly payments: PaymentService,
    private readonly subscription: SubscriptionService,
  ) {}

  /** How many paid plans it gave. */
  async settlePaidUnused(): Promise<number> {
    return withLease(this.ctx, LEASE, 0, async (now) => {
      const at = (offset: number) => new Date(now.getTime() - offset).toISOString();
      let settled = 0;
      let after: { createdAt: string; id: string } | null = null;
      for (;;) {
        const page = await unusedPaymentsBetween(this.ctx.db, at(SETTLE_WITHIN_MS), at(SETTLE_AFTER_MS), SETTLE_PAGE, after);
        for (const payment of page) if (await this.settle(payment)) settled += 1;
        if (page.length < SETTLE_PAGE) break;
        const last = page[page.length - 1]!;
        after = { createdAt: last.created_at, id: last.id };
      }
      return settled;
    });
  }

  /** true when it gave the plan. */
  private async settle(payment: PaymentsTable): Promise<boolean> {
    if (payment.provider !== this.payments.provider.name) return false;
    const plan = PLANS[payment.plan as Exclude<PlanId, 'free'>];
    // A provider that cannot be reached now is asked again on the next run.
    const intent = await this.payments.provider.retrieveIntent(payment.provider_intent_id).catch(() => null);
    if (!plan || !intent || !this.belongsTo(intent, payment)) return false;
    await this.payments.recordIntent(intent);
    if (intent.status !== 'succeeded') return false;
    const paidFor = intent.metadata.plan === plan.id && intent.amount === plan.priceCents && intent.currency === PAYMENT_CURRENCY;
    if (!paidFor) return false;
    // A higher plan bought since keeps its place; this charge stays recorded, unused.
    if (compareTiers(plan.id, (await this.subscription.planOf(payment.user_id)).id) < 0) return false;
    const claimedAt = this.ctx.clock.now().toISOString();
    const validUntil = await this.ctx.db
      .transaction()
      .execute(async (trx) =>
        (await claimPayment(trx, payment.id, claimedAt, null)) ? this.subscription.activatePaidPlan(trx, payment.user_id, plan) : null,
      );
    if (validUntil === null) return false;
    await this.payments.mailReceipt(payment.user_id, payment, validUntil, claimedAt);
    return true;
  }

  private belongsTo(intent: ProviderIntent, payment: PaymentsTable): boolean {
    return intent.id === payment.provider_intent_id && intent.metadata.userId === payment.user_id;
  }
}
