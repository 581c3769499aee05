import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { createDeviceSearchRequestSchema, deviceSearchParamsSchema, deviceSearchSchema } from '@shared/api/device-searches';
import { deviceParamsSchema } from '@shared/api/devices';

import { callerOf } from '../plugins/auth';

const tags = ['devices'];
const security = [{ bearer: [] }];

/** Searching a machine: its agent searches the package managers it has, and answers manager by manager. */
export const deviceSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', (request) => app.authenticate(request));

  app.post(
    '/api/devices/:id/searches',
    {
      schema: {
        operationId: 'createDeviceSearch',
        'x-errors': [409],
        tags,
        summary:
          "Search the machine's package managers through its agent; a newer search replaces the device's running one (400 bad query or not an enrolled machine, 409 offline, 429 too many)",
        security,
        params: deviceParamsSchema,
        body: createDeviceSearchRequestSchema,
        response: { 202: deviceSearchSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await app.services.deviceSearches.start(callerOf(request), request.params.id, request.body.query)),
  );

  app.get(
    '/api/devices/:id/searches/:searchId',
    {
      schema: {
        operationId: 'getDeviceSearch',
        tags,
        summary: 'What each package manager of the machine found so far, and whether the search is over',
        security,
        params: deviceSearchParamsSchema,
        response: { 200: deviceSearchSchema },
      },
    },
    async (request) => app.services.deviceSearches.get(callerOf(request), request.params.id, request.params.searchId),
  );
};
