import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { deviceParamsSchema } from '@shared/api/devices';
import { createRemovalCheckRequestSchema, removalCheckParamsSchema, removalCheckSchema } from '@shared/api/removal-checks';

import { callerOf } from '../plugins/auth';

const tags = ['installations'];
const security = [{ bearer: [] }];

/** Before an uninstall: ask the machine what the removal would take with it, and read its answer. */
export const removalCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', (request) => app.authenticate(request));

  app.post(
    '/api/devices/:id/removal-checks',
    {
      schema: {
        operationId: 'createRemovalCheck',
        'x-errors': [409],
        tags,
        summary:
          "Ask the machine's agent what uninstalling an app would remove, changing nothing (400 not an enrolled machine, 404 no such app, 409 offline)",
        security,
        params: deviceParamsSchema,
        body: createRemovalCheckRequestSchema,
        response: { 202: removalCheckSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await app.services.removalChecks.start(callerOf(request), request.params.id, request.body.appId)),
  );

  app.get(
    '/api/devices/:id/removal-checks/:checkId',
    {
      schema: {
        operationId: 'getRemovalCheck',
        tags,
        summary: 'The answer to a removal check: every package the uninstall would remove, or why the agent refuses it',
        security,
        params: removalCheckParamsSchema,
        response: { 200: removalCheckSchema },
      },
    },
    async (request) => app.services.removalChecks.get(callerOf(request), request.params.id, request.params.checkId),
  );
};
