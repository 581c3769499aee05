import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { publicConfigSchema } from '@shared/api/auth';
import { healthResponseSchema } from '@shared/api/health';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: healthResponseSchema } } },
    () => app.services.health.status(),
  );

  app.get(
    '/api/config',
    { schema: { tags: ['health'], summary: 'What the web app needs before sign-in', response: { 200: publicConfigSchema } } },
    async () => ({
      googleClientId: app.ctx.config.google.clientId,
      stripePublishableKey: app.ctx.config.stripe.publishableKey,
      version: app.ctx.config.version,
    }),
  );
};
