import type { HistoryEntry, HistoryFilters, HistoryOutcome, HistoryResponse } from '@shared/api/history';

import { baseApi } from '../lib/base-api';
import { downloadFile } from '../lib/save-file';

// The schemas (and zod) load with the first history call, not with the first route.
const schemas = () => import('@shared/api/history');

export type { HistoryEntry, HistoryFilters, HistoryOutcome, HistoryResponse };

/** The filters as query parameters: only those set, so that the cache key and the URL agree. */
export function historyParams(filters: HistoryFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params[key] = String(value);
  }
  return params;
}

/**
 * Update history: GET /api/history, newest first, one page per cursor. The history screen
 * reads it and the device and list screens link to it filtered.
 */
export const historyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHistory: build.infiniteQuery<HistoryResponse, HistoryFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/api/history',
        params: { ...historyParams(queryArg), ...(pageParam ? { cursor: pageParam } : {}) },
        schema: () => schemas().then((m) => m.historyResponseSchema),
      }),
      providesTags: ['History'],
    }),
  }),
});

export const { useGetHistoryInfiniteQuery } = historyApi;

/** GET /api/history/export.csv for the same filters, saved as a file; resolves to the failure, if any. */
export function exportHistoryCsv(filters: HistoryFilters) {
  return downloadFile('/api/history/export.csv', { params: historyParams(filters), fileName: 'loadout-history.csv' });
}
