import type { FollowedListsResponse, FollowListResponse, ListFollower, ListFollowersResponse } from '@shared/api/list-sync';

import { baseApi } from '../lib/base-api';

// The schemas (and zod) load with the first keep-in-sync call, not with the first route.
const schemas = () => import('@shared/api/list-sync');
const success = () => import('@shared/api/common').then((m) => m.successResponseSchema);

export type { FollowedListsResponse, FollowListResponse, ListFollower, ListFollowersResponse };

export interface FollowListArgs {
  listId: string;
  deviceId: string;
  uninstallRemoved: boolean;
}

const deviceTag = (deviceId: string) => ({ type: 'ListSync' as const, id: `device:${deviceId}` });

/**
 * Keep in sync: devices following a list. The lists screen turns it on per device, the
 * device page says which lists a machine follows.
 */
export const listSyncApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getListFollowers: build.query<ListFollowersResponse, string>({
      query: (listId) => ({
        url: `/api/lists/${encodeURIComponent(listId)}/followers`,
        schema: () => schemas().then((m) => m.listFollowersResponseSchema),
      }),
      providesTags: (_result, _error, listId) => [{ type: 'ListSync', id: listId }],
    }),
    getFollowedLists: build.query<FollowedListsResponse, string>({
      query: (deviceId) => ({
        url: `/api/devices/${encodeURIComponent(deviceId)}/followed-lists`,
        schema: () => schemas().then((m) => m.followedListsResponseSchema),
      }),
      providesTags: (_result, _error, deviceId) => [deviceTag(deviceId)],
    }),
    /** Follows (installing the list there now) or changes the option of a device that already follows. */
    followList: build.mutation<FollowListResponse, FollowListArgs>({
      query: ({ listId, deviceId, uninstallRemoved }) => ({
        url: `/api/lists/${encodeURIComponent(listId)}/followers/${encodeURIComponent(deviceId)}`,
        method: 'PUT',
        data: { uninstallRemoved },
        schema: () => schemas().then((m) => m.followListResponseSchema),
      }),
      invalidatesTags: (result, _error, { listId, deviceId }) => [
        { type: 'ListSync', id: listId },
        deviceTag(deviceId),
        ...(result?.installationId ? [{ type: 'Installations' as const, id: 'LIST' }] : []),
      ],
    }),
    unfollowList: build.mutation<{ success: true }, { listId: string; deviceId: string }>({
      query: ({ listId, deviceId }) => ({
        url: `/api/lists/${encodeURIComponent(listId)}/followers/${encodeURIComponent(deviceId)}`,
        method: 'DELETE',
        schema: success,
      }),
      invalidatesTags: (_result, _error, { listId, deviceId }) => [{ type: 'ListSync', id: listId }, deviceTag(deviceId)],
    }),
  }),
});

export const { useGetListFollowersQuery, useGetFollowedListsQuery, useFollowListMutation, useUnfollowListMutation } = listSyncApi;
