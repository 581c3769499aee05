import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { publicConfigSchema } from '@shared/api/auth';
import { healthResponseSchema } from '@shared/api/health';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        security: [],
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthResponseSchema },
      },
    },
    () => app.services.health.status(),
  );

  app.get(
    '/api/config',
    {
      schema: {
        operationId: 'getConfig',
        security: [],
        tags: ['health'],
        summary: 'What the web app needs before sign-in',
        response: { 200: publicConfigSchema },
      },
    },
    async () => ({
      googleClientId: app.ctx.config.google.clientId,
      // The payment page shows Stripe's card field only when Stripe takes the payments (a secret key too).
      stripePublishableKey: app.ctx.config.stripe.secretKey ? app.ctx.config.stripe.publishableKey : null,
      version: app.ctx.config.version,
    }),
  );
};
