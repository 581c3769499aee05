import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { feedbackRequestSchema, feedbackResponseSchema } from '@shared/api/feedback';

import { callerOf } from '../plugins/auth';

/** Feedback: signed-in users only (the button is shown to them only). */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/feedback',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'sendFeedback',
        tags: ['feedback'],
        summary: 'Send feedback (at most 10 an hour per user)',
        security: [{ bearer: [] }],
        body: feedbackRequestSchema,
        response: { 200: feedbackResponseSchema },
      },
    },
    async (request) => app.services.feedback.submit(callerOf(request).userId, request.body),
  );
};
