import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { subscriptionStatusResponseSchema } from '@shared/api/subscription';

import { callerOf } from '../plugins/auth';

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/subscription/status',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        tags: ['subscription'],
        summary: "The signed-in user's current plan",
        security: [{ bearer: [] }],
        response: { 200: subscriptionStatusResponseSchema },
      },
    },
    async (request) => ({ currentPlan: await app.services.subscription.currentPlan(callerOf(request).userId) }),
  );
};
