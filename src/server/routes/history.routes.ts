import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { HISTORY_EXPORT_MAX, historyExportQuerySchema, historyQuerySchema, historyResponseSchema } from '@shared/api/history';

import { callerOf } from '../plugins/auth';

const tags = ['history'];
const security = [{ bearer: [] }];

/** The signed-in user's update history; an API key reads it too. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', (request) => app.authenticate(request));

  app.get(
    '/api/history',
    {
      schema: {
        operationId: 'listHistory',
        tags,
        summary: 'Installs, upgrades and uninstalls on your devices, newest first; filter by device, app, list, kind, outcome and time',
        security,
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request) => app.services.history.list(callerOf(request).userId, request.query),
  );

  app.get(
    '/api/history/export.csv',
    {
      schema: {
        operationId: 'exportHistoryCsv',
        tags,
        summary: `The same history as a CSV file (the same filters; at most ${HISTORY_EXPORT_MAX} rows, newest first)`,
        security,
        querystring: historyExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await app.services.history.exportCsv(callerOf(request).userId, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="loadout-history.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
