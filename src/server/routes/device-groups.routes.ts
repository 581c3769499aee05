import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

import { successResponseSchema } from '@shared/api/common';
import {
  bringBackPreviewSchema,
  bringBackRequestSchema,
  bringBackResponseSchema,
  confirmGroupRemovalRequestSchema,
  confirmGroupRemovalResponseSchema,
  createGroupRequestSchema,
  deviceDriftResponseSchema,
  groupChangeResponseSchema,
  groupDriftQuerySchema,
  groupDriftResponseSchema,
  groupListParamsSchema,
  groupMemberParamsSchema,
  groupParamsSchema,
  groupRemovalParamsSchema,
  groupRemovalSchema,
  groupRemovalsResponseSchema,
  groupSchema,
  groupsResponseSchema,
  updateGroupRequestSchema,
} from '@shared/api/device-groups';
import { deviceParamsSchema } from '@shared/api/devices';

import { callerOf } from '../plugins/auth';
import { ignoreJsonBody } from './request-helpers';

const tags = ['device-groups'];
const security = [{ bearer: [] }];

/**
 * Device groups (Annual Premium; PLAN_FEATURE_REQUIRED for changes otherwise): groups, their
 * machines and lists, drift and bringing machines back in line. Another user's group, list or
 * machine answers 404.
 */
