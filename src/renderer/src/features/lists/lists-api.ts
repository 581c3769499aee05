import { baseApi } from '../../lib/base-api';

/**
 * GET /api/lists (SPEC §7), read only as far as the navbar needs (id and name). The navbar is
 * on the first route, so this is checked by hand instead of pulling zod in (DESIGN §8); the
 * full list contract joins src/shared with the lists release.
 */
export interface ListSummary {
  id: string;
  name: string;
}

function toSummaries(body: unknown): ListSummary[] {
  const items: unknown = Array.isArray(body) ? body : (body as { lists?: unknown } | null)?.lists;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, name } = item as Record<string, unknown>;
    if ((typeof id !== 'string' && typeof id !== 'number') || typeof name !== 'string') return [];
    return [{ id: String(id), name }];
  });
}

export const listsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getListSummaries: build.query<ListSummary[], void>({
      query: () => ({ url: '/api/lists' }),
      transformResponse: toSummaries,
      providesTags: ['Lists'],
    }),
  }),
});

export const { useGetListSummariesQuery } = listsApi;
