import type { PublicConfig } from '@shared/api/auth';

import { baseApi } from '../lib/base-api';

/** GET /api/config: what this server offers before sign-in (e.g. Google's client id). */
export const configApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPublicConfig: build.query<PublicConfig, void>({
      query: () => ({
        url: '/api/config',
        schema: () => import('@shared/api/auth').then((m) => m.publicConfigSchema),
      }),
    }),
  }),
});
