import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { deviceParamsSchema } from '@shared/api/devices';
import { deviceCheckInsResponseSchema } from '@shared/api/monitoring';

import { callerOf } from '../plugins/auth';

const tags = ['monitoring'];
const security = [{ bearer: [] }];

/** Advanced monitoring (Premium): a machine's check-ins over time. */
export const monitoringRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', (request) => app.authenticate(request));

  app.get(
    '/api/devices/:id/check-ins',
    {
      schema: {
        operationId: 'listDeviceCheckIns',
        tags,
        summary: "A machine's check-ins, newest first: its agent connecting and its inventories with the versions that changed (Premium)",
        security,
        params: deviceParamsSchema,
        response: { 200: deviceCheckInsResponseSchema },
      },
    },
    async (request) => app.services.monitoring.checkIns(callerOf(request).userId, request.params.id),
  );
};
