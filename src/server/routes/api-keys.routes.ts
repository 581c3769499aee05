import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

import { apiKeyParamsSchema, apiKeysResponseSchema, createApiKeyRequestSchema, createApiKeyResponseSchema } from '@shared/api/api-keys';
import { successResponseSchema } from '@shared/api/common';

import { callerOf } from '../plugins/auth';
import { ignoreJsonBody } from './request-helpers';

const tags = ['api-keys'];
const security = [{ bearer: [] }];

/** Personal API keys (premium only, PLAN_FEATURE_REQUIRED otherwise). */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { apiKeys } = app.services;

  app.get(
    '/api/api-keys',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'listApiKeys',
        tags,
        summary: 'Your live API keys, newest first (never the keys themselves: the last four characters and when each was last used)',
        security,
        response: { 200: apiKeysResponseSchema },
      },
    },
    async (request) => ({ apiKeys: await apiKeys.list(callerOf(request).userId) }),
  );

  app.post(
    '/api/api-keys',
    {
      // A key must not mint more keys: only a signed-in session may create one.
      onRequest: (request) => app.requireSession(request),
      schema: {
        operationId: 'createApiKey',
        tags,
        summary: 'Create an API key (Premium; at most 10). The answer is the only time the key is shown',
        security,
        body: createApiKeyRequestSchema,
        response: { 201: createApiKeyResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await apiKeys.create(callerOf(request).userId, request.body.name)),
  );

  await app.register(async (plain) => {
    ignoreJsonBody(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.delete(
      '/api/api-keys/:id',
      {
        onRequest: (request) => app.authenticate(request),
        schema: {
          operationId: 'revokeApiKey',
          tags,
          summary: 'Revoke an API key: it stops working at once',
          security,
          params: apiKeyParamsSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await apiKeys.revoke(callerOf(request).userId, request.params.id);
        return { success: true as const };
      },
    );
  });
};
