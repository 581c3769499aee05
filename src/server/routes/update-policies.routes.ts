import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

import { successResponseSchema } from '@shared/api/common';
import { deviceParamsSchema } from '@shared/api/devices';
import {
  createPolicyRequestSchema,
  devicePolicyResponseSchema,
  policyParamsSchema,
  rolloutParamsSchema,
  rolloutsResponseSchema,
  updatePoliciesResponseSchema,
  updatePolicyRequestSchema,
  updatePolicySchema,
} from '@shared/api/update-policies';

import { callerOf } from '../plugins/auth';
import { ignoreJsonBody } from './request-helpers';

const tags = ['update policies'];
const security = [{ bearer: [] }];

/** Update policies (creating and changing them is Premium, a group's Annual Premium; PLAN_FEATURE_REQUIRED otherwise). */
export const updatePolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { updatePolicies, rollouts } = app.services;

  app.get(
    '/api/update-policies',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'listUpdatePolicies',
        tags,
        summary: 'Your update policies with their next window (also after a downgrade, when they no longer run)',
        security,
        response: { 200: updatePoliciesResponseSchema },
      },
    },
    async (request) => ({ policies: await updatePolicies.list(callerOf(request).userId) }),
  );

  app.post(
    '/api/update-policies',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'createUpdatePolicy',
        'x-errors': [409],
        tags,
        summary:
          "Make the update policy of your account, a group, a machine or a list (Premium): what updates by itself, in a daily or weekly window on each machine's clock",
        security,
        body: createPolicyRequestSchema,
        response: { 201: updatePolicySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await updatePolicies.create(callerOf(request).userId, request.body)),
  );

  app.put(
    '/api/update-policies/:id',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'updateUpdatePolicy',
        tags,
        summary: 'Change what a policy updates and when, or turn it off (Premium)',
        security,
        params: policyParamsSchema,
        body: updatePolicyRequestSchema,
        response: { 200: updatePolicySchema },
      },
    },
    async (request) => updatePolicies.update(callerOf(request).userId, request.params.id, request.body),
  );

  app.get(
    '/api/devices/:id/update-policy',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'getDeviceUpdatePolicy',
        tags,
        summary: "The policy that decides this machine's updates and why, with its next window on the machine's clock",
        security,
        params: deviceParamsSchema,
        response: { 200: devicePolicyResponseSchema },
      },
    },
    async (request) => updatePolicies.ofDevice(callerOf(request).userId, request.params.id),
  );

  app.get(
    '/api/rollouts',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'listRollouts',
        tags,
        summary: "Your policies' rollouts, newest first: each new version's rings, what came of it in each, and the machines that failed",
        security,
        response: { 200: rolloutsResponseSchema },
      },
    },
    async (request) => ({ rollouts: await rollouts.list(callerOf(request).userId) }),
  );

  await app.register(async (plain) => {
    ignoreJsonBody(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.post(
      '/api/rollouts/:id/resume',
      {
        onRequest: (request) => app.authenticate(request),
        schema: {
          operationId: 'resumeRollout',
          'x-errors': [409],
          tags,
          summary: 'Go on with a stopped rollout: its next ring opens now',
          security,
          params: rolloutParamsSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await rollouts.resume(callerOf(request).userId, request.params.id);
        return { success: true as const };
      },
    );
    scope.post(
      '/api/rollouts/:id/cancel',
      {
        onRequest: (request) => app.authenticate(request),
        schema: {
          operationId: 'cancelRollout',
          'x-errors': [409],
          tags,
          summary: 'Cancel a rollout: no more machines get this version through its policy',
          security,
          params: rolloutParamsSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await rollouts.cancel(callerOf(request).userId, request.params.id);
        return { success: true as const };
      },
    );
    scope.delete(
      '/api/update-policies/:id',
      {
        onRequest: (request) => app.authenticate(request),
        schema: {
          operationId: 'deleteUpdatePolicy',
          tags,
          summary: 'Delete a policy',
          security,
          params: policyParamsSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await updatePolicies.remove(callerOf(request).userId, request.params.id);
        return { success: true as const };
      },
    );
  });
};
