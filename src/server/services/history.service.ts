import {
  HISTORY_EXPORT_MAX,
  historyCursorOf,
  type HistoryEntry,
  type HistoryFilters,
  type HistoryQuery,
  type HistoryResponse,
} from '@shared/api/history';
import { PLAN_IDS, PLANS } from '@shared/plans';
import { DAY_MS, MINUTE_MS } from '@shared/time';

import type { AppContext } from '../context';
import { historyOfUser, pruneHistory, type HistoryRow } from '../db/repositories/update-history.repository';
import { historyCsv } from './history-csv';
import { withLease, type Lease } from './lease';

const PRUNE_LEASE: Lease = { name: 'history-pruning', ms: 5 * MINUTE_MS, release: 'after-run' };

export function toHistoryEntry(row: HistoryRow): HistoryEntry {
  return {
    id: row.id,
    deviceId: row.device_id,
    deviceName: row.device_name,
    appId: row.app_id,
    appName: row.app_name,
    listId: row.list_id,
    listName: row.list_name,
    installationId: row.installation_id,
    kind: row.kind,
    outcome: row.outcome,
    manager: row.manager,
    versionBefore: row.version_before,
    versionAfter: row.version_after,
    message: row.message,
    createdAt: row.created_at,
  };
}

/** Update history: what agents reported, per device, app and list; kept by plan. */
export class HistoryService {
  constructor(private readonly ctx: AppContext) {}

  async list(userId: string, query: HistoryQuery): Promise<HistoryResponse> {
    const { cursor, limit, ...filters } = query;
    // One more than asked says whether there is a next page.
    const rows = await historyOfUser(this.ctx.db, userId, filters, cursor, limit + 1);
    const entries = rows.slice(0, limit).map(toHistoryEntry);
    const last = entries.at(-1);
    return { entries, nextCursor: rows.length > limit && last ? historyCursorOf(last) : null };
  }

  async exportCsv(userId: string, filters: HistoryFilters): Promise<string> {
    const rows = await historyOfUser(this.ctx.db, userId, filters, undefined, HISTORY_EXPORT_MAX);
    return historyCsv(rows.map(toHistoryEntry));
  }

  /**
   * Deletes each user's rows older than their plan's historyDays: one statement per distinct
   * number of days, never a loop over rows. One server process at a time holds the lease.
   * Returns how many rows went.
   */
  async prune(): Promise<number> {
    return withLease(this.ctx, PRUNE_LEASE, 0, async (now) => {
      let deleted = 0;
      const days = [...new Set(PLAN_IDS.map((id) => PLANS[id].limits.historyDays))];
      for (const kept of days) {
        const before = new Date(now.getTime() - kept * DAY_MS).toISOString();
        const plans = PLAN_IDS.filter((id) => PLANS[id].limits.historyDays === kept);
        // Free is also every user without a subscription row, or with a plan we do not know.
        const users = plans.includes('free') ? { notOnPlans: PLAN_IDS.filter((id) => !plans.includes(id)) } : { onPlans: plans };
        // The check-ins of advanced monitoring are kept as long as the history.
        for (const table of ['update_history', 'device_check_ins'] as const)
          deleted += await pruneHistory(this.ctx.db, before, users, table);
      }
      return deleted;
    });
  }
}
