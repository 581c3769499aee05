import {
  ACCOUNT_ACTION_HEADER,
  accountDebugResponseSchema,
  accountResponseSchema,
  updateAccountResponseSchema,
  type AccountResponse,
  type UpdateAccountRequest,
  type UpdateAccountResponse,
} from '@shared/api/account';
import { successResponseSchema, type SuccessResponse } from '@shared/api/common';

import { baseApi } from '../lib/base-api';

// This module loads with the lazy settings screen, so its schemas can be imported directly.
const schema =
  <T>(value: T) =>
  () =>
    Promise.resolve(value);

export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<AccountResponse, void>({
      query: () => ({ url: '/api/account', schema: schema(accountResponseSchema) }),
      providesTags: ['Account'],
    }),
    /** Diagnostic fallback, asked only after GET /api/account failed: says whether the account API answers at all. */
    getAccountDebug: build.query<unknown, void>({
      query: () => ({ url: '/api/account/debug', schema: schema(accountDebugResponseSchema) }),
    }),
    updateAccount: build.mutation<UpdateAccountResponse, UpdateAccountRequest>({
      query: (body) => ({ url: '/api/account', method: 'PUT', data: body, schema: schema(updateAccountResponseSchema) }),
      invalidatesTags: ['Account'],
    }),
    resendVerification: build.mutation<SuccessResponse, void>({
      query: () => ({ url: '/api/auth/resend-verification', method: 'POST', schema: schema(successResponseSchema) }),
    }),
    sendResetLink: build.mutation<SuccessResponse, { email: string }>({
      query: (body) => ({
        url: '/api/auth/reset-password-request',
        method: 'POST',
        data: body,
        schema: schema(successResponseSchema),
      }),
    }),
    deleteAccount: build.mutation<SuccessResponse, { password: string }>({
      query: (body) => ({
        url: '/api/account/delete',
        method: 'POST',
        data: body,
        headers: { [ACCOUNT_ACTION_HEADER]: 'delete' },
        schema: schema(successResponseSchema),
      }),
    }),
  }),
});

export const {
  useGetAccountQuery,
  useLazyGetAccountDebugQuery,
  useUpdateAccountMutation,
  useResendVerificationMutation,
  useSendResetLinkMutation,
  useDeleteAccountMutation,
} = accountApi;