export const deviceGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deviceGroups, drift, bringBack, groupRemovals } = app.services;
  app.addHook('onRequest', (request) => app.authenticate(request));

  app.get(
    '/api/groups',
    {
      schema: {
        operationId: 'listGroups',
        tags,
        summary: 'Your device groups, with their members, lists and drift counts',
        security,
        response: { 200: groupsResponseSchema },
      },
    },
    async (request) => deviceGroups.list(callerOf(request).userId),
  );

  app.post(
    '/api/groups',
    {
      schema: {
        operationId: 'createGroup',
        tags,
        summary: 'Create a device group, with an optional rule whose matching machines join it (GROUP_EXISTS, GROUP_LIMIT_REACHED)',
        security,
        body: createGroupRequestSchema,
        response: { 201: groupSchema },
      },
    },
    async (request, reply) => reply.status(201).send((await deviceGroups.create(callerOf(request), request.body)).group),
  );

  app.get(
    '/api/groups/:id',
    {
      schema: {
        operationId: 'getGroup',
        tags,
        summary: 'A device group with its machines and lists',
        security,
        params: groupParamsSchema,
        response: { 200: groupSchema },
      },
    },
    async (request) => deviceGroups.get(callerOf(request).userId, request.params.id),
  );

  app.patch(
    '/api/groups/:id',
    {
      schema: {
        operationId: 'updateGroup',
        tags,
        summary:
          "Rename a group or change its rule (machines it matches join and get the group's lists; those it brought in and no longer matches leave)",
        security,
        params: groupParamsSchema,
        body: updateGroupRequestSchema,
        response: { 200: groupSchema },
      },
    },
    async (request) => (await deviceGroups.update(callerOf(request), request.params.id, request.body)).group,
  );

  app.get(
    '/api/groups/:id/drift',
    {
      schema: {
        operationId: 'getGroupDrift',
        tags,
        summary:
          "How each member differs from the group's lists (missing, extra, outdated, off its pin), from the inventories already reported",
        security,
        params: groupParamsSchema,
        querystring: groupDriftQuerySchema,
        response: { 200: groupDriftResponseSchema },
      },
    },
    async (request) => {
      // Another user's group: 404 before anything is read.
      await deviceGroups.assertOwned(callerOf(request).userId, request.params.id);
      return drift.ofGroup(callerOf(request).userId, request.params.id, request.query.offset, request.query.limit);
    },
  );

  app.get(
    '/api/devices/:id/drift',
    {
      schema: {
        operationId: 'getDeviceDrift',
        tags,
        summary: "How one machine differs from all its groups' lists",
        security,
        params: deviceParamsSchema,
        response: { 200: deviceDriftResponseSchema },
      },
    },
    async (request) => drift.ofDevice(callerOf(request).userId, request.params.id),
  );

  app.post(
    '/api/groups/:id/bring-back/preview',
    {
      schema: {
        operationId: 'previewBringBack',
        tags,
        summary:
          'What bringing the members (all, or those named) back in line would install and update; extra apps are listed, never removed',
        security,
        params: groupParamsSchema,
        body: bringBackRequestSchema,
        response: { 200: bringBackPreviewSchema },
      },
    },
    async (request) => bringBack.preview(callerOf(request).userId, request.params.id, request.body.deviceIds),
  );

  app.post(
    '/api/groups/:id/bring-back',
    {
      schema: {
        operationId: 'bringBackInLine',
        tags,
        summary:
          'Bring the members (all, or those named) back in line: installs what is missing or off its pin, updates what is out of date',
        security,
        params: groupParamsSchema,
        body: bringBackRequestSchema,
        response: { 200: bringBackResponseSchema },
      },
    },
    async (request) => bringBack.run(callerOf(request), request.params.id, request.body.deviceIds),
  );

  app.get(
    '/api/groups/:id/removals',
    {
      schema: {
        operationId: 'listGroupRemovals',
        tags,
        summary:
          "Apps taken out of the group's lists that its members still have, to confirm or keep: each member's removal check shows what removing takes",
        security,
        params: groupParamsSchema,
        response: { 200: groupRemovalsResponseSchema },
      },
    },
    async (request) => groupRemovals.list(callerOf(request).userId, request.params.id),
  );

  app.post(
    '/api/groups/:id/removals/:removalId/confirm',
    {
      schema: {
        operationId: 'confirmGroupRemoval',
        tags,
        summary:
          'Remove the app from every member whose check answered, exactly as it showed (REMOVAL_NOT_CONFIRMED when none did, or the name is needed)',
        security,
        params: groupRemovalParamsSchema,
        body: confirmGroupRemovalRequestSchema,
        response: { 200: confirmGroupRemovalResponseSchema },
      },
    },
    async (request) => groupRemovals.confirm(callerOf(request), request.params.id, request.params.removalId, request.body.confirmName),
  );

  // The calls without a body: a client may still send an empty JSON one.
  await app.register(async (plain) => {
    ignoreJsonBody(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();

    scope.post(
      '/api/groups/:id/removals/:removalId/check',
      {
        schema: {
          operationId: 'checkGroupRemovalAgain',
          tags,
          summary: "Ask the removal's machines again what removing the app would take (one was offline, or its answer is too old)",
          security,
          params: groupRemovalParamsSchema,
          response: { 200: groupRemovalSchema },
        },
      },
      async (request) => groupRemovals.checkAgain(callerOf(request), request.params.id, request.params.removalId),
    );

    scope.post(
      '/api/groups/:id/removals/:removalId/keep',
      {
        schema: {
          operationId: 'keepGroupRemoval',
          tags,
          summary: 'Keep the app on the machines: nothing is removed, and it shows as extra where no group declares it',
          security,
          params: groupRemovalParamsSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await groupRemovals.keep(callerOf(request), request.params.id, request.params.removalId);
        return { success: true as const };
      },
    );

    scope.delete(
      '/api/groups/:id',
      {
        schema: {
          operationId: 'deleteGroup',
          tags,
          summary: 'Delete a group: its machines keep every app, its tokens enrol into no group',
          security,
          params: groupParamsSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await deviceGroups.remove(callerOf(request), request.params.id);
        return { success: true as const };
      },
    );

    scope.put(
      '/api/groups/:id/members/:deviceId',
      {
        schema: {
          operationId: 'addGroupMember',
          tags,
          summary: "Add an enrolled machine to the group by hand; the group's lists are installed there (DEVICE_NOT_ELIGIBLE)",
          security,
          params: groupMemberParamsSchema,
          response: { 200: groupChangeResponseSchema },
        },
      },
      async (request) => deviceGroups.addMember(callerOf(request), request.params.id, request.params.deviceId),
    );

    scope.delete(
      '/api/groups/:id/members/:deviceId',
      {
        schema: {
          operationId: 'removeGroupMember',
          tags,
          summary: 'Take a machine out of the group (nothing is uninstalled); one the rule matches stays (GROUP_RULE_MEMBER)',
          security,
          params: groupMemberParamsSchema,
          response: { 200: groupSchema },
        },
      },
      async (request) => deviceGroups.removeMember(callerOf(request), request.params.id, request.params.deviceId),
    );

    scope.put(
      '/api/groups/:id/lists/:listId',
      {
        schema: {
          operationId: 'addGroupList',
          tags,
          summary:
            "Add a list to the group's desired state: it is installed on every member now, and its later apps too (GROUP_LIST_LIMIT)",
          security,
          params: groupListParamsSchema,
          response: { 200: groupChangeResponseSchema },
        },
      },
      async (request) => deviceGroups.addList(callerOf(request), request.params.id, request.params.listId),
    );

    scope.delete(
      '/api/groups/:id/lists/:listId',
      {
        schema: {
          operationId: 'removeGroupList',
          tags,
          summary: "Take a list out of the group's desired state (nothing is uninstalled)",
          security,
          params: groupListParamsSchema,
          response: { 200: groupSchema },
        },
      },
      async (request) => deviceGroups.removeList(callerOf(request), request.params.id, request.params.listId),
    );
  });
};
