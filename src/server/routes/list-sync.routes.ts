import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { successResponseSchema } from '@shared/api/common';
import { deviceParamsSchema } from '@shared/api/devices';
import {
  followedListsResponseSchema,
  followListRequestSchema,
  followListResponseSchema,
  listFollowerParamsSchema,
  listFollowersResponseSchema,
} from '@shared/api/list-sync';
import { listIdParamsSchema } from '@shared/api/lists';

import { callerOf } from '../plugins/auth';

const tags = ['lists'];
const security = [{ bearer: [] }];

/** Keep in sync: devices following a list. Another user's list or device answers 404. */
export const listSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', (request) => app.authenticate(request));

  app.get(
    '/api/lists/:id/followers',
    {
      schema: {
        operationId: 'listListFollowers',
        tags,
        summary: 'The devices keeping this list in sync, with their option',
        security,
        params: listIdParamsSchema,
        response: { 200: listFollowersResponseSchema },
      },
    },
    async (request) => app.services.listSync.followers(callerOf(request).userId, request.params.id),
  );

  app.put(
    '/api/lists/:id/followers/:deviceId',
    {
      schema: {
        operationId: 'followList',
        tags,
        summary:
          'Keep an enrolled machine in sync with the list: installs it there now, later additions too, and removals when uninstallRemoved (LIST_READ_ONLY, DEVICE_NOT_ELIGIBLE)',
        security,
        params: listFollowerParamsSchema,
        body: followListRequestSchema,
        response: { 200: followListResponseSchema },
      },
    },
    async (request) =>
      app.services.listSync.follow(callerOf(request), request.params.id, request.params.deviceId, request.body.uninstallRemoved),
  );

  app.delete(
    '/api/lists/:id/followers/:deviceId',
    {
      schema: {
        operationId: 'unfollowList',
        tags,
        summary: 'Stop keeping the machine in sync (nothing is uninstalled)',
        security,
        params: listFollowerParamsSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await app.services.listSync.unfollow(callerOf(request).userId, request.params.id, request.params.deviceId);
      return { success: true as const };
    },
  );

  app.get(
    '/api/devices/:id/followed-lists',
    {
      schema: {
        operationId: 'listFollowedLists',
        tags: ['devices'],
        summary: 'The lists this device keeps in sync with',
        security,
        params: deviceParamsSchema,
        response: { 200: followedListsResponseSchema },
      },
    },
    async (request) => app.services.listSync.followedLists(callerOf(request).userId, request.params.id),
  );
};
