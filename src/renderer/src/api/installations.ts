import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';

import type { JobKind } from '@shared/agent/protocol';
import type {
  DeviceInventory,
  Installation,
  InstallationSummary,
  ListStatus,
  ListStatusSummary,
  PreviewResponse,
} from '@shared/api/installations';

import { errorMessage } from '../lib/api-errors';
import { baseApi } from '../lib/base-api';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { notify } from '../lib/notify';

// The schemas (and zod) load with the first installation call, not with the first route.
const schemas = () => import('@shared/api/installations');
const success = () => import('@shared/api/common').then((m) => m.successResponseSchema);

type ItemLog = z.infer<Awaited<ReturnType<typeof schemas>>['installationItemLogSchema']>;

export type { DeviceInventory, Installation, InstallationSummary, ItemLog, ListStatus, ListStatusSummary, PreviewResponse };

/** A list, or some apps (one of the two), onto devices: installed (the default), updated or uninstalled. */
export interface CreateInstallationArgs {
  listId?: string;
  appIds?: number[];
  deviceIds: string[];
  kind?: JobKind;
  /** An uninstall confirmed after seeing what it removes: it may remove exactly what that check listed. */
  removalCheckId?: string;
  /** The app's name as typed, when the check's removal takes more than a few other packages. */
  confirmName?: string;
  /** Also remove the app's settings, where the check offered it. */
  purge?: boolean;
  /** Not now: at each machine's next start or connection, cancelled at the deadline. */
  atNextStart?: { deadline: string };
  /** One per confirmation: a request sent twice (a double click, a retry after a timeout) creates one installation. */
  idempotencyKey: string;
}

/**
 * Installations (docs/decisions.md#installations): the lists screen previews and creates one, the
 * installations screens show them, the device page shows a machine's inventory and its recent
 * installations.
 */
