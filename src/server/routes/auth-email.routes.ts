import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  emailStatusResponseSchema,
  resetPasswordRequestSchema,
  resetPasswordSchema,
  undoEmailChangeRequestSchema,
  undoEmailChangeResponseSchema,
  verifyEmailResponseSchema,
  verifyEmailSchema,
} from '@shared/api/auth';
import { successResponseSchema } from '@shared/api/common';

import { callerOf } from '../plugins/auth';
import { RESET_REQUESTED_MESSAGE } from '../services/password-reset.service';
import { ignoreJsonBody, limitPerIp } from './request-helpers';

/** The mailed links: e-mail verification and password reset. */
export const authEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/verify-email',
    {
      onRequest: limitPerIp(app, 'verify-email', 'tokenPerIp'),
      schema: {
        operationId: 'verifyEmail',
        security: [],
        tags: ['auth'],
        summary: 'Complete a mailed verification link',
        body: verifyEmailSchema,
        response: { 200: verifyEmailResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await app.services.emailVerification.verify(request.body.token)) }),
  );

  app.post(
    '/api/auth/undo-email-change',
    {
      onRequest: limitPerIp(app, 'undo-email-change', 'tokenPerIp'),
      schema: {
        operationId: 'undoEmailChange',
        'x-errors': [409],
        security: [],
        tags: ['auth'],
        summary: 'The link mailed to the old address after an e-mail change: put it back, sign out everywhere, clear the password',
        body: undoEmailChangeRequestSchema,
        response: { 200: undoEmailChangeResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await app.services.emailChange.undo(request.body.token)) }),
  );

  app.get(
    '/api/auth/email-status',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'getEmailStatus',
        tags: ['auth'],
        summary: "The signed-in user's address and whether it is verified",
        security: [{ bearer: [] }],
        response: { 200: emailStatusResponseSchema },
      },
    },
    async (request) => {
      const { user } = callerOf(request);
      return { email: user.email, isEmailVerified: user.isEmailVerified };
    },
  );

  app.post(
    '/api/auth/reset-password-request',
    {
      onRequest: limitPerIp(app, 'reset-password-request'),
      schema: {
        operationId: 'requestPasswordReset',
        security: [],
        tags: ['auth'],
        summary: 'Mail a password reset link (answers the same whether or not the account exists)',
        body: resetPasswordRequestSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await app.services.passwordReset.request(request.body.email);
      return { success: true as const, message: RESET_REQUESTED_MESSAGE };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      onRequest: limitPerIp(app, 'reset-password'),
      schema: {
        operationId: 'resetPassword',
        security: [],
        tags: ['auth'],
        summary: 'Complete a mailed reset link with a new password',
        body: resetPasswordSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await app.services.passwordReset.reset(request.body.token, request.body.newPassword);
      return { success: true as const, message: 'Your password has been changed. Sign in with your new password.' };
    },
  );

  await app.register(async (scope) => {
    ignoreJsonBody(scope);
    scope.post(
      '/api/auth/resend-verification',
      {
        onRequest: [limitPerIp(app, 'resend-verification'), (request) => app.authenticate(request)],
        schema: {
          operationId: 'resendVerification',
          tags: ['auth'],
          summary: 'Mail a new verification link to the signed-in user',
          security: [{ bearer: [] }],
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await app.services.emailVerification.resend(callerOf(request).userId);
        return { success: true as const, message: 'Verification email sent successfully' };
      },
    );
  });
};
