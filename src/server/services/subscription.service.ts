import type { CurrentPlan } from '@shared/api/subscription';
import { getPlan, normalizePlanId, type Plan } from '@shared/plans';

import type { AppContext } from '../context';
import { countSeatsUsed } from '../db/repositories/devices.repository';
import { findSubscription, insertSubscription } from '../db/repositories/subscriptions.repository';
import type { SubscriptionsTable } from '../db/schema';

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

  async currentPlan(userId: string): Promise<CurrentPlan> {
    const row = await findSubscription(this.ctx.db, userId);
    // Seats are taken by active devices other than mobile browsers.
    return toCurrentPlan(row, this.ctx.clock.now(), await countSeatsUsed(this.ctx.db, userId));
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
