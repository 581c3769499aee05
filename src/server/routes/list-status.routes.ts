import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { listStatusSchema, listStatusSummarySchema } from '@shared/api/installations';
import { listIdParamsSchema } from '@shared/api/lists';

import { callerOf } from '../plugins/auth';

// Listed with the installations in the API document: a list's status is what its installations left.
const tags = ['installations'];
const security = [{ bearer: [] }];

/** Each of the signed-in user's lists on the devices it was installed onto; another user's list answers 404. */
export const listStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', (request) => app.authenticate(request));

  app.get(
    '/api/lists/status',
    {
      schema: {
        operationId: 'listListStatuses',
        tags,
        summary: 'Each list at a glance: on how many devices, and how many of its apps there are installed, out of date or missing',
        security,
        response: { 200: listStatusSummarySchema },
      },
    },
    async (request) => app.services.listStatus.summary(callerOf(request).userId),
  );

  app.get(
    '/api/lists/:id/status',
    {
      schema: {
        operationId: 'getListStatus',
        tags,
        summary:
          "Per device the list was installed onto: each app installed, out of date, missing or unknown, from the device's last inventory",
        security,
        params: listIdParamsSchema,
        response: { 200: listStatusSchema },
      },
    },
    async (request) => app.services.listStatus.status(callerOf(request).userId, request.params.id),
  );
};
