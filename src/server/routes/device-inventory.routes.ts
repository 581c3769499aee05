import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { MAX_ROW_ID, successResponseSchema } from '@shared/api/common';
import { deviceIdSchema } from '@shared/api/devices';
import { deviceInventorySchema, inventoryRefreshResponseSchema } from '@shared/api/installations';

import { callerOf } from '../plugins/auth';
import { ignoreJsonBody } from './request-helpers';

// Listed with the installations in the API document: what a device has is what they change.
const tags = ['installations'];
const security = [{ bearer: [] }];

const deviceParamsSchema = z.object({ id: deviceIdSchema });
const deviceAppParamsSchema = z.object({ id: deviceIdSchema, appId: z.coerce.number().int().min(1).max(MAX_ROW_ID) });

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

  // Without a body: a client may still send an empty JSON one.
  await app.register(async (plain) => {
    ignoreJsonBody(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.delete(
      '/api/devices/:id/held-updates/:appId',
      {
        schema: {
          operationId: 'releaseHeldUpdate',
          tags,
          summary:
            'Offer an update again that ran and left the app at its version: the hold goes and the machine is asked for its apps (nothing held: nothing changes)',
          security,
          params: deviceAppParamsSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await app.services.inventory.releaseHeldUpdate(callerOf(request).userId, request.params.id, request.params.appId);
        return { success: true as const };
      },
    );
  });
};
