import type { PaymentHistoryResponse } from '@shared/api/payment';
import type { SubscriptionStatusResponse } from '@shared/api/subscription';

import { baseApi, type ApiRequest } from './base-api';

const statusRequest: ApiRequest = {
  url: '/api/subscription/status',
  schema: () => import('@shared/api/subscription').then((m) => m.subscriptionStatusResponseSchema),
};
const testRequest: ApiRequest = {
  url: '/api/subscription/test',
  schema: () => import('@shared/api/subscription').then((m) => m.subscriptionTestResponseSchema),
};

/**
 * The plan, from GET /api/subscription/status with a fallback to /api/subscription/test.
 * When both fail the query fails and each screen treats the account as free (the server still
 * enforces the real limits). It lives in lib because several features read the plan (pricing,
 * lists, settings); features never import each other.
 */
export const subscriptionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSubscriptionStatus: build.query<SubscriptionStatusResponse, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const main = await baseQuery(statusRequest);
        if (!main.error) return { data: main.data as SubscriptionStatusResponse };
        // A lost session is the 401 policy's business; asking another endpoint will not help.
        if (main.error.status === 401) return { error: main.error };
        const fallback = await baseQuery(testRequest);
        if (!fallback.error) return { data: fallback.data as SubscriptionStatusResponse };
        return { error: main.error };
      },
      providesTags: ['Subscription'],
    }),
    /** GET /api/payments: newest first (Settings, "Plan and billing"). */
    getPayments: build.query<PaymentHistoryResponse, void>({
      query: () => ({
        url: '/api/payments',
        schema: () => import('@shared/api/payment').then((m) => m.paymentHistoryResponseSchema),
      }),
      providesTags: ['Payments'],
    }),
  }),
});

export const { useGetSubscriptionStatusQuery, useLazyGetSubscriptionStatusQuery, useGetPaymentsQuery } = subscriptionApi;
