import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  adminFeedbackResponseSchema,
  adminStatsResponseSchema,
  adminUserParamsSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  setAdminRequestSchema,
} from '@shared/api/admin';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** The admin console: admins only, checked on every request. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', (request) => app.requireAdmin(request));

  app.get(
    '/api/admin/users',
    {
      schema: {
        operationId: 'adminListUsers',
        tags,
        summary: 'Users, newest first (at most 100); ?search= matches e-mail or name',
        security,
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema },
      },
    },
    async (request) => app.services.admin.users(request.query.search),
  );

  app.post(
    '/api/admin/users/:id/admin',
    {
      schema: {
        operationId: 'adminSetUserAdmin',
        'x-errors': [409],
        tags,
        summary: 'Grant or revoke admin (LAST_ADMIN: the last admin stays)',
        security,
        params: adminUserParamsSchema,
        body: setAdminRequestSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => app.services.admin.setAdmin(request.params.id, request.body.isAdmin),
  );

  app.get(
    '/api/admin/feedback',
    {
      schema: {
        operationId: 'adminListFeedback',
        tags,
        summary: 'Feedback, newest first',
        security,
        response: { 200: adminFeedbackResponseSchema },
      },
    },
    async () => ({ feedback: await app.services.feedback.list() }),
  );

  app.get(
    '/api/admin/stats',
    {
      schema: {
        operationId: 'adminGetStats',
        tags,
        summary: 'Counts for the console header',
        security,
        response: { 200: adminStatsResponseSchema },
      },
    },
    async () => app.services.admin.stats(),
  );
};
