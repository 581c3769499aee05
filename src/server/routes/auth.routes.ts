import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  googleLoginRequestSchema,
  googleLoginResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  verifyResponseSchema,
} from '@shared/api/auth';
import { successResponseSchema } from '@shared/api/common';

import { callerOf, sessionIdOf } from '../plugins/auth';
import { ignoreJsonBody, limitPerIp, sessionOrigin } from './request-helpers';

/** Sign-up, sign-in (password and Google), token refresh and sign-out. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/register',
    {
      onRequest: limitPerIp(app, 'register'),
      schema: {
        operationId: 'register',
        security: [],
        tags: ['auth'],
        summary: 'Create an account and mail a verification link; answers alike whether or not the address has an account',
        body: registerRequestSchema,
        response: { 202: registerResponseSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await app.services.auth.register(request.body)),
  );

  app.post(
    '/api/auth/login',
    {
      onRequest: limitPerIp(app, 'login'),
      schema: {
        operationId: 'login',
        security: [],
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => app.services.auth.login(request.body, sessionOrigin(request)),
  );

  app.post(
    '/api/auth/google-login',
    {
      onRequest: limitPerIp(app, 'google-login'),
      schema: {
        operationId: 'loginWithGoogle',
        'x-errors': [409],
        security: [],
        tags: ['auth'],
        summary: 'Sign in with a Google ID token',
        body: googleLoginRequestSchema,
        response: { 200: googleLoginResponseSchema },
      },
    },
    async (request) => app.services.googleAuth.login(request.body, sessionOrigin(request)),
  );

  app.post(
    '/api/auth/refresh',
    {
      onRequest: limitPerIp(app, 'refresh', 'tokenPerIp'),
      schema: {
        operationId: 'refreshSession',
        security: [],
        tags: ['auth'],
        summary: 'Trade a refresh token for a new access token and a new refresh token',
        body: refreshRequestSchema,
        response: { 200: refreshResponseSchema },
      },
    },
    async (request) => app.services.sessions.refresh(request.body.refreshToken),
  );

  app.get(
    '/api/auth/verify',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'verifySession',
        tags: ['auth'],
        summary: 'Is this access token still good',
        security: [{ bearer: [] }],
        response: { 200: verifyResponseSchema },
      },
    },
    async (request) => ({ valid: true as const, user: callerOf(request).user }),
  );

  await app.register(async (scope) => {
    ignoreJsonBody(scope);
    scope.post(
      '/api/auth/logout',
      {
        onRequest: (request) => app.authenticate(request),
        schema: {
          operationId: 'logout',
          tags: ['auth'],
          summary: 'End this session: its access and refresh tokens stop working',
          security: [{ bearer: [] }],
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await app.services.sessions.end(sessionIdOf(request), 'logout');
        return { success: true as const };
      },
    );
  });
};
