import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  cancelDowngradeResponseSchema,
  downgradeRequestSchema,
  downgradeResponseSchema,
  subscriptionStatusResponseSchema,
  subscriptionTestResponseSchema,
  upgradeRequestSchema,
  upgradeResponseSchema,
} from '@shared/api/subscription';

import { callerOf } from '../plugins/auth';

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/subscription/status',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'getSubscription',
        tags: ['subscription'],
        summary: "The signed-in user's current plan",
        security: [{ bearer: [] }],
        response: { 200: subscriptionStatusResponseSchema },
      },
    },
    async (request) => ({ currentPlan: await app.services.subscription.currentPlan(callerOf(request).userId) }),
  );

  app.get(
    '/api/subscription/test',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'getSubscriptionFallback',
        tags: ['subscription'],
        summary: "The web app's fallback for the status call: the same answer",
        security: [{ bearer: [] }],
        response: { 200: subscriptionTestResponseSchema },
      },
    },
    async (request) => ({ currentPlan: await app.services.subscription.currentPlan(callerOf(request).userId) }),
  );

  app.post(
    '/api/subscription/upgrade',
    {
      onRequest: (request) => app.requireSession(request),
      schema: {
        operationId: 'upgradeSubscription',
        tags: ['subscription'],
        summary: 'Check an upgrade and learn what to pay; the plan changes at POST /api/payment/verify',
        security: [{ bearer: [] }],
        body: upgradeRequestSchema,
        response: { 200: upgradeResponseSchema },
      },
    },
    async (request) => app.services.subscription.upgrade(callerOf(request).userId, request.body.plan),
  );

  app.post(
    '/api/subscription/downgrade',
    {
      onRequest: (request) => app.requireSession(request),
      schema: {
        operationId: 'downgradeSubscription',
        tags: ['subscription'],
        summary: 'Schedule a lower plan for the end of the paid period (validUntil)',
        security: [{ bearer: [] }],
        body: downgradeRequestSchema,
        response: { 200: downgradeResponseSchema },
      },
    },
    async (request) => app.services.subscription.downgrade(callerOf(request).userId, request.body.targetPlan),
  );

  app.post(
    '/api/subscription/cancel-downgrade',
    {
      onRequest: (request) => app.requireSession(request),
      schema: {
        operationId: 'cancelDowngrade',
        'x-errors': [409],
        tags: ['subscription'],
        summary: 'Cancel a scheduled downgrade: the plan stays as it is',
        security: [{ bearer: [] }],
        response: { 200: cancelDowngradeResponseSchema },
      },
    },
    async (request) => app.services.subscription.cancelDowngrade(callerOf(request).userId),
  );
};
