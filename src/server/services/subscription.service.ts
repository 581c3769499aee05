import { ErrorCode } from '@shared/api/errors';
import type { CancelDowngradeResponse, CurrentPlan, DowngradeResponse, UpgradeResponse } from '@shared/api/subscription';
import { compareTiers, getPlan, normalizePlanId, PLANS, type Plan, type PlanId } from '@shared/plans';

import type { AppContext } from '../context';
import { countSeatsUsed } from '../db/repositories/devices.repository';
import {
  applyDueChange,
  cancelScheduledDowngrade,
  dueSubscriptions,
  findSubscription,
  insertSubscription,
  scheduleDowngrade,
  setPaidPlan,
  setSubscriptionPlan,
} from '../db/repositories/subscriptions.repository';
import { findUserById } from '../db/repositories/users.repository';
import type { Db, SubscriptionsTable } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { planChangedMail } from '../mail/templates';
import { withLease, type Lease } from './lease';
import { formatDay, paidPeriodEnd } from './plan-periods';

export const PAYMENT_CURRENCY = 'usd';
const SCHEDULER_LEASE: Lease = { name: 'subscription-changes', ms: 5 * 60_000, release: 'after-run' };

/** Plans and their limits, read from the user's subscription row (free when there is none). */
export class SubscriptionService {
  constructor(private readonly ctx: AppContext) {}

  /** Every new account starts on the free plan. */
  async createFree(userId: string, db = this.ctx.db): Promise<void> {
    const now = this.ctx.clock.now().toISOString();
    await insertSubscription(db, {
      user_id: userId,
      plan: 'free',
      status: 'active',
      pending_plan: null,
      valid_until: null,
      created_at: now,
      updated_at: now,
    });
  }

  /** The plan whose limits apply to the user now (free when there is no subscription row). */
  async planOf(userId: string, db = this.ctx.db): Promise<Plan> {
    return getPlan((await findSubscription(db, userId))?.plan);
  }

  async currentPlan(userId: string, db: Db = this.ctx.db): Promise<CurrentPlan> {
    const row = await findSubscription(db, userId);
    // Seats are taken by active devices other than mobile browsers.
    return toCurrentPlan(row, this.ctx.clock.now(), await countSeatsUsed(db, userId));
  }

  /**
   * Upgrade: checks the move goes up and says what to pay; the plan changes only once
   * a payment for it is verified (PaymentService.verify).
   */
  async upgrade(userId: string, target: Exclude<PlanId, 'free'>): Promise<UpgradeResponse> {
    const current = await this.planOf(userId);
    if (compareTiers(target, current.id) <= 0) {
      throw badRequest(`${PLANS[target].displayName} is not an upgrade from ${current.displayName}.`, ErrorCode.NOT_AN_UPGRADE);
    }
    const plan = PLANS[target];
    return {
      success: true,
      requiresPayment: true,
      plan: plan.id,
      amount: plan.priceCents,
      currency: PAYMENT_CURRENCY,
      paymentUrl: `/payment?plan=${plan.id.replace(/-/g, '_')}`,
    };
  }

  /** Called inside the verify transaction: the paid plan, valid one period ahead (plus credit). */
  async activatePaidPlan(trx: Db, userId: string, plan: Plan): Promise<string> {
    const now = this.ctx.clock.now();
    const row = await findSubscription(trx, userId);
    const until = paidPeriodEnd(now, plan, { planId: row?.plan ?? 'free', validUntil: row?.valid_until ?? null }).toISOString();
    await setPaidPlan(trx, this.ctx.authCache, userId, plan.id, until, now.toISOString());
    return until;
  }

  /** Schedules `target` for the end of the paid period; nothing changes before then. */
  async downgrade(userId: string, target: PlanId): Promise<DowngradeResponse> {
    const row = await findSubscription(this.ctx.db, userId);
    const current = getPlan(row?.plan);
    if (compareTiers(target, current.id) >= 0) {
      throw badRequest(`${PLANS[target].displayName} is not a downgrade from ${current.displayName}.`, ErrorCode.NOT_A_DOWNGRADE);
    }
    const now = this.ctx.clock.now().toISOString();
    const next = PLANS[target];
    if (!row?.valid_until) {
      // A plan without a paid period (granted by an admin): nothing is left to use up.
      await setSubscriptionPlan(this.ctx.db, this.ctx.authCache, userId, target, now);
      return {
        success: true,
        newPlan: target,
        effectiveDate: now,
        message: `Your plan is now ${next.displayName}.`,
        currentPlan: await this.currentPlan(userId),
      };
    }
    await scheduleDowngrade(this.ctx.db, userId, target, now);
    return {
      success: true,
      newPlan: target,
      effectiveDate: row.valid_until,
      message:
        next.id === 'free'
          ? `Your plan stays ${current.displayName} until ${formatDay(row.valid_until)}; then it becomes ${next.displayName}.`
          : `Your plan stays ${current.displayName} until ${formatDay(row.valid_until)}; then pay for ${next.displayName} to continue with it (the Free plan applies until you do).`,
      currentPlan: await this.currentPlan(userId),
    };
  }

