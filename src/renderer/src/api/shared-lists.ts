import type { ListDetail } from '@shared/api/lists';
import type { GalleryResponse, SetSharingRequest, SharedList, Sharing } from '@shared/api/shared-lists';

import { baseApi } from '../lib/base-api';

// Loaded with the first call, not at start: zod must stay out of the first route (docs/decisions.md#performance-budgets).
const schemas = () => import('@shared/api/shared-lists');

export interface GalleryArgs {
  search?: string;
  category?: number | null;
  sort?: 'newest' | 'copies';
  page?: number;
}

/** Only the arguments that are set, so that equal searches share one cache entry. */
function galleryParams({ search, category, sort, page }: GalleryArgs): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (search?.trim()) params.search = search.trim();
  if (category) params.category = category;
  if (sort && sort !== 'newest') params.sort = sort;
  if (page && page > 1) params.page = page;
  return params;
}

/** Shared lists: the owner's sharing of a list, the public shared page, the gallery, and copying. */
export const sharedListsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSharing: build.query<Sharing, string>({
      query: (listId) => ({
        url: `/api/lists/${encodeURIComponent(listId)}/sharing`,
        schema: () => schemas().then((m) => m.sharingSchema),
      }),
      providesTags: (_result, _error, listId) => [{ type: 'Sharing', id: listId }],
    }),
    setSharing: build.mutation<Sharing, { listId: string } & SetSharingRequest>({
      query: ({ listId, ...body }) => ({
        url: `/api/lists/${encodeURIComponent(listId)}/sharing`,
        method: 'PUT',
        data: body,
        schema: () => schemas().then((m) => m.sharingSchema),
      }),
      invalidatesTags: (_result, _error, { listId }) => [{ type: 'Sharing', id: listId }, 'Gallery'],
    }),
    getSharedList: build.query<SharedList, string>({
      query: (shareId) => ({
        url: `/api/shared-lists/${encodeURIComponent(shareId)}`,
        schema: () => schemas().then((m) => m.sharedListSchema),
      }),
      providesTags: ['Gallery'],
    }),
    getGallery: build.query<GalleryResponse, GalleryArgs>({
      query: (args) => ({ url: '/api/gallery', params: galleryParams(args), schema: () => schemas().then((m) => m.galleryResponseSchema) }),
      serializeQueryArgs: ({ queryArgs, endpointName }) => `${endpointName}(${JSON.stringify(galleryParams(queryArgs))})`,
      providesTags: ['Gallery'],
    }),
    copySharedList: build.mutation<ListDetail, string>({
      query: (shareId) => ({
        url: `/api/shared-lists/${encodeURIComponent(shareId)}/copy`,
        method: 'POST',
        schema: () => import('@shared/api/lists').then((m) => m.listDetailSchema),
      }),
      invalidatesTags: ['Lists', 'Gallery', 'Sharing'],
    }),
  }),
});

export const { useGetSharingQuery, useSetSharingMutation, useGetSharedListQuery, useGetGalleryQuery, useCopySharedListMutation } =
  sharedListsApi;
