import { z } from 'zod';

import { singleLineText } from './common';
import { feedbackItemSchema } from './feedback';
import { planIdSchema } from './subscription';

/** GET /api/admin/users?search= */
export const adminUsersQuerySchema = z.object({ search: singleLineText('Search', 100).optional() });
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  isEmailVerified: z.boolean(),
  plan: planIdSchema,
  listCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema), total: z.number().int() });

/** POST /api/admin/users/{id}/admin: grant or revoke. The last admin cannot be revoked. */
export const setAdminRequestSchema = z.object({ isAdmin: z.boolean() });
export const adminUserParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** GET /api/admin/feedback */
export const adminFeedbackResponseSchema = z.object({ feedback: z.array(feedbackItemSchema) });

/** GET /api/admin/stats: what the console's header shows. */
export const adminStatsResponseSchema = z.object({
  users: z.number().int(),
  admins: z.number().int(),
  categories: z.number().int(),
  apps: z.number().int(),
  lists: z.number().int(),
  feedback: z.number().int(),
  appsPerPlatform: z.object({ windows: z.number().int(), macos: z.number().int(), linux: z.number().int() }),
});
export type AdminStats = z.infer<typeof adminStatsResponseSchema>;

export const CATALOGUE_SYNC_OUTCOMES = ['applied', 'unchanged', 'failed'] as const;
export type CatalogueSyncOutcome = (typeof CATALOGUE_SYNC_OUTCOMES)[number];

/** One reading of a package manager's index, and what it changed in the catalogue. */
export const catalogueSyncRunSchema = z.object({
  id: z.string(),
  index: z.string(),
  source: z.string(),
  outcome: z.enum(CATALOGUE_SYNC_OUTCOMES),
  created: z.number().int(),
  linked: z.number().int(),
  changed: z.number().int(),
  gone: z.number().int(),
  /** A few names of each kind of change, for the admin to read. */
  examples: z.object({ created: z.array(z.string()), changed: z.array(z.string()), gone: z.array(z.string()) }),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
});
export type CatalogueSyncRun = z.infer<typeof catalogueSyncRunSchema>;
/** GET /api/admin/catalogue/syncs: the latest readings, newest first; POST runs one now. */
export const catalogueSyncRunsResponseSchema = z.object({ runs: z.array(catalogueSyncRunSchema) });
export type CatalogueSyncRunsResponse = z.infer<typeof catalogueSyncRunsResponseSchema>;
