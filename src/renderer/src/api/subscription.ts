import type {
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  PaymentHistoryResponse,
  SandboxAuthenticateRequest,
  SandboxConfirmRequest,
  SandboxConfirmResponse,
  VerifyPaymentRequest,
  VerifyPaymentResponse,
} from '@shared/api/payment';
import type { CancelDowngradeResponse, DowngradeRequest, DowngradeResponse, SubscriptionStatusResponse } from '@shared/api/subscription';

import { baseApi, type ApiRequest } from '../lib/base-api';

const paymentSchemas = () => import('@shared/api/payment');
const subscriptionSchemas = () => import('@shared/api/subscription');

const statusRequest: ApiRequest = {
  url: '/api/subscription/status',
  schema: () => subscriptionSchemas().then((m) => m.subscriptionStatusResponseSchema),
};
const testRequest: ApiRequest = {
  url: '/api/subscription/test',
  schema: () => subscriptionSchemas().then((m) => m.subscriptionTestResponseSchema),
};

/**
 * The plan, from GET /api/subscription/status with a fallback to /api/subscription/test.
 * When both fail the query fails and each screen treats the account as free (the server still
 * enforces the real limits). Changing plans: scheduling and cancelling a downgrade, and the card
 * payment of an upgrade.
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
        schema: () => paymentSchemas().then((m) => m.paymentHistoryResponseSchema),
      }),
      providesTags: ['Payments'],
    }),
    // No invalidation here: the scheduled downgrade shows after a 1 s refresh (pricing-page).
    downgrade: build.mutation<DowngradeResponse, DowngradeRequest>({
      query: (body) => ({
        url: '/api/subscription/downgrade',
        method: 'POST',
        data: body,
        schema: () => subscriptionSchemas().then((m) => m.downgradeResponseSchema),
      }),
    }),
    cancelDowngrade: build.mutation<CancelDowngradeResponse, void>({
      query: () => ({
        url: '/api/subscription/cancel-downgrade',
        method: 'POST',
        data: {},
        schema: () => subscriptionSchemas().then((m) => m.cancelDowngradeResponseSchema),
      }),
      invalidatesTags: ['Subscription'],
    }),
    createPaymentIntent: build.mutation<CreatePaymentIntentResponse, CreatePaymentIntentRequest & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/api/payment/create-payment-intent',
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
        schema: () => paymentSchemas().then((m) => m.createPaymentIntentResponseSchema),
      }),
    }),
    confirmSandboxPayment: build.mutation<SandboxConfirmResponse, SandboxConfirmRequest>({
      query: (body) => ({
        url: '/api/payment/sandbox/confirm',
        method: 'POST',
        data: body,
        schema: () => paymentSchemas().then((m) => m.sandboxConfirmResponseSchema),
      }),
    }),
    authenticateSandboxPayment: build.mutation<SandboxConfirmResponse, SandboxAuthenticateRequest>({
      query: (body) => ({
        url: '/api/payment/sandbox/authenticate',
        method: 'POST',
        data: body,
        schema: () => paymentSchemas().then((m) => m.sandboxConfirmResponseSchema),
      }),
    }),
    verifyPayment: build.mutation<VerifyPaymentResponse, VerifyPaymentRequest & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/api/payment/verify',
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
        schema: () => paymentSchemas().then((m) => m.verifyPaymentResponseSchema),
      }),
      invalidatesTags: ['Subscription', 'Payments'],
    }),
  }),
});

export const {
  useGetSubscriptionStatusQuery,
  useLazyGetSubscriptionStatusQuery,
  useGetPaymentsQuery,
  useDowngradeMutation,
  useCancelDowngradeMutation,
  useCreatePaymentIntentMutation,
  useConfirmSandboxPaymentMutation,
  useAuthenticateSandboxPaymentMutation,
  useVerifyPaymentMutation,
} = subscriptionApi;
