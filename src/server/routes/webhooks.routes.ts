import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

import { successResponseSchema } from '@shared/api/common';
import {
  createWebhookRequestSchema,
  updateWebhookRequestSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointSchema,
  webhookParamsSchema,
  webhooksResponseSchema,
  webhookWithSecretSchema,
} from '@shared/api/webhooks';

import { callerOf } from '../plugins/auth';
import { ignoreJsonBody } from './request-helpers';

const tags = ['webhooks'];
const security = [{ bearer: [] }];

/**
 * Outgoing webhooks (Premium; PLAN_FEATURE_REQUIRED otherwise, except deleting): endpoints,
 * their signing secrets, the delivery log, test events and replays. Another user's endpoint
 * or delivery answers 404. Calls that show a signing secret need a signed-in session.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhookEndpoints, webhookDeliveries } = app.services;

  app.get(
    '/api/webhooks',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'listWebhooks',
        tags,
        summary: 'Your webhook endpoints, oldest first, each with its last delivery (never the signing secret)',
        security,
        response: { 200: webhooksResponseSchema },
      },
    },
    async (request) => ({ endpoints: await webhookEndpoints.list(callerOf(request).userId) }),
  );

  app.post(
    '/api/webhooks',
    {
      onRequest: (request) => app.requireSession(request),
      schema: {
        operationId: 'createWebhook',
        tags,
        summary:
          'Add an endpoint: a public HTTPS address (checked after DNS) and the events it gets (at most 10 endpoints). The answer is the only time its signing secret is shown',
        security,
        body: createWebhookRequestSchema,
        response: { 201: webhookWithSecretSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await webhookEndpoints.create(callerOf(request).userId, request.body)),
  );

  app.get(
    '/api/webhooks/:id',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'getWebhook',
        tags,
        summary: 'One endpoint',
        security,
        params: webhookParamsSchema,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => webhookEndpoints.get(callerOf(request).userId, request.params.id),
  );

  app.patch(
    '/api/webhooks/:id',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'updateWebhook',
        tags,
        summary: 'Change its address, description or events, or turn it off or on (turned on, its failures are forgotten)',
        security,
        params: webhookParamsSchema,
        body: updateWebhookRequestSchema,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => webhookEndpoints.update(callerOf(request).userId, request.params.id, request.body),
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: "The endpoint's deliveries, newest first, kept 30 days",
        security,
        params: webhookParamsSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveriesResponseSchema },
      },
    },
    async (request) => webhookDeliveries.log(callerOf(request).userId, request.params.id, request.query.offset, request.query.limit),
  );

  app.get(
    '/api/webhooks/:id/deliveries/:deliveryId',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'getWebhookDelivery',
        tags,
        summary: 'One delivery: the body as sent and every attempt with what the endpoint answered',
        security,
        params: webhookDeliveryParamsSchema,
        response: { 200: webhookDeliveryDetailSchema },
      },
    },
    async (request) => webhookDeliveries.detail(callerOf(request).userId, request.params.id, request.params.deliveryId),
  );

  // The calls without a body: a client may still send an empty JSON one.
  await app.register(async (plain) => {
    ignoreJsonBody(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();

    scope.delete(
      '/api/webhooks/:id',
      {
        onRequest: (request) => app.authenticate(request),
        schema: {
          operationId: 'deleteWebhook',
          tags,
          summary: 'Delete an endpoint with its delivery log; nothing more is sent to it',
          security,
          params: webhookParamsSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await webhookEndpoints.remove(callerOf(request).userId, request.params.id);
        return { success: true as const };
      },
    );

    scope.post(
      '/api/webhooks/:id/secret',
      {
        onRequest: (request) => app.requireSession(request),
        schema: {
          operationId: 'rollWebhookSecret',
          tags,
          summary: 'A new signing secret, shown this once; the old one signs nothing from now on',
          security,
          params: webhookParamsSchema,
          response: { 200: webhookWithSecretSchema },
        },
      },
      async (request) => webhookEndpoints.rollSecret(callerOf(request).userId, request.params.id),
    );

    scope.post(
      '/api/webhooks/:id/test',
      {
        onRequest: (request) => app.authenticate(request),
        schema: {
          operationId: 'sendWebhookTest',
          tags,
          summary: 'Send a ping event to the endpoint now (WEBHOOK_DISABLED when it is off)',
          security,
          params: webhookParamsSchema,
          response: { 202: webhookDeliveryResponseSchema },
        },
      },
      async (request, reply) =>
        reply.status(202).send({ delivery: await webhookDeliveries.sendTest(callerOf(request).userId, request.params.id) }),
    );

    scope.post(
      '/api/webhooks/:id/deliveries/:deliveryId/replay',
      {
        onRequest: (request) => app.authenticate(request),
        schema: {
          operationId: 'replayWebhookDelivery',
          tags,
          summary: 'Send a delivery again: the same event id and body, signed now, as a new delivery',
          security,
          params: webhookDeliveryParamsSchema,
          response: { 202: webhookDeliveryResponseSchema },
        },
      },
      async (request, reply) =>
        reply.status(202).send({
          delivery: await webhookDeliveries.replay(callerOf(request).userId, request.params.id, request.params.deliveryId),
        }),
    );
  });
};
