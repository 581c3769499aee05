import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { debugRoutesResponseSchema } from '@shared/api/account';

export interface DebugRoutesOptions {
  /** Filled by an onRoute hook in registerRoutes as the routes are added. */
  routes: readonly string[];
}

/** Diagnostics for admins only: a route list helps attackers. */
export const debugRoutes: FastifyPluginAsyncZod<DebugRoutesOptions> = async (app, options) => {
  app.get(
    '/api/debug/routes',
    {
      onRequest: (request) => app.requireAdmin(request),
      schema: {
        operationId: 'debugListRoutes',
        tags: ['debug'],
        summary: 'Every API route (admins only)',
        security: [{ bearer: [] }],
        response: { 200: debugRoutesResponseSchema },
      },
    },
    async () => ({ routes: [...options.routes].sort() }),
  );
};