export const installationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInstallations: build.query<InstallationSummary[], void>({
      query: () => ({ url: '/api/installations', schema: () => schemas().then((m) => m.installationsResponseSchema) }),
      transformResponse: (body: { installations: InstallationSummary[] }) => body.installations,
      providesTags: [{ type: 'Installations', id: 'LIST' }],
    }),
    getInstallation: build.query<Installation, string>({
      query: (id) => ({ url: `/api/installations/${encodeURIComponent(id)}`, schema: () => schemas().then((m) => m.installationSchema) }),
      providesTags: (_result, _error, id) => [{ type: 'Installations', id }],
    }),
    getItemLog: build.query<ItemLog, { installationId: string; itemId: string }>({
      query: ({ installationId, itemId }) => ({
        url: `/api/installations/${encodeURIComponent(installationId)}/items/${encodeURIComponent(itemId)}/log`,
        schema: () => schemas().then((m) => m.installationItemLogSchema),
      }),
      providesTags: (_result, _error, { installationId }) => [{ type: 'Installations', id: installationId }],
    }),
    /** A read, though it is a POST: what each device would do (nothing is created). */
    previewInstallation: build.query<PreviewResponse, { listId: string; deviceIds: string[] }>({
      query: (body) => ({
        url: '/api/installations/preview',
        method: 'POST',
        data: body,
        schema: () => schemas().then((m) => m.previewResponseSchema),
      }),
      providesTags: ['Inventory'],
    }),
    createInstallation: build.mutation<Installation, CreateInstallationArgs>({
      query: ({ listId, appIds, deviceIds, kind = 'install', removalCheckId, confirmName, purge, atNextStart, idempotencyKey }) => ({
        url: '/api/installations',
        method: 'POST',
        data: { listId, appIds, deviceIds, kind, removalCheckId, confirmName, purge, atNextStart },
        headers: { 'Idempotency-Key': idempotencyKey },
        schema: () => schemas().then((m) => m.installationSchema),
      }),
      invalidatesTags: [{ type: 'Installations', id: 'LIST' }],
    }),
    cancelInstallation: build.mutation<Installation, string>({
      query: (id) => ({
        url: `/api/installations/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
        schema: () => schemas().then((m) => m.installationSchema),
      }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Installations', id: 'LIST' },
        { type: 'Installations', id },
      ],
    }),
    retryInstallation: build.mutation<Installation, string>({
      query: (id) => ({
        url: `/api/installations/${encodeURIComponent(id)}/retry`,
        method: 'POST',
        schema: () => schemas().then((m) => m.installationSchema),
      }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Installations', id: 'LIST' },
        { type: 'Installations', id },
      ],
    }),
    getDeviceInventory: build.query<DeviceInventory, string>({
      query: (deviceId) => ({
        url: `/api/devices/${encodeURIComponent(deviceId)}/inventory`,
        schema: () => schemas().then((m) => m.deviceInventorySchema),
      }),
      providesTags: (_result, _error, deviceId) => [{ type: 'Inventory', id: deviceId }],
    }),
    /** Per device the list was installed onto: each of its apps installed, out of date, missing or unknown. */
    getListStatus: build.query<ListStatus, string>({
      query: (listId) => ({
        url: `/api/lists/${encodeURIComponent(listId)}/status`,
        schema: () => schemas().then((m) => m.listStatusSchema),
      }),
      // A fresh inventory (live event) or a new installation changes where the apps stand.
      providesTags: ['Inventory', { type: 'Installations', id: 'LIST' }],
    }),
    /** Every list at a glance (the list cards): on how many devices, how many apps out of date or missing. */
    getListsStatusSummary: build.query<ListStatusSummary['lists'], void>({
      query: () => ({ url: '/api/lists/status', schema: () => schemas().then((m) => m.listStatusSummarySchema) }),
      transformResponse: (body: ListStatusSummary) => body.lists,
      providesTags: ['Inventory', 'Lists', { type: 'Installations', id: 'LIST' }],
    }),
    /** Asks the agent for a fresh inventory; it arrives later, announced on the event stream. */
    refreshDeviceInventory: build.mutation<unknown, string>({
      query: (deviceId) => ({ url: `/api/devices/${encodeURIComponent(deviceId)}/inventory/refresh`, method: 'POST', schema: success }),
    }),
    /**
     * "Try the update again": the hold on an update that did not take goes, and the machine is
     * asked for its apps; its newer version shows again once it answers (the event stream says so).
     */
    releaseHeldUpdate: build.mutation<unknown, { deviceId: string; appId: number }>({
      query: ({ deviceId, appId }) => ({
        url: `/api/devices/${encodeURIComponent(deviceId)}/held-updates/${appId}`,
        method: 'DELETE',
        schema: success,
      }),
      invalidatesTags: (_result, _error, { deviceId }) => [{ type: 'Inventory', id: deviceId }],
    }),
  }),
});

export const {
  useGetInstallationsQuery,
  useGetInstallationQuery,
  useGetItemLogQuery,
  usePreviewInstallationQuery,
  useCancelInstallationMutation,
  useRetryInstallationMutation,
  useGetDeviceInventoryQuery,
  useGetListStatusQuery,
  useRefreshDeviceInventoryMutation,
  useReleaseHeldUpdateMutation,
  useGetListsStatusSummaryQuery,
} = installationsApi;

const FAILURE: Record<JobKind, string> = {
  install: 'Failed to start the installation',
  upgrade: 'Failed to start the update',
  uninstall: 'Failed to start the uninstall',
};

type What = Omit<CreateInstallationArgs, 'idempotencyKey' | 'kind'> & { kind: JobKind };

/**
 * The one way the web app starts an installation, of any kind: a list after its review, or
 * apps updated or uninstalled from a device page or a list's status. Then its live page.
 * `pending` names the action being started, so only that button spins.
 */
export function useStartInstallation() {
  const [create] = installationsApi.useCreateInstallationMutation();
  const [pending, setPending] = useState<string | null>(null);
  // One Idempotency-Key per action until it succeeds: trying again after a lost answer creates nothing twice.
  const keys = useRef(new Map<string, string>());
  const navigate = useNavigate();

  async function start(what: What, actionKey: string): Promise<boolean> {
    setPending(actionKey);
    const idempotencyKey = keys.current.get(actionKey) ?? newIdempotencyKey(what.kind);
    keys.current.set(actionKey, idempotencyKey);
    try {
      const installation = await create({ ...what, idempotencyKey }).unwrap();
      keys.current.delete(actionKey);
      void navigate(`/installations/${encodeURIComponent(installation.id)}`);
      return true;
    } catch (failure) {
      notify.error(errorMessage(failure, FAILURE[what.kind]));
      return false;
    } finally {
      setPending(null);
    }
  }

  return { start, pending };
}
