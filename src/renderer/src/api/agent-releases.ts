import type { AgentReleasesResponse } from '@shared/api/client';

import { baseApi } from '../lib/base-api';

/**
 * GET /api/client/agent/releases: every agent build with its SHA-256, and which desktop
 * installers exist. The devices screens and the shared Download Desktop Client dialog read it,
 * the dialog to offer only an installer the server has.
 */
export const agentReleasesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAgentReleases: build.query<AgentReleasesResponse, void>({
      query: () => ({
        url: '/api/client/agent/releases',
        schema: () => import('@shared/api/client').then((m) => m.agentReleasesResponseSchema),
      }),
    }),
  }),
});

export const { useGetAgentReleasesQuery } = agentReleasesApi;
