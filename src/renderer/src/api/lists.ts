import type { ImportListRequest, ImportListResponse, ImportPreview, ImportPreviewRequest } from '@shared/api/list-import';
import type { ListDetail, ListItem, ListItemsResponse, ListSummary } from '@shared/api/lists';

import { baseApi } from '../lib/base-api';

// Loaded with the first list call, not at start: zod must stay out of the first route (docs/decisions.md#performance-budgets).
const schemas = () => import('@shared/api/lists');
const importSchemas = () => import('@shared/api/list-import');
const success = () => import('@shared/api/common').then((m) => m.successResponseSchema);

export type { ListItem, ListSummary };

/** The lists API: lists, their items and order, import and export. */
export const listsApi = baseApi.injectEndpoints({
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
    getListItems: build.query<ListItem[], string>({
      query: (id) => ({
        url: `/api/lists/${encodeURIComponent(id)}/items`,
        schema: () => schemas().then((m) => m.listItemsResponseSchema),
      }),
      transformResponse: (body: ListItemsResponse) => body.items,
      providesTags: (_result, _error, id) => [{ type: 'ListItems', id }],
    }),
    createList: build.mutation<ListDetail, { name: string }>({
      query: (body) => ({ url: '/api/lists', method: 'POST', data: body, schema: () => schemas().then((m) => m.listDetailSchema) }),
      invalidatesTags: ['Lists'],
    }),
    renameList: build.mutation<ListDetail, { id: string; name: string }>({
      query: ({ id, name }) => ({
        url: `/api/lists/${encodeURIComponent(id)}`,
        method: 'PUT',
        data: { name },
        schema: () => schemas().then((m) => m.listDetailSchema),
      }),
      invalidatesTags: ['Lists'],
    }),
    deleteList: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/lists/${encodeURIComponent(id)}`, method: 'DELETE', schema: success }),
      invalidatesTags: (_result, _error, id) => ['Lists', { type: 'ListItems', id }],
    }),
    removeListItem: build.mutation<unknown, { listId: string; appId: number }>({
      query: ({ listId, appId }) => ({
        url: `/api/lists/${encodeURIComponent(listId)}/items/${appId}`,
        method: 'DELETE',
        schema: success,
      }),
      invalidatesTags: (_result, _error, { listId }) => ['Lists', { type: 'ListItems', id: listId }],
    }),
    reorderListItems: build.mutation<unknown, { listId: string; appIds: number[] }>({
      query: ({ listId, appIds }) => ({
        url: `/api/lists/${encodeURIComponent(listId)}/items`,
        method: 'PUT',
        data: { appIds },
        schema: () => schemas().then((m) => m.reorderListItemsResponseSchema),
      }),
      // Shown at once; the server's answer (or a refetch after a failure) settles it.
      async onQueryStarted({ listId, appIds }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          listsApi.util.updateQueryData('getListItems', listId, (items) => {
            const byId = new Map(items.map((item) => [item.app_id, item]));
            return appIds.flatMap((appId) => byId.get(appId) ?? []);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    /** Pins an app of the list at a version, or clears the pin (version null). */
    setListItemPin: build.mutation<ListItem, { listId: string; appId: number; version: string | null }>({
      query: ({ listId, appId, version }) => ({
        url: `/api/lists/${encodeURIComponent(listId)}/items/${appId}/pin`,
        method: version === null ? 'DELETE' : 'PUT',
        ...(version === null ? {} : { data: { version } }),
        schema: () => schemas().then((m) => m.listItemSchema),
      }),
      // A pin changes what the device pages call an update too.
      invalidatesTags: (_result, _error, { listId }) => ['Lists', { type: 'ListItems', id: listId }, 'Inventory'],
    }),
    // A mutation, not a query: it sends a whole file, and nothing should keep or refetch it.
    previewListImport: build.mutation<ImportPreview, ImportPreviewRequest>({
      query: (body) => ({
        url: '/api/lists/import/preview',
        method: 'POST',
        data: body,
        schema: () => importSchemas().then((m) => m.importPreviewSchema),
      }),
    }),
    importList: build.mutation<ImportListResponse, ImportListRequest>({
      query: (body) => ({
        url: '/api/lists/import',
        method: 'POST',
        data: body,
        schema: () => importSchemas().then((m) => m.importListResponseSchema),
      }),
      invalidatesTags: ['Lists'],
    }),
  }),
});

export const {
  useGetListsQuery,
  useAddListItemMutation,
  useGetListItemsQuery,
  useCreateListMutation,
  useRenameListMutation,
  useDeleteListMutation,
  useRemoveListItemMutation,
  useReorderListItemsMutation,
  useImportListMutation,
  usePreviewListImportMutation,
  useSetListItemPinMutation,
} = listsApi;
