import type { RemovalCheck } from '@shared/api/removal-checks';

import { baseApi } from '../lib/base-api';

// The schema (and zod) load with the first check, not with the first route.
const schema = () => import('@shared/api/removal-checks').then((m) => m.removalCheckSchema);

export type { RemovalCheck };

/**
 * Before an uninstall: the machine's agent is asked what the removal would take with it, and
 * the answer is read until it comes (the dialog polls a pending check).
 */
export const removalChecksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    startRemovalCheck: build.mutation<RemovalCheck, { deviceId: string; appId: number }>({
      query: ({ deviceId, appId }) => ({
        url: `/api/devices/${encodeURIComponent(deviceId)}/removal-checks`,
        method: 'POST',
        data: { appId },
        schema,
      }),
    }),
    getRemovalCheck: build.query<RemovalCheck, { deviceId: string; checkId: string }>({
      query: ({ deviceId, checkId }) => ({
        url: `/api/devices/${encodeURIComponent(deviceId)}/removal-checks/${encodeURIComponent(checkId)}`,
        schema,
      }),
    }),
  }),
});

export const { useStartRemovalCheckMutation, useGetRemovalCheckQuery } = removalChecksApi;
