import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { idempotencyHeadersSchema } from '@shared/api/common';
import {
  createInstallationRequestSchema,
  installationIdParamsSchema,
  installationItemLogSchema,
  installationItemParamsSchema,
  installationSchema,
  installationsResponseSchema,
  previewRequestSchema,
  previewResponseSchema,
} from '@shared/api/installations';

import { callerOf } from '../plugins/auth';

const tags = ['installations'];
const security = [{ bearer: [] }];

/** Installations of lists onto the signed-in user's machines (docs/architecture.md); another user's answers 404. A device's inventory is in device-inventory.routes.ts, a list's status on the devices in list-status.routes.ts. */
export const installationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', (request) => app.authenticate(request));

  app.post(
    '/api/installations',
    {
      schema: {
        operationId: 'createInstallation',
        'x-errors': [409],
        tags,
        summary: 'Install a list (or some apps) onto devices; header Idempotency-Key makes a retry safe',
        security,
        headers: idempotencyHeadersSchema,
        body: createInstallationRequestSchema,
        response: { 201: installationSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { removalCheckId, confirmName, purge, ...body } = request.body;
      const removal = removalCheckId
        ? await app.services.removalChecks.consent(caller, removalCheckId, body.deviceIds, body.appIds, { confirmName, purge })
        : undefined;
      const installation = await app.services.installations.create(
        caller,
        { ...body, removal },
        request.headers['idempotency-key'] ?? null,
      );
      return reply.status(201).send(installation);
    },
  );

  app.post(
    '/api/installations/preview',
    {
      schema: {
        operationId: 'previewInstallation',
        tags,
        summary: 'What each device would install, skip or not get, before anything is created',
        security,
        body: previewRequestSchema,
        response: { 200: previewResponseSchema },
      },
    },
    async (request) => app.services.installations.preview(callerOf(request).userId, request.body.listId, request.body.deviceIds),
  );

  app.get(
    '/api/installations',
    {
      schema: {
        operationId: 'listInstallations',
        tags,
        summary: 'Your installations, newest first',
        security,
        response: { 200: installationsResponseSchema },
      },
    },
    async (request) => ({ installations: await app.services.installations.list(callerOf(request).userId) }),
  );

  app.get(
    '/api/installations/:id',
    {
      schema: {
        operationId: 'getInstallation',
        tags,
        summary: 'One installation: every device and app',
        security,
        params: installationIdParamsSchema,
        response: { 200: installationSchema },
      },
    },
    async (request) => app.services.installations.get(callerOf(request).userId, request.params.id),
  );

  app.get(
    '/api/installations/:id/items/:itemId/log',
    {
      schema: {
        operationId: 'getInstallationItemLog',
        tags,
        summary: "An app's package-manager output and exit code",
        security,
        params: installationItemParamsSchema,
        response: { 200: installationItemLogSchema },
      },
    },
    async (request) => app.services.installations.itemLog(callerOf(request).userId, request.params.id, request.params.itemId),
  );

  app.post(
    '/api/installations/:id/cancel',
    {
      schema: {
        operationId: 'cancelInstallation',
        tags,
        summary: 'Stop what has not started',
        security,
        params: installationIdParamsSchema,
        response: { 200: installationSchema },
      },
    },
    async (request) => app.services.installations.cancel(callerOf(request).userId, request.params.id),
  );

  app.post(
    '/api/installations/:id/retry',
    {
      schema: {
        operationId: 'retryInstallation',
        tags,
        summary: 'Queue the failed apps again',
        security,
        params: installationIdParamsSchema,
        response: { 200: installationSchema },
      },
    },
    async (request) => app.services.installations.retry(callerOf(request).userId, request.params.id),
  );
};
