import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  adminFeedbackResponseSchema,
  adminStatsResponseSchema,
  adminUserParamsSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  catalogueSyncRunSchema,
  catalogueSyncRunsResponseSchema,
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

  app.get(
    '/api/admin/catalogue/syncs',
    {
      schema: {
        operationId: 'adminListCatalogueSyncs',
        tags,
        summary: "The latest readings of the package managers' indexes and what each changed in the catalogue, newest first",
        security,
        response: { 200: catalogueSyncRunsResponseSchema },
      },
    },
    async () => ({ runs: await app.services.catalogueSync.runs() }),
  );

  app.post(
    '/api/admin/catalogue/syncs',
    {
      schema: {
        operationId: 'adminSyncCatalogue',
        tags,
        summary: "Reads the package managers' indexes now and applies what changed (a failure is recorded, not thrown)",
        security,
        response: { 200: catalogueSyncRunSchema },
      },
    },
    async () => app.services.catalogueSync.syncNow(),
  );
};
