import type {
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  SandboxAuthenticateRequest,
  SandboxConfirmRequest,
  SandboxConfirmResponse,
  VerifyPaymentRequest,
  VerifyPaymentResponse,
} from '@shared/api/payment';
import type { CancelDowngradeResponse, DowngradeRequest, DowngradeResponse } from '@shared/api/subscription';

import { baseApi } from '../../lib/base-api';

export { subscriptionApi, useGetSubscriptionStatusQuery, useLazyGetSubscriptionStatusQuery } from '../../lib/subscription-api';

const paymentSchemas = () => import('@shared/api/payment');
const subscriptionSchemas = () => import('@shared/api/subscription');

/** Changing plans: scheduling and cancelling a downgrade, and the card payment of an upgrade. */
export const planChangeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
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
  useDowngradeMutation,
  useCancelDowngradeMutation,
  useCreatePaymentIntentMutation,
  useConfirmSandboxPaymentMutation,
  useAuthenticateSandboxPaymentMutation,
  useVerifyPaymentMutation,
} = planChangeApi;
