import { apiKeysResponseSchema, createApiKeyResponseSchema, type ApiKeysResponse, type CreateApiKeyResponse } from '@shared/api/api-keys';
import { successResponseSchema, type SuccessResponse } from '@shared/api/common';

import { baseApi } from '../lib/base-api';

// Loaded with the lazy settings screen, so the schemas can be imported directly.
const schema =
  <T>(value: T) =>
  () =>
    Promise.resolve(value);

/** Personal API keys (Premium): GET/POST /api/api-keys, DELETE /api/api-keys/:id. */
export const apiKeysApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getApiKeys: build.query<ApiKeysResponse, void>({
      query: () => ({ url: '/api/api-keys', schema: schema(apiKeysResponseSchema) }),
      providesTags: ['ApiKeys'],
    }),
    /** The answer holds the key: shown once by the component, never kept in the cache of a query. */
    createApiKey: build.mutation<CreateApiKeyResponse, { name: string }>({
      query: (body) => ({ url: '/api/api-keys', method: 'POST', data: body, schema: schema(createApiKeyResponseSchema) }),
      invalidatesTags: ['ApiKeys'],
    }),
    revokeApiKey: build.mutation<SuccessResponse, string>({
      query: (id) => ({ url: `/api/api-keys/${encodeURIComponent(id)}`, method: 'DELETE', schema: schema(successResponseSchema) }),
      invalidatesTags: ['ApiKeys'],
    }),
  }),
});

export const { useGetApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeysApi;
