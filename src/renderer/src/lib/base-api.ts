import { buildCreateApi, coreModule, reactHooksModule, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { AxiosRequestConfig } from 'axios';
import { useDispatch, useStore, type useSelector } from 'react-redux';
import type { ZodType } from 'zod';

import { apiClient } from './api-client';
import { toApiError, type ApiError } from './api-errors';
import { useTransitionSelector } from './transition-selector';

export interface ApiRequest {
  url: string;
  method?: AxiosRequestConfig['method'];
  data?: unknown;
  params?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  /**
   * Loads the shared zod schema of the answer (required: every call has one in src/shared/api);
   * a body that does not match is an error, not data. Loaded on demand so zod stays out of the
   * first route's bundle (docs/decisions.md#performance-budgets).
   */
  schema: () => Promise<ZodType>;
}

/** RTK Query over the one axios instance, so every call gets the same 401 policy. */
const axiosBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiError> = async ({ url, method = 'GET', data, params, headers, schema }) => {
  try {
    const response = await apiClient.request<unknown>({ url, method, data, params, headers });
    const parsed = (await schema()).safeParse(response.data);
    if (parsed.success) return { data: parsed.data };
    return { error: { status: response.status, code: 'INVALID_RESPONSE', message: null } };
  } catch (error) {
    return { error: toApiError(error) };
  }
};

/** The one createApi; features add their endpoints with `baseApi.injectEndpoints`. */
// RTK Query's hooks read the store through useTransitionSelector, so an answer re-renders the page as a transition.
const createApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ hooks: { useDispatch, useSelector: useTransitionSelector as typeof useSelector, useStore } }),
);
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery,
  tagTypes: [
    'Account',
    'Subscription',
    'Payments',
    'Lists',
    'ListItems',
    'Catalogue',
    'Devices',
    'DeviceTokens',
    'AdminUsers',
    'AdminFeedback',
    'AdminStats',
    'CatalogueSyncs',
    'Installations',
    'Inventory',
    'ApiKeys',
    'History',
    'UpdatePolicies',
    'Rollouts',
    'Notifications',
    'NotificationSettings',
    'ListSync',
    'OwnApps',
    'Sharing',
    'Gallery',
    'Groups',
    'Webhooks',
  ],
  endpoints: () => ({}),
});
