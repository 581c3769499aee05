import type {
  BringBackPreview,
  BringBackResponse,
  GROUP_DRIFT_PAGE as CONTRACT_DRIFT_PAGE,
  CreateGroupRequest,
  DeviceDriftResponse,
  DriftEntry,
  DriftKind,
  Group,
  GroupChangeResponse,
  GroupDriftResponse,
  GroupList,
  GroupMember,
  GroupRule,
  GroupsResponse,
  GroupSummary,
  MachineDrift,
  UpdateGroupRequest,
} from '@shared/api/device-groups';

import { baseApi } from '../lib/base-api';

/**
 * Members one drift page holds: the contract's own page, its value repeated so that zod loads with
 * the first call, and its type the contract's literal so that the two cannot differ.
 */
export const GROUP_DRIFT_PAGE: typeof CONTRACT_DRIFT_PAGE = 50;

// The schemas (and zod) load with the first group call, not with the first route.
const schemas = () => import('@shared/api/device-groups');
const success = () => import('@shared/api/common').then((m) => m.successResponseSchema);

export type {
  BringBackPreview,
  BringBackResponse,
  CreateGroupRequest,
  DeviceDriftResponse,
  DriftEntry,
  DriftKind,
  Group,
  GroupChangeResponse,
  GroupDriftResponse,
  GroupList,
  GroupMember,
  GroupRule,
  GroupsResponse,
  GroupSummary,
  MachineDrift,
  UpdateGroupRequest,
};

