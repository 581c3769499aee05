import type {
  BringBackPreview,
  BringBackResponse,
  ConfirmGroupRemovalResponse,
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
  GroupRemoval,
  GroupRemovalMachine,
  GroupRemovalsResponse,
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
  ConfirmGroupRemovalResponse,
  CreateGroupRequest,
  DeviceDriftResponse,
  DriftEntry,
  DriftKind,
  Group,
  GroupChangeResponse,
  GroupDriftResponse,
  GroupList,
  GroupMember,
  GroupRemoval,
  GroupRemovalMachine,
  GroupRemovalsResponse,
  GroupRule,
  GroupsResponse,
  GroupSummary,
  MachineDrift,
  UpdateGroupRequest,
};

const path = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}`;
const removalPath = ({ groupId, removalId }: RemovalArgs) => `${path(groupId)}/removals/${encodeURIComponent(removalId)}`;

interface RemovalArgs {
  groupId: string;
  removalId: string;
}

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
/** A group's removals to confirm: every group change reads them again (a list taken off makes new ones). */
const removalsTag = (groupId: string) => ({ type: GROUPS, id: `removals:${groupId}` });
/** When a detached list's removals are read again: usually there after the first, a large group's by the second. */
const REMOVALS_SETTLE_MS = [1_000, 5_000];

/** A decided removal leaves the page as soon as the server says so, not when the removals have been read again. */
async function dropWhenDone(
  { groupId, removalId }: RemovalArgs,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> },
): Promise<void> {
  try {
    await queryFulfilled;
  } catch {
    return;
  }
  dispatch(
    deviceGroupsApi.util.updateQueryData('getGroupRemovals', groupId, (draft) => {
      draft.removals = draft.removals.filter((removal) => removal.id !== removalId);
    }),
  );
}

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
    /** Takes a list out of the desired state; nothing is uninstalled (a group that offers removals asks first). */
    detachGroupList: build.mutation<Group, { groupId: string; listId: string }>({
      query: ({ groupId, listId }) => ({
        url: `${path(groupId)}/lists/${encodeURIComponent(listId)}`,
        method: 'DELETE',
        schema: () => schemas().then((m) => m.groupSchema),
      }),
      invalidatesTags: [GROUPS],
      // The server works out the removals after it answered: read them again once they are there.
      async onQueryStarted({ groupId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (!data.removeTakenOut) return;
          for (const delay of REMOVALS_SETTLE_MS)
            setTimeout(() => dispatch(deviceGroupsApi.util.invalidateTags([removalsTag(groupId)])), delay);
        } catch {
          // Nothing was taken off.
        }
      },
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
    /**
     * Apps taken out of the group's lists that its machines still have, each with every machine's
     * removal check. An app taken out of a list (the Lists tag) becomes one a moment later.
     */
    getGroupRemovals: build.query<GroupRemovalsResponse, string>({
      query: (groupId) => ({ url: `${path(groupId)}/removals`, schema: () => schemas().then((m) => m.groupRemovalsResponseSchema) }),
      providesTags: (_result, _error, groupId) => [removalsTag(groupId), 'Lists'],
    }),
    /** Removes the app from every machine whose check said it can, exactly as the check showed; the name when one takes many packages. */
    confirmGroupRemoval: build.mutation<ConfirmGroupRemovalResponse, RemovalArgs & { confirmName?: string }>({
      query: ({ confirmName, ...args }) => ({
        url: `${removalPath(args)}/confirm`,
        method: 'POST',
        data: confirmName === undefined ? {} : { confirmName },
        schema: () => schemas().then((m) => m.confirmGroupRemovalResponseSchema),
      }),
      // The group, its drift and its removals change; the uninstalls started show on the installations screen.
      invalidatesTags: (result) => [GROUPS, ...startedInstallations(result?.installationIds)],
      onQueryStarted: (args, api) => dropWhenDone(args, api),
    }),
    /** Asks the removal's machines again; the answer is the removal with its new (pending) checks. */
    checkGroupRemovalAgain: build.mutation<GroupRemoval, RemovalArgs>({
      query: (args) => ({ url: `${removalPath(args)}/check`, method: 'POST', schema: () => schemas().then((m) => m.groupRemovalSchema) }),
      // Shown at once from the answer, so the page starts waiting for the machines without another read.
      async onQueryStarted({ groupId }, { dispatch, queryFulfilled }) {
        try {
          const { data: asked } = await queryFulfilled;
          dispatch(
            deviceGroupsApi.util.updateQueryData('getGroupRemovals', groupId, (draft) => {
              draft.removals = draft.removals.map((removal) => (removal.id === asked.id ? asked : removal));
            }),
          );
        } catch {
          // The page says why; the removal shows as it was.
        }
      },
    }),
    /** Nothing is removed: the removal closes, and the app shows as extra drift where no group declares it. */
    keepGroupRemoval: build.mutation<unknown, RemovalArgs>({
      query: (args) => ({ url: `${removalPath(args)}/keep`, method: 'POST', schema: success }),
      invalidatesTags: [GROUPS],
      onQueryStarted: (args, api) => dropWhenDone(args, api),
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
  useGetGroupRemovalsQuery,
  useConfirmGroupRemovalMutation,
  useCheckGroupRemovalAgainMutation,
  useKeepGroupRemovalMutation,
} = deviceGroupsApi;
