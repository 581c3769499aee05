import { z } from 'zod';

import { JOB_KINDS, MANAGER_NAMES } from '../agent/protocol';
import { MAX_ROW_ID } from './common';
import { deviceIdSchema } from './devices';

/**
 * Update history: every install, upgrade and uninstall an agent finished, per device
 * and app, with the versions before and after. Kept `historyDays` of the plan (src/shared/plans.ts).
 */

export const HISTORY_OUTCOMES = ['succeeded', 'failed', 'skipped'] as const;
export type HistoryOutcome = (typeof HISTORY_OUTCOMES)[number];

export const HISTORY_PAGE_MAX = 200;
export const HISTORY_PAGE_DEFAULT = 50;
/** The CSV export stops after this many rows (newest first). */
export const HISTORY_EXPORT_MAX = 10_000;

/** Where the next page starts: the last entry's createdAt and id, "2026-11-24T05:31:41.000Z~<id>". */
const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)~([\w-]{1,64})$/;

export const historyCursorSchema = z
  .string()
  .max(100)
  .transform((value, ctx) => {
    const match = CURSOR_PATTERN.exec(value);
    if (!match?.[1] || !match[2]) {
      ctx.addIssue({ code: 'custom', message: 'Cursor is not valid' });
      return z.NEVER;
    }
    return { createdAt: match[1], id: match[2] };
  });
export type HistoryCursor = z.output<typeof historyCursorSchema>;

export function historyCursorOf(entry: { createdAt: string; id: string }): string {
  return `${entry.createdAt}~${entry.id}`;
}

/** Any ISO-8601 date-time with an offset, compared as UTC. */
const instantSchema = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());

export const historyFiltersSchema = z.object({
  deviceId: deviceIdSchema.optional(),
  appId: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
  listId: z.string().min(1).max(64).optional(),
  kind: z.enum(JOB_KINDS).optional(),
  outcome: z.enum(HISTORY_OUTCOMES).optional(),
  /** Inclusive. */
  from: instantSchema.optional(),
  /** Exclusive. */
  to: instantSchema.optional(),
});
export type HistoryFilters = z.output<typeof historyFiltersSchema>;

/** GET /api/history */
export const historyQuerySchema = historyFiltersSchema.extend({
  cursor: historyCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
});
export type HistoryQuery = z.output<typeof historyQuerySchema>;

/** GET /api/history/export.csv: the same filters; at most HISTORY_EXPORT_MAX rows, newest first. */
export const historyExportQuerySchema = historyFiltersSchema.describe(
  `The same filters as GET /api/history; the file holds at most ${HISTORY_EXPORT_MAX} rows, newest first.`,
);

export const historyEntrySchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  /** The device's name when it happened. */
  deviceName: z.string(),
  appId: z.number().int(),
  appName: z.string(),
  listId: z.string().nullable(),
  listName: z.string().nullable(),
  installationId: z.string(),
  kind: z.enum(JOB_KINDS),
  outcome: z.enum(HISTORY_OUTCOMES),
  manager: z.enum(MANAGER_NAMES).nullable(),
  /** What the device's inventory showed before; null when it had not reported the app. */
  versionBefore: z.string().nullable(),
  /** What the agent reported; null after an uninstall. */
  versionAfter: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyResponseSchema = z.object({
  entries: z.array(historyEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
