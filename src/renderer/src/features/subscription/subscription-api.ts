import { subscriptionStatusResponseSchema, type SubscriptionStatusResponse } from '@shared/api/subscription';
import { baseApi } from '../../lib/base-api';

export const subscriptionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSubscriptionStatus: build.query<SubscriptionStatusResponse, void>({
      query: () => ({
        url: '/api/subscription/status',
        schema: () => Promise.resolve(subscriptionStatusResponseSchema),
      }),
      providesTags: ['Subscription'],
    }),
  }),
});

export const { useGetSubscriptionStatusQuery } = subscriptionApi;
