import type { ListItem, ListSummary } from '@shared/api/lists';

import { baseApi } from './base-api';

// Loaded with the first list call, not at start: zod must stay out of the first route (its size budget).
const schemas = () => import('@shared/api/lists');

/**
 * The two list calls more than one screen makes: the user's lists and adding an app to one.
 * In lib because the lists screen, the navbar and the catalogue page all use them, and
 * features never import each other; the rest of the lists API stays with the lists screen.
 */
export const sharedListsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLists: build.query<ListSummary[], void>({
      query: () => ({ url: '/api/lists', schema: () => schemas().then((m) => m.listsResponseSchema) }),
      providesTags: ['Lists'],
    }),
    addListItem: build.mutation<ListItem, { listId: string; appId: number }>({
      query: ({ listId, appId }) => ({
        url: `/api/lists/${encodeURIComponent(listId)}/items`,
        method: 'POST',
        data: { appId },
        schema: () => schemas().then((m) => m.listItemSchema),
      }),
      invalidatesTags: (_result, _error, { listId }) => ['Lists', { type: 'ListItems', id: listId }],
    }),
  }),
});

export const { useGetListsQuery, useAddListItemMutation } = sharedListsApi;
