import { z } from 'zod';

import { normalizePlanId, PLAN_IDS, type PlanId } from '../plans';

export const planIdSchema = z.enum(PLAN_IDS);

/** The current plan, in the shape the product's clients read. */
export const currentPlanSchema = z.object({
  name: planIdSchema,
  plan_type: planIdSchema,
  status: z.enum(['active', 'downgrade']),
  pendingPlan: planIdSchema.nullable(),
  validUntil: z.string().nullable(),
  displayName: z.string(),
  features: z.array(z.string()),
  seats: z.object({ limit: z.number().int(), used: z.number().int() }),
  limits: z.object({
    devices: z.number().int(),
    storage: z.string(),
    bandwidth: z.string(),
    lists: z.number().int().nullable(),
    appsPerList: z.number().int(),
    historyDays: z.number().int(),
    cooldownHours: z.number().int(),
  }),
  updatedAt: z.string(),
});
export type CurrentPlan = z.infer<typeof currentPlanSchema>;

/** GET /api/subscription/status */
export const subscriptionStatusResponseSchema = z.object({ currentPlan: currentPlanSchema });
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponseSchema>;

/** Paid plans only. Accepts the underscore form clients send (annual_premium) and the dash form. */
export const paidPlanSchema = z.string().transform((value, ctx): Exclude<PlanId, 'free'> => {
  const id = normalizePlanId(value);
  if (!id || id === 'free') {
    ctx.addIssue({ code: 'custom', message: 'plan must be premium or annual_premium' });
    return z.NEVER;
  }
  return id;
});

/** Any plan, either spelling (free, premium, annual_premium, annual-premium). */
export const anyPlanSchema = z.string().transform((value, ctx): PlanId => {
  const id = normalizePlanId(value);
  if (!id) {
    ctx.addIssue({ code: 'custom', message: `plan must be one of ${PLAN_IDS.join(', ')}` });
    return z.NEVER;
  }
  return id;
});

/** GET /api/subscription/test: the web app's fallback when /status fails, the same answer as /status. */
export const subscriptionTestResponseSchema = subscriptionStatusResponseSchema;

/**
 * POST /api/subscription/upgrade {plan, currentPlan}. An upgrade is paid: this
 * checks the move is an upgrade (else 400 NOT_AN_UPGRADE) and answers what to pay and where;
 * the plan itself changes only at POST /api/payment/verify.
 */
export const upgradeRequestSchema = z.object({
  plan: paidPlanSchema,
  /** What the client believes the plan is; informative (the server reads its own). */
  currentPlan: z.string().max(40).optional(),
});
export type UpgradeRequest = z.input<typeof upgradeRequestSchema>;

export const upgradeResponseSchema = z.object({
  success: z.literal(true),
  requiresPayment: z.literal(true),
  plan: planIdSchema,
  /** Cents, from the plan catalogue. */
  amount: z.number().int(),
  currency: z.string(),
  /** Where the web app continues: /payment?plan=premium or /payment?plan=annual_premium. */
  paymentUrl: z.string(),
});
export type UpgradeResponse = z.infer<typeof upgradeResponseSchema>;

/** POST /api/subscription/downgrade {targetPlan}: scheduled for validUntil (400 NOT_A_DOWNGRADE). */
export const downgradeRequestSchema = z.object({ targetPlan: anyPlanSchema });
export type DowngradeRequest = z.input<typeof downgradeRequestSchema>;

export const downgradeResponseSchema = z.object({
  success: z.literal(true),
  newPlan: planIdSchema,
  /** ISO date-time the lower plan takes over (the current validUntil). */
  effectiveDate: z.string(),
  /** "Your plan stays Premium until 2025-07-01; then it becomes Free." */
  message: z.string(),
  currentPlan: currentPlanSchema,
});
export type DowngradeResponse = z.infer<typeof downgradeResponseSchema>;

/** POST /api/subscription/cancel-downgrade (empty body; 409 NO_DOWNGRADE_SCHEDULED when none). */
export const cancelDowngradeResponseSchema = z.object({ success: z.literal(true), currentPlan: currentPlanSchema });
export type CancelDowngradeResponse = z.infer<typeof cancelDowngradeResponseSchema>;
