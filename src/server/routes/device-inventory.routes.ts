import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { deviceIdSchema } from '@shared/api/devices';
import { deviceInventorySchema, inventoryRefreshResponseSchema } from '@shared/api/installations';

import { callerOf } from '../plugins/auth';

// Listed with the installations in the API document: what a device has is what they change.
const tags = ['installations'];
const security = [{ bearer: [] }];

const deviceParamsSchema = z.object({ id: deviceIdSchema });

/** What the agent of one of the signed-in user's machines found installed; another user's device answers 404. */
export const deviceInventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', (request) => app.authenticate(request));

  app.get(
    '/api/devices/:id/inventory',
    {
      schema: {
        operationId: 'getDeviceInventory',
        tags,
        summary: "The catalogue apps the device's agent found installed",
        security,
        params: deviceParamsSchema,
        response: { 200: deviceInventorySchema },
      },
    },
    async (request) => app.services.inventory.inventory(callerOf(request).userId, request.params.id),
  );

  app.post(
    '/api/devices/:id/inventory/refresh',
    {
      schema: {
        operationId: 'refreshDeviceInventory',
        'x-errors': [409],
        tags,
        summary:
          '"Check now": ask the connected agent for a fresh inventory (400 not an enrolled machine, 409 offline, 429 asked moments ago)',
        security,
        params: deviceParamsSchema,
        response: { 202: inventoryRefreshResponseSchema },
      },
    },
    async (request, reply) => {
      await app.services.inventory.refresh(callerOf(request).userId, request.params.id);
      return reply.status(202).send({ success: true, requested: true });
    },
  );
};
