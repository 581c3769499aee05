import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { successResponseSchema } from '@shared/api/common';
import {
  importListRequestSchema,
  importListResponseSchema,
  importPreviewRequestSchema,
  importPreviewSchema,
} from '@shared/api/list-import';
import {
  addListItemRequestSchema,
  createListRequestSchema,
  exportListQuerySchema,
  listDetailSchema,
  listIdParamsSchema,
  listItemParamsSchema,
  listItemSchema,
  listItemsResponseSchema,
  listsResponseSchema,
  pinListItemRequestSchema,
  renameListRequestSchema,
  reorderListItemsRequestSchema,
  reorderListItemsResponseSchema,
} from '@shared/api/lists';

import { callerOf } from '../plugins/auth';
import { fastSerializerCompiler } from '../plugins/fast-serializer';

const tags = ['lists'];
const security = [{ bearer: [] }];

/** The signed-in user's app lists. Another user's list answers 404. */
export const listRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticateHook);

  app.get(
    '/api/lists',
    { schema: { operationId: 'listLists', tags, summary: 'Your lists, oldest first', security, response: { 200: listsResponseSchema } } },
    async (request) => app.services.lists.lists(callerOf(request).userId),
  );

  app.post(
    '/api/lists',
    {
      schema: {
        operationId: 'createList',
        tags,
        summary: 'Create a list (LIST_LIMIT_REACHED past the plan)',
        security,
        body: createListRequestSchema,
        response: { 201: listDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await app.services.lists.create(callerOf(request).userId, request.body.name)),
  );

  app.post(
    '/api/lists/import/preview',
    {
      schema: {
        operationId: 'previewListImport',
        tags,
        summary: 'What importing a file would add and show back, creating nothing (LIST_LIMIT_REACHED past the plan)',
        security,
        body: importPreviewRequestSchema,
        response: { 200: importPreviewSchema },
      },
      bodyLimit: 600 * 1024,
    },
    async (request) => app.services.listTransfer.preview(callerOf(request).userId, request.body),
  );

  app.post(
    '/api/lists/import',
    {
      schema: {
        operationId: 'importList',
        tags,
        summary:
          'Create a list from a winget export, a Brewfile or one app per line; a file over the per-list limit needs `split` or `keep` (LIST_APP_LIMIT_REACHED)',
        security,
        body: importListRequestSchema,
        response: { 201: importListResponseSchema },
      },
      // A file of up to 512 KB, as JSON.
      bodyLimit: 600 * 1024,
    },
    async (request, reply) => reply.status(201).send(await app.services.listTransfer.import(callerOf(request).userId, request.body)),
  );

  app.put(
    '/api/lists/:id',
    {
      schema: {
        operationId: 'renameList',
        tags,
        summary: 'Rename a list',
        security,
        params: listIdParamsSchema,
        body: renameListRequestSchema,
        response: { 200: listDetailSchema },
      },
    },
    async (request) => app.services.lists.rename(callerOf(request).userId, request.params.id, request.body.name),
  );

  app.delete(
    '/api/lists/:id',
    {
      schema: {
        operationId: 'deleteList',
        tags,
        summary: 'Delete a list',
        security,
        params: listIdParamsSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await app.services.lists.delete(callerOf(request).userId, request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/lists/:id/items',
    {
      schema: {
        operationId: 'listListItems',
        tags,
        summary: "A list's apps, in order",
        security,
        params: listIdParamsSchema,
        response: { 200: listItemsResponseSchema },
      },
      // A hot read (every list page): its answer is written by a precompiled writer.
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) => ({ items: await app.services.lists.items(callerOf(request).userId, request.params.id) }),
  );

  app.post(
    '/api/lists/:id/items',
    {
      schema: {
        operationId: 'addListItem',
        'x-errors': [409],
        tags,
        summary: 'Add an app at the end (LIST_APP_LIMIT_REACHED past the plan)',
        security,
        params: listIdParamsSchema,
        body: addListItemRequestSchema,
        response: { 201: listItemSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await app.services.lists.addItem(callerOf(request).userId, request.params.id, request.body.appId)),
  );

  app.put(
    '/api/lists/:id/items',
    {
      schema: {
        operationId: 'reorderListItems',
        tags,
        summary: "Reorder: appIds must be exactly the list's apps in the new order",
        security,
        params: listIdParamsSchema,
        body: reorderListItemsRequestSchema,
        response: { 200: reorderListItemsResponseSchema },
      },
    },
    async (request) => ({ appIds: await app.services.lists.reorder(callerOf(request).userId, request.params.id, request.body.appIds) }),
  );

  app.put(
    '/api/lists/:id/items/:appId/pin',
    {
      schema: {
        operationId: 'pinListItem',
        tags,
        summary: 'Pin an app of the list at a version: installs ask for it, updates skip the app',
        security,
        params: listItemParamsSchema,
        body: pinListItemRequestSchema,
        response: { 200: listItemSchema },
      },
    },
    async (request) => app.services.lists.setPin(callerOf(request).userId, request.params.id, request.params.appId, request.body.version),
  );

  app.delete(
    '/api/lists/:id/items/:appId/pin',
    {
      schema: {
        operationId: 'unpinListItem',
        tags,
        summary: "Clear an app's pin: updates move it again",
        security,
        params: listItemParamsSchema,
        response: { 200: listItemSchema },
      },
    },
    async (request) => app.services.lists.setPin(callerOf(request).userId, request.params.id, request.params.appId, null),
  );

  app.delete(
    '/api/lists/:id/items/:appId',
    {
      schema: {
        operationId: 'removeListItem',
        tags,
        summary: 'Remove an app from a list',
        security,
        params: listItemParamsSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await app.services.lists.removeItem(callerOf(request).userId, request.params.id, request.params.appId);
      return { success: true as const };
    },
  );

  app.get(
    '/api/lists/:id/export',
    {
      schema: {
        operationId: 'exportList',
        tags,
        summary: 'Download the list as a winget import file, a Brewfile or a text file',
        security,
        params: listIdParamsSchema,
        querystring: exportListQuerySchema,
        produces: ['application/json', 'text/plain'],
      },
    },
    async (request, reply) => {
      const { format, platform } = request.query;
      const file = await app.services.listTransfer.export(callerOf(request).userId, request.params.id, format, platform);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
};
