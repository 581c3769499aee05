import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

import { listDetailSchema, listIdParamsSchema } from '@shared/api/lists';
import {
  galleryQuerySchema,
  galleryResponseSchema,
  setSharingRequestSchema,
  sharedListSchema,
  shareIdParamsSchema,
  sharingSchema,
} from '@shared/api/shared-lists';

import { callerOf } from '../plugins/auth';
import { ignoreJsonBody, limitPerIp } from './request-helpers';

const tags = ['shared-lists'];
const security = [{ bearer: [] }];

/**
 * Shared lists (docs/decisions.md, "Shared lists"). The owner sets who sees a list; the shared
 * page and the gallery need no sign-in and are limited per IP like other token lookups (a share
 * id is 256 random bits, but guessing still costs the server); copying needs a signed-in user.
 */
export const sharedListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sharedLists } = app.services;

  app.get(
    '/api/lists/:id/sharing',
    {
      onRequest: app.authenticateHook,
      schema: {
        operationId: 'getListSharing',
        tags,
        summary: 'Who may see your list, its link and how many copies were made',
        security,
        params: listIdParamsSchema,
        response: { 200: sharingSchema },
      },
    },
    async (request) => sharedLists.sharing(callerOf(request).userId, request.params.id),
  );

  app.put(
    '/api/lists/:id/sharing',
    {
      onRequest: app.authenticateHook,
      schema: {
        operationId: 'updateListSharing',
        tags,
        summary: 'Make your list private, unlisted (anyone with the link) or public (also in the gallery)',
        security,
        params: listIdParamsSchema,
        body: setSharingRequestSchema,
        response: { 200: sharingSchema },
      },
    },
    async (request) => sharedLists.setSharing(callerOf(request).userId, request.params.id, request.body),
  );

  app.get(
    '/api/shared-lists/:shareId',
    {
      onRequest: limitPerIp(app, 'shared-list', 'tokenPerIp'),
      schema: {
        operationId: 'getSharedList',
        security: [],
        tags,
        summary: 'A shared list by its link, signed in or not (SHARED_LIST_NOT_FOUND for private, unknown or malformed ids alike)',
        params: shareIdParamsSchema,
        response: { 200: sharedListSchema },
      },
    },
    async (request) => sharedLists.read(request.params.shareId),
  );

  app.get(
    '/api/gallery',
    {
      onRequest: limitPerIp(app, 'gallery', 'tokenPerIp'),
      schema: {
        operationId: 'listGallery',
        security: [],
        tags,
        summary: 'Public lists, newest or most copied first, a page at a time',
        querystring: galleryQuerySchema,
        response: { 200: galleryResponseSchema },
      },
    },
    async (request) => sharedLists.gallery(request.query),
  );

  // Copying takes no body: some clients still send an empty JSON one.
  await app.register(async (plain) => {
    ignoreJsonBody(plain);
    plain.withTypeProvider<ZodTypeProvider>().post(
      '/api/shared-lists/:shareId/copy',
      {
        onRequest: [app.authenticateHook, limitPerIp(app, 'shared-list-copy', 'tokenPerIp')],
        schema: {
          operationId: 'copySharedList',
          tags,
          summary: 'Copy a shared list into your lists (LIST_LIMIT_REACHED, LIST_APP_LIMIT_REACHED past your plan)',
          security,
          params: shareIdParamsSchema,
          response: { 201: listDetailSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await sharedLists.copy(callerOf(request).userId, request.params.shareId)),
    );
  });
};
