import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { idempotencyHeadersSchema } from '@shared/api/common';
import { deviceIdSchema } from '@shared/api/devices';
import {
  createInstallationRequestSchema,
  deviceInventorySchema,
  installationIdParamsSchema,
  installationItemLogSchema,
  installationItemParamsSchema,
  installationSchema,
  installationsResponseSchema,
  inventoryRefreshResponseSchema,
  listStatusSchema,
  listStatusSummarySchema,
  previewRequestSchema,
  previewResponseSchema,
} from '@shared/api/installations';
import { listIdParamsSchema } from '@shared/api/lists';

import { callerOf } from '../plugins/auth';

const tags = ['installations'];
const security = [{ bearer: [] }];

const deviceParamsSchema = z.object({ id: deviceIdSchema });

/** Installations of lists onto the signed-in user's machines (docs/architecture.md); another user's answers 404. */
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

  app.get(
    '/api/lists/status',
    {
      schema: {
        operationId: 'listListStatuses',
        tags,
        summary: 'Each list at a glance: on how many devices, and how many of its apps there are installed, out of date or missing',
        security,
        response: { 200: listStatusSummarySchema },
      },
    },
    async (request) => app.services.listStatus.summary(callerOf(request).userId),
  );

  app.get(
    '/api/lists/:id/status',
    {
      schema: {
        operationId: 'getListStatus',
        tags,
        summary:
          "Per device the list was installed onto: each app installed, out of date, missing or unknown, from the device's last inventory",
        security,
        params: listIdParamsSchema,
        response: { 200: listStatusSchema },
      },
    },
    async (request) => app.services.listStatus.status(callerOf(request).userId, request.params.id),
  );
};
