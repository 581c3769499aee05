import { z } from 'zod';

import { PLAN_IDS } from '../plans';

export const planIdSchema = z.enum(PLAN_IDS);

/** SPEC §3 "Subscription / current plan". */
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
