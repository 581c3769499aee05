import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

import { successResponseSchema } from '@shared/api/common';
import {
  createScheduleRequestSchema,
  scheduleParamsSchema,
  scheduleSchema,
  schedulesResponseSchema,
  updateScheduleRequestSchema,
} from '@shared/api/schedules';

import { callerOf } from '../plugins/auth';
import { ignoreJsonBody } from './request-helpers';

const tags = ['schedules'];
const security = [{ bearer: [] }];

/** Custom update schedules (creating and changing them is premium, PLAN_FEATURE_REQUIRED otherwise). */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { schedules } = app.services;

  app.get(
    '/api/schedules',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'listSchedules',
        tags,
        summary: 'Your update schedules with their next run (also after a downgrade, when they no longer fire)',
        security,
        response: { 200: schedulesResponseSchema },
      },
    },
    async (request) => ({ schedules: await schedules.list(callerOf(request).userId) }),
  );

  app.post(
    '/api/schedules',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'createSchedule',
        'x-errors': [409],
        tags,
        summary:
          'Schedule the updates of a device or a list (Premium): daily or weekly at a time in a time zone, with an optional maintenance window',
        security,
        body: createScheduleRequestSchema,
        response: { 201: scheduleSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await schedules.create(callerOf(request).userId, request.body)),
  );

  app.put(
    '/api/schedules/:id',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'updateSchedule',
        tags,
        summary: 'Change when a schedule runs, or turn it off (Premium)',
        security,
        params: scheduleParamsSchema,
        body: updateScheduleRequestSchema,
        response: { 200: scheduleSchema },
      },
    },
    async (request) => schedules.update(callerOf(request).userId, request.params.id, request.body),
  );

  await app.register(async (plain) => {
    ignoreJsonBody(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.delete(
      '/api/schedules/:id',
      {
        onRequest: (request) => app.authenticate(request),
        schema: {
          operationId: 'deleteSchedule',
          tags,
          summary: 'Delete a schedule',
          security,
          params: scheduleParamsSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await schedules.remove(callerOf(request).userId, request.params.id);
        return { success: true as const };
      },
    );
  });
};