const path = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}`;

/**
 * A group's reads are computed from the user's lists (its desired state), devices (its members,
 * their names and tags) and the inventories the agents report (drift): they provide those tags
 * too, so a list edit, a device change or an inventory heard on the event stream (the `devices`
 * topic invalidates Devices and Inventory) reads them again. The drift reads leave out Devices:
 * a machine's tags and apps reach them as inventories, and a browser registering itself would
 * otherwise read every drift page again.
 */
const COMPUTED_FROM = ['Lists', 'Devices', 'Inventory'] as const;
const DRIFT_COMPUTED_FROM = ['Lists', 'Inventory'] as const;

/** A change to one group can move machines in or out of others' rules and changes every drift: all group reads go stale. */
const GROUPS = 'Groups' as const;
const INSTALLATIONS = { type: 'Installations' as const, id: 'LIST' };
const startedInstallations = (ids: readonly string[] | undefined) => (ids && ids.length > 0 ? [INSTALLATIONS] : []);

/** Device groups (Annual Premium): machines that should all have the same lists, and how each drifted from them. */
export const deviceGroupsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getGroups: build.query<GroupsResponse, void>({
      query: () => ({ url: '/api/groups', schema: () => schemas().then((m) => m.groupsResponseSchema) }),
      providesTags: [{ type: GROUPS, id: 'LIST' }, ...COMPUTED_FROM],
    }),
    getGroup: build.query<Group, string>({
      query: (groupId) => ({ url: path(groupId), schema: () => schemas().then((m) => m.groupSchema) }),
      providesTags: (_result, _error, groupId) => [{ type: GROUPS, id: groupId }, ...COMPUTED_FROM],
    }),
    /** One page of the members' drift, drifted ones first; the counts are the whole group's. */
    getGroupDrift: build.query<GroupDriftResponse, { groupId: string; offset: number }>({
      query: ({ groupId, offset }) => ({
        url: `${path(groupId)}/drift`,
        params: { offset, limit: GROUP_DRIFT_PAGE },
        schema: () => schemas().then((m) => m.groupDriftResponseSchema),
      }),
      providesTags: (_result, _error, { groupId }) => [{ type: GROUPS, id: groupId }, ...DRIFT_COMPUTED_FROM],
    }),
    /** One machine against all its groups (the device page). */
    getDeviceDrift: build.query<DeviceDriftResponse, string>({
      query: (deviceId) => ({
        url: `/api/devices/${encodeURIComponent(deviceId)}/drift`,
        schema: () => schemas().then((m) => m.deviceDriftResponseSchema),
      }),
      providesTags: (_result, _error, deviceId) => [{ type: GROUPS, id: `device:${deviceId}` }, ...DRIFT_COMPUTED_FROM],
    }),
    /** A read, though it is a POST: what bringing these members (or every drifted one) back in line would do. Nothing starts. */
    previewBringBack: build.query<BringBackPreview, { groupId: string; deviceIds?: string[] }>({
      query: ({ groupId, deviceIds }) => ({
        url: `${path(groupId)}/bring-back/preview`,
        method: 'POST',
        data: deviceIds ? { deviceIds } : {},
        schema: () => schemas().then((m) => m.bringBackPreviewSchema),
      }),
    }),
    createGroup: build.mutation<Group, CreateGroupRequest>({
      query: (body) => ({ url: '/api/groups', method: 'POST', data: body, schema: () => schemas().then((m) => m.groupSchema) }),
      invalidatesTags: [GROUPS],
    }),
    /** Renames and/or changes the rule (`rule: null` drops it: the machines it brought in leave). */
    updateGroup: build.mutation<Group, { groupId: string } & UpdateGroupRequest>({
      query: ({ groupId, ...body }) => ({
        url: path(groupId),
        method: 'PATCH',
        data: body,
        schema: () => schemas().then((m) => m.groupSchema),
      }),
      // Tokens made for the group show its name.
      invalidatesTags: [GROUPS, 'DeviceTokens'],
    }),
    deleteGroup: build.mutation<unknown, string>({
      query: (groupId) => ({ url: path(groupId), method: 'DELETE', schema: success }),
      invalidatesTags: [GROUPS, 'DeviceTokens'],
    }),
    /** Adds a machine by hand; it is brought to the group's lists at once (the installations started). */
    addGroupMember: build.mutation<GroupChangeResponse, { groupId: string; deviceId: string }>({
      query: ({ groupId, deviceId }) => ({
        url: `${path(groupId)}/members/${encodeURIComponent(deviceId)}`,
        method: 'PUT',
        schema: () => schemas().then((m) => m.groupChangeResponseSchema),
      }),
      invalidatesTags: (result) => [GROUPS, ...startedInstallations(result?.installationIds)],
    }),
    removeGroupMember: build.mutation<Group, { groupId: string; deviceId: string }>({
      query: ({ groupId, deviceId }) => ({
        url: `${path(groupId)}/members/${encodeURIComponent(deviceId)}`,
        method: 'DELETE',
        schema: () => schemas().then((m) => m.groupSchema),
      }),
      invalidatesTags: [GROUPS],
    }),
    /** Adds a list to the group's desired state; the members get it at once (the installations started). */
    attachGroupList: build.mutation<GroupChangeResponse, { groupId: string; listId: string }>({
      query: ({ groupId, listId }) => ({
        url: `${path(groupId)}/lists/${encodeURIComponent(listId)}`,
        method: 'PUT',
        schema: () => schemas().then((m) => m.groupChangeResponseSchema),
      }),
      invalidatesTags: (result) => [GROUPS, ...startedInstallations(result?.installationIds)],
    }),
    /** Takes a list out of the desired state; nothing is uninstalled. */
    detachGroupList: build.mutation<Group, { groupId: string; listId: string }>({
      query: ({ groupId, listId }) => ({
        url: `${path(groupId)}/lists/${encodeURIComponent(listId)}`,
        method: 'DELETE',
        schema: () => schemas().then((m) => m.groupSchema),
      }),
      invalidatesTags: [GROUPS],
    }),
    bringBackInLine: build.mutation<BringBackResponse, { groupId: string; deviceIds?: string[] }>({
      query: ({ groupId, deviceIds }) => ({
        url: `${path(groupId)}/bring-back`,
        method: 'POST',
        data: deviceIds ? { deviceIds } : {},
        schema: () => schemas().then((m) => m.bringBackResponseSchema),
      }),
      invalidatesTags: (result) => [GROUPS, ...startedInstallations(result?.installationIds)],
    }),
  }),
});

export const {
  useGetGroupsQuery,
  useGetGroupQuery,
  useGetGroupDriftQuery,
  useGetDeviceDriftQuery,
  usePreviewBringBackQuery,
  useCreateGroupMutation,
  useUpdateGroupMutation,
  useDeleteGroupMutation,
  useAddGroupMemberMutation,
  useRemoveGroupMemberMutation,
  useAttachGroupListMutation,
  useDetachGroupListMutation,
  useBringBackInLineMutation,
} = deviceGroupsApi;
