import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

import { successResponseSchema } from '@shared/api/common';
import {
  createDeviceTokenRequestSchema,
  createDeviceTokenResponseSchema,
  deviceTokenParamsSchema,
  deviceTokensResponseSchema,
} from '@shared/api/devices';

import { callerOf } from '../plugins/auth';
import { ignoreJsonBody } from './request-helpers';

const tags = ['devices'];
const security = [{ bearer: [] }];

/** Registration tokens: codes that enrol remote machines (docs/decisions.md#devices-and-enrolment). */
export const deviceTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', (request) => app.authenticate(request));
  const { deviceTokens } = app.services;

  app.get(
    '/api/tokens',
    {
      schema: {
        operationId: 'listDeviceTokens',
        tags,
        summary: 'Registration tokens that can still enrol a device',
        security,
        response: { 200: deviceTokensResponseSchema },
      },
    },
    async (request) => ({ tokens: await deviceTokens.list(callerOf(request).userId) }),
  );

  app.post(
    '/api/device-tokens',
    {
      // Only an admin device may: a session's device, which an API key never is.
      onRequest: (request) => app.requireSession(request),
      schema: {
        operationId: 'createDeviceToken',
        'x-errors': [429],
        tags,
        summary: 'Generate a registration token (admin devices; maxUses 1..free seats; 10 per hour)',
        security,
        body: createDeviceTokenRequestSchema,
        response: { 201: createDeviceTokenResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ token: await deviceTokens.create(callerOf(request), request.body.maxUses, request.body.groupId ?? null) }),
  );

  await app.register(async (plain) => {
    ignoreJsonBody(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.delete(
      '/api/device-tokens/:id',
      {
        schema: {
          operationId: 'revokeDeviceToken',
          tags,
          summary: 'Revoke a registration token',
          security,
          params: deviceTokenParamsSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await deviceTokens.revoke(callerOf(request).userId, request.params.id);
        return { success: true as const };
      },
    );
  });
};
