import { z } from 'zod';

import { SEARCH_MANAGERS, searchResultSchema } from '../agent/protocol';
import { isValidSearchQuery, SEARCH_QUERY_MAX, SEARCH_QUERY_MESSAGE, SEARCH_QUERY_MIN, SEARCH_QUERY_PATTERN } from '../machine-search';
import { deviceIdSchema } from './devices';

/**
 * Searching a machine: the device's agent searches its package managers for a query, and the
 * person adds a result to a list as their own app. `POST /api/devices/{id}/searches {query}`
 * starts one (a newer one replaces the device's running search); `GET
 * /api/devices/{id}/searches/{searchId}` reads what each manager found so far. The web app polls
 * it until the search is over.
 */

/**
 * searching: managers are still answering; done: every manager answered; expired: not done within
 * SEARCH_EXPIRY_MS; superseded: a newer search of the device replaced it.
 */
export const DEVICE_SEARCH_STATUSES = ['searching', 'done', 'expired', 'superseded'] as const;
export type DeviceSearchStatus = (typeof DEVICE_SEARCH_STATUSES)[number];

/** searching: no answer yet; done: answered (maybe with an error); unanswered: the search ended without its answer. */
export const MANAGER_SEARCH_STATUSES = ['searching', 'done', 'unanswered'] as const;

export const createDeviceSearchRequestSchema = z.object({
  query: z
    .string({ error: 'Type what to search for' })
    .trim()
    .min(SEARCH_QUERY_MIN, SEARCH_QUERY_MESSAGE)
    .max(SEARCH_QUERY_MAX, SEARCH_QUERY_MESSAGE)
    .regex(SEARCH_QUERY_PATTERN, SEARCH_QUERY_MESSAGE)
    .refine(isValidSearchQuery, SEARCH_QUERY_MESSAGE),
});
export type CreateDeviceSearchRequest = z.input<typeof createDeviceSearchRequestSchema>;

export const deviceSearchParamsSchema = z.object({ id: deviceIdSchema, searchId: z.string().min(1).max(64) });

export const managerSearchSchema = z.object({
  manager: z.enum(SEARCH_MANAGERS),
  status: z.enum(MANAGER_SEARCH_STATUSES),
  results: z.array(searchResultSchema),
  /** More matched than are shown, or the manager's output was cut: a longer query narrows it. */
  truncated: z.boolean(),
  /** Why this manager could not search; null when it could. */
  error: z.string().nullable(),
});
export type ManagerSearchView = z.infer<typeof managerSearchSchema>;

export const deviceSearchSchema = z.object({
  searchId: z.string(),
  deviceId: z.string(),
  query: z.string(),
  status: z.enum(DEVICE_SEARCH_STATUSES),
  /** One entry per package manager of the machine, in the order the machine named them. */
  managers: z.array(managerSearchSchema),
  createdAt: z.string(),
});
export type DeviceSearch = z.infer<typeof deviceSearchSchema>;
