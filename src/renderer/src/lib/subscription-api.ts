import type { SubscriptionStatusResponse } from '@shared/api/subscription';

import { baseApi } from './base-api';

/**
 * GET /api/subscription/status. It lives in lib because more than one feature reads the plan
 * (the pricing page, and the lists screen for its limits); features never import each other.
 */
export const subscriptionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSubscriptionStatus: build.query<SubscriptionStatusResponse, void>({
      query: () => ({
        url: '/api/subscription/status',
        schema: () => import('@shared/api/subscription').then((m) => m.subscriptionStatusResponseSchema),
      }),
      providesTags: ['Subscription'],
    }),
  }),
});

export const { useGetSubscriptionStatusQuery } = subscriptionApi;
