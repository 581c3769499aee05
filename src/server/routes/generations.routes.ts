import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { deviceParamsSchema } from '@shared/api/devices';
import {
  generationParamsSchema,
  generationSchema,
  generationsResponseSchema,
  rollbackPreviewSchema,
  rollbackRequestSchema,
  rollbackResponseSchema,
} from '@shared/api/generations';

import { callerOf } from '../plugins/auth';

const tags = ['devices'];
const security = [{ bearer: [] }];

/** A machine's generations and rolling back to one (Annual Premium). Another user's machine answers 404. */
export const generationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { generations } = app.services;
  app.addHook('onRequest', (request) => app.authenticate(request));

  app.get(
    '/api/devices/:id/generations',
    {
      schema: {
        operationId: 'listGenerations',
        tags,
        summary: "The machine's generations, newest first: its apps and versions after each change Loadout made, and what changed",
        security,
        params: deviceParamsSchema,
        response: { 200: generationsResponseSchema },
      },
    },
    async (request) => generations.list(callerOf(request).userId, request.params.id),
  );

  app.get(
    '/api/devices/:id/generations/:number',
    {
      schema: {
        operationId: 'getGeneration',
        tags,
        summary: 'One generation with every app and version the machine had after it',
        security,
        params: generationParamsSchema,
        response: { 200: generationSchema },
      },
    },
    async (request) => generations.get(callerOf(request).userId, request.params.id, request.params.number),
  );

  app.post(
    '/api/devices/:id/generations/:number/rollback/preview',
    {
      schema: {
        operationId: 'previewRollback',
        tags,
        summary:
          'What rolling the machine back to this generation would install, change and remove, and what its managers cannot take back',
        security,
        params: generationParamsSchema,
        response: { 200: rollbackPreviewSchema },
      },
    },
    async (request) => generations.preview(callerOf(request).userId, request.params.id, request.params.number),
  );

  app.post(
    '/api/devices/:id/generations/:number/rollback',
    {
      schema: {
        operationId: 'rollBack',
        tags,
        summary: "Roll the machine back to this generation: only the plan's steps for the apps named run",
        security,
        params: generationParamsSchema,
        body: rollbackRequestSchema,
        response: { 200: rollbackResponseSchema },
      },
    },
    async (request) => generations.rollback(callerOf(request), request.params.id, request.params.number, request.body.appIds),
  );
};
