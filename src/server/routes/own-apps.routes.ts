import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

import { appSchema } from '@shared/api/catalogue';
import { successResponseSchema } from '@shared/api/common';
import {
  adminOwnAppsResponseSchema,
  ownAppParamsSchema,
  ownAppRequestSchema,
  ownAppSchema,
  ownAppsResponseSchema,
  promoteOwnAppRequestSchema,
} from '@shared/api/own-apps';

import { callerOf } from '../plugins/auth';
import { ignoreJsonBody } from './request-helpers';

const tags = ['own-apps'];
const security = [{ bearer: [] }];

/** Your own apps: private to the account; another user's answers APP_NOT_FOUND. */
export const ownAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ownApps } = app.services;

  app.get(
    '/api/own-apps',
    {
      onRequest: (request) => app.authenticate(request),
      schema: { operationId: 'listOwnApps', tags, summary: 'Your own apps, by name', security, response: { 200: ownAppsResponseSchema } },
    },
    async (request) => ({ apps: await ownApps.list(callerOf(request).userId) }),
  );

  app.post(
    '/api/own-apps',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'createOwnApp',
        'x-errors': [409],
        tags,
        summary:
          'Add an app the catalogue lacks (201); OWN_APP_EXISTS when one of yours has one of these package ids (details.appId is that app), OWN_APP_LIMIT_REACHED past the limit',
        security,
        body: ownAppRequestSchema,
        response: { 201: ownAppSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await ownApps.create(callerOf(request).userId, request.body)),
  );

  app.put(
    '/api/own-apps/:id',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'updateOwnApp',
        'x-errors': [409],
        tags,
        summary: 'Change your app’s name and package ids (OWN_APP_EXISTS when another of yours has one of them)',
        security,
        params: ownAppParamsSchema,
        body: ownAppRequestSchema,
        response: { 200: ownAppSchema },
      },
    },
    async (request) => ownApps.update(callerOf(request).userId, request.params.id, request.body),
  );

  app.get(
    '/api/admin/own-apps',
    {
      onRequest: (request) => app.requireAdmin(request),
      schema: {
        operationId: 'adminListOwnApps',
        tags: ['admin'],
        summary: 'Apps users added, newest first (at most 500): name, package ids and how many lists hold each, never who added it',
        security,
        response: { 200: adminOwnAppsResponseSchema },
      },
    },
    async () => ({ apps: await ownApps.adminList() }),
  );

  app.post(
    '/api/admin/own-apps/:id/promote',
    {
      onRequest: (request) => app.requireAdmin(request),
      schema: {
        operationId: 'adminPromoteOwnApp',
        'x-errors': [409],
        tags: ['admin'],
        summary: 'Make a user’s own app a catalogue app for everyone (it stays in the lists that hold it)',
        security,
        params: ownAppParamsSchema,
        body: promoteOwnAppRequestSchema,
        response: { 200: appSchema },
      },
    },
    async (request) => ownApps.promote(request.params.id, request.body),
  );

  await app.register(async (plain) => {
    ignoreJsonBody(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.delete(
      '/api/own-apps/:id',
      {
        onRequest: (request) => app.authenticate(request),
        schema: {
          operationId: 'deleteOwnApp',
          tags,
          summary: 'Delete your app: it leaves your lists too; nothing is uninstalled',
          security,
          params: ownAppParamsSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await ownApps.delete(callerOf(request).userId, request.params.id);
        return { success: true as const };
      },
    );
  });
};
