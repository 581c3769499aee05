import type {
  Generation,
  GenerationApp,
  GenerationChange,
  GenerationKind,
  GenerationsResponse,
  GenerationSummary,
  RollbackPreview,
  RollbackResponse,
  RollbackStep,
} from '@shared/api/generations';

import { baseApi } from '../lib/base-api';

// The schemas (and zod) load with the first generations call, not with the first route.
const schemas = () => import('@shared/api/generations');

export type {
  Generation,
  GenerationApp,
  GenerationChange,
  GenerationKind,
  GenerationsResponse,
  GenerationSummary,
  RollbackPreview,
  RollbackResponse,
  RollbackStep,
};

const path = (deviceId: string, number?: number) =>
  `/api/devices/${encodeURIComponent(deviceId)}/generations${number === undefined ? '' : `/${number}`}`;

/**
 * A generation is recorded when a job that changed the machine has finished, after the
 * installation's own live event; the agent then reports its inventory, which arrives as a
 * `devices` event. Both tags are provided, so whichever comes after the record reads the list
 * again. A plan bought in another tab (Subscription) turns the premium note into the list.
 */
const generationTags = (deviceId: string) => [
  { type: 'Inventory' as const, id: deviceId },
  { type: 'Installations' as const, id: 'LIST' },
  'Subscription' as const,
];

/** Generations and rollback (Annual Premium): a machine's apps and versions after each change Loadout made, and going back to them. */
export const generationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Newest first. */
    getGenerations: build.query<GenerationsResponse, string>({
      query: (deviceId) => ({ url: path(deviceId), schema: () => schemas().then((m) => m.generationsResponseSchema) }),
      providesTags: (_result, _error, deviceId) => generationTags(deviceId),
    }),
    /** One generation with every app and version the machine had after it. */
    getGeneration: build.query<Generation, { deviceId: string; number: number }>({
      query: ({ deviceId, number }) => ({ url: path(deviceId, number), schema: () => schemas().then((m) => m.generationSchema) }),
      providesTags: (_result, _error, { deviceId }) => generationTags(deviceId),
    }),
    /**
     * A read, though it is a POST: what rolling back would install, change and remove. Nothing
     * starts. It provides no tags on purpose: a plan that changed under the person's eyes while
     * they choose would move their ticks; the dialog asks afresh when it opens and after a 409.
     */
    previewRollback: build.query<RollbackPreview, { deviceId: string; number: number }>({
      query: ({ deviceId, number }) => ({
        url: `${path(deviceId, number)}/rollback/preview`,
        method: 'POST',
        schema: () => schemas().then((m) => m.rollbackPreviewSchema),
      }),
    }),
    /** Runs only the plan's steps for these apps (as the server plans them now). */
    rollBack: build.mutation<RollbackResponse, { deviceId: string; number: number; appIds: number[] }>({
      query: ({ deviceId, number, appIds }) => ({
        url: `${path(deviceId, number)}/rollback`,
        method: 'POST',
        data: { appIds },
        schema: () => schemas().then((m) => m.rollbackResponseSchema),
      }),
      invalidatesTags: (result) => (result && result.installationIds.length > 0 ? [{ type: 'Installations', id: 'LIST' }] : []),
    }),
  }),
});

export const { useGetGenerationsQuery, useGetGenerationQuery, usePreviewRollbackQuery, useRollBackMutation } = generationsApi;
