import type { AgentReleasesResponse } from '@shared/api/client';

import { baseApi } from './base-api';

/**
 * GET /api/client/agent/releases: every agent build with its SHA-256, and which desktop
 * installers exist. Here rather than in a feature because the shared Download Desktop Client
 * dialog needs it too, to offer only an installer the server has.
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
