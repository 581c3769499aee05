import type {
  GoogleLoginRequest,
  GoogleLoginResponse,
  LoginRequest,
  RegisterRequest,
  RegisterResponse,
  ResetPassword,
  SessionResponse,
  UndoEmailChangeRequest,
  UndoEmailChangeResponse,
  VerifyEmailResponse,
} from '@shared/api/auth';
import type { SuccessResponse } from '@shared/api/common';

import { baseApi } from '../lib/base-api';

// Schemas load on first use: the sign-in screen is part of the first route, which has a size budget (docs/decisions.md#performance-budgets).
const auth = () => import('@shared/api/auth');
const common = () => import('@shared/api/common');

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<SessionResponse, LoginRequest>({
      query: (body) => ({
        url: '/api/auth/login',
        method: 'POST',
        data: body,
        schema: () => auth().then((m) => m.loginResponseSchema),
      }),
    }),
    /** Answers 202 with no session, whether or not the address had an account: sign in next. */
    register: build.mutation<RegisterResponse, RegisterRequest>({
      query: (body) => ({
        url: '/api/auth/register',
        method: 'POST',
        data: body,
        schema: () => auth().then((m) => m.registerResponseSchema),
      }),
    }),
    googleLogin: build.mutation<GoogleLoginResponse, GoogleLoginRequest>({
      query: (body) => ({
        url: '/api/auth/google-login',
        method: 'POST',
        data: body,
        schema: () => auth().then((m) => m.googleLoginResponseSchema),
      }),
    }),
    requestPasswordReset: build.mutation<SuccessResponse, { email: string }>({
      query: (body) => ({
        url: '/api/auth/reset-password-request',
        method: 'POST',
        data: body,
        schema: () => common().then((m) => m.successResponseSchema),
      }),
    }),
    resetPassword: build.mutation<SuccessResponse, ResetPassword>({
      query: (body) => ({
        url: '/api/auth/reset-password',
        method: 'POST',
        data: body,
        schema: () => common().then((m) => m.successResponseSchema),
      }),
    }),
    verifyEmail: build.mutation<VerifyEmailResponse, { token: string }>({
      query: (body) => ({
        url: '/api/auth/verify-email',
        method: 'POST',
        data: body,
        schema: () => auth().then((m) => m.verifyEmailResponseSchema),
      }),
      // The link may also have moved the account to a new address: settings must ask again.
      invalidatesTags: ['Account'],
    }),
    /** The link mailed to the old address after an e-mail change; signs out every session. */
    undoEmailChange: build.mutation<UndoEmailChangeResponse, UndoEmailChangeRequest>({
      query: (body) => ({
        url: '/api/auth/undo-email-change',
        method: 'POST',
        data: body,
        schema: () => auth().then((m) => m.undoEmailChangeResponseSchema),
      }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useGoogleLoginMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
  useUndoEmailChangeMutation,
} = authApi;