  async cancelDowngrade(userId: string): Promise<CancelDowngradeResponse> {
    const cancelled = await cancelScheduledDowngrade(this.ctx.db, userId, this.ctx.clock.now().toISOString());
    if (!cancelled) throw conflict('No downgrade is scheduled.', ErrorCode.NO_DOWNGRADE_SCHEDULED);
    return { success: true, currentPlan: await this.currentPlan(userId) };
  }

  /**
   * Applies scheduled downgrades and ends lapsed paid plans whose date has come. Safe with
   * several server processes: one at a time holds the lease, and each change is a
   * conditional update that only one caller can win (so one mail per change). Returns how
   * many changes this call applied.
   */
  async applyDueChanges(): Promise<number> {
    return withLease(this.ctx, SCHEDULER_LEASE, 0, async (now) => {
      const nowIso = now.toISOString();
      let applied = 0;
      for (const row of await dueSubscriptions(this.ctx.db, nowIso)) {
        const from = getPlan(row.plan);
        const pending = normalizePlanId(row.pending_plan);
        const downgrade = row.status === 'downgrade' && pending !== null;
        // Payments are one-off: a lower paid plan chosen for later is not paid for yet, so the
        // account goes to Free and the mail links to paying for the chosen plan (no free period).
        const chosen = downgrade ? PLANS[pending] : null;
        if (!(await applyDueChange(this.ctx.db, this.ctx.authCache, row, { plan: 'free', validUntil: null }, nowIso))) continue;
        applied += 1;
        await this.mailPlanChanged(row.user_id, from, chosen, downgrade ? 'downgrade' : 'lapsed');
      }
      return applied;
    });
  }

  private async mailPlanChanged(userId: string, from: Plan, chosen: Plan | null, reason: 'downgrade' | 'lapsed'): Promise<void> {
    const user = await findUserById(this.ctx.db, userId);
    if (!user) return;
    try {
      await this.ctx.mailer.send({
        to: user.email,
        ...planChangedMail({
          firstName: user.first_name,
          fromPlan: from.displayName,
          toPlan: PLANS.free.displayName,
          chosenPlan: chosen && chosen.id !== 'free' ? chosen.displayName : null,
          reason,
          // The web app's routes: /pricing-page, and the payment page for a paid plan chosen for later.
          pricingLink: `${this.ctx.config.publicUrl}${chosen && chosen.id !== 'free' ? `/payment-page?plan=${chosen.id}` : '/pricing-page'}`,
        }),
      });
    } catch (error) {
      this.ctx.log.warn({ err: error, userId }, 'plan change mail failed');
    }
  }
}

export function toCurrentPlan(row: SubscriptionsTable | undefined, now: Date, seatsUsed: number): CurrentPlan {
  const plan = getPlan(row?.plan);
  const pending = normalizePlanId(row?.pending_plan);
  return {
    name: plan.id,
    plan_type: plan.id,
    status: row?.status === 'downgrade' && pending ? 'downgrade' : 'active',
    pendingPlan: pending,
    validUntil: row?.valid_until ?? null,
    displayName: plan.displayName,
    features: [...plan.features],
    seats: { limit: plan.limits.devices, used: seatsUsed },
    limits: {
      devices: plan.limits.devices,
      storage: formatMegabytes(plan.limits.storageMb),
      bandwidth: `${plan.limits.bandwidthGb}GB`,
      lists: plan.limits.lists,
      appsPerList: plan.limits.appsPerList,
      historyDays: plan.limits.historyDays,
      cooldownHours: plan.limits.cooldownHours,
    },
    updatedAt: row?.updated_at ?? now.toISOString(),
  };
}

function formatMegabytes(mb: number): string {
  return mb >= 1024 ? `${mb / 1024}GB` : `${mb}MB`;
}
