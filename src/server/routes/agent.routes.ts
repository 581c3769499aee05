import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

import { agentUnenrollResponseSchema } from '@shared/api/agent';
import { deviceSchema, enrollRequestSchema, enrollResponseSchema } from '@shared/api/devices';

import { bearerToken } from '../plugins/auth';
import { ignoreJsonBody, limitPerIp } from './request-helpers';

const tags = ['agent'];

/** What enrolled machines call: enrolment with a registration code, then the device credential. */
export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/devices/enroll',
    {
      onRequest: limitPerIp(app, 'enroll'),
      schema: {
        operationId: 'enrollDevice',
        'x-errors': [409],
        security: [],
        tags,
        summary: 'Enrol this machine with a registration code; answers its credential once',
        body: enrollRequestSchema,
        response: { 201: enrollResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await app.services.deviceTokens.enroll(request.body)),
  );

  app.get(
    '/api/agent/me',
    {
      schema: {
        operationId: 'agentGetDevice',
        tags,
        summary: 'The device behind the credential (Authorization: Bearer <credential>)',
        security: [{ bearer: [] }],
        response: { 200: deviceSchema },
      },
    },
    async (request) => app.services.deviceTokens.authenticateAgent(bearerToken(request)),
  );

  await app.register(async (plain) => {
    ignoreJsonBody(plain);
    plain.withTypeProvider<ZodTypeProvider>().post(
      '/api/agent/unenroll',
      {
        schema: {
          operationId: 'agentUnenroll',
          tags,
          summary: 'The agent leaves: deactivates its machine and retires the credential (Authorization: Bearer <credential>)',
          security: [{ bearer: [] }],
          response: { 200: agentUnenrollResponseSchema },
        },
      },
      async (request) => ({ success: true as const, ...(await app.services.deviceDeactivation.unenroll(bearerToken(request))) }),
    );
  });
};
