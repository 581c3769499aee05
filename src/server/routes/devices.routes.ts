import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

import { successResponseSchema } from '@shared/api/common';
import {
  deactivateDeviceRequestSchema,
  deactivateDeviceResponseSchema,
  deviceAuditResponseSchema,
  deviceCheckResponseSchema,
  deviceIdBodySchema,
  deviceParamsSchema,
  deviceResponseSchema,
  devicesResponseSchema,
  logoutNotificationsResponseSchema,
  pingResponseSchema,
  registerDeviceRequestSchema,
  registerDeviceResponseSchema,
  registerPrimaryRequestSchema,
  renameDeviceRequestSchema,
  setAdminStatusRequestSchema,
  updateStatusRequestSchema,
} from '@shared/api/devices';
import { ErrorCode } from '@shared/api/errors';

import { badRequest } from '../errors';
import { callerOf, deviceSecretHeader, sessionIdOf } from '../plugins/auth';
import { fastSerializerCompiler } from '../plugins/fast-serializer';
import { deviceIdRequired } from '../services/device-deactivation.service';
import { ignoreJsonBody } from './request-helpers';

const tags = ['devices'];
const security = [{ bearer: [] }];

/**
 * The account's devices. The calling device is the session's (registered in it, or proved with
 * its secret at sign-in); X-Device-ID only says which id an unregistered browser registers as.
 * Path ids are device ids (dev_…) of the signed-in user's devices: another user's answer 404.
 * Calls that act as a device or bind one need a session: an API key is no device (403 SESSION_REQUIRED).
 */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticateHook);
  const { devices, deviceDeactivation } = app.services;
  const asDevice = (request: FastifyRequest) => app.requireSession(request);

  app.get(
    '/api/devices',
    {
      schema: {
        operationId: 'listDevices',
        tags,
        summary: 'Active devices, seats and cooldowns',
        security,
        response: { 200: devicesResponseSchema },
      },
      // A hot read (every device page and poll): its answer is written by a precompiled writer.
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) => devices.list(callerOf(request)),
  );

  app.get(
    '/api/devices/check',
    {
      schema: {
        operationId: 'checkDeviceRegistration',
        tags,
        summary: 'Registration status of the X-Device-ID device',
        security,
        response: { 200: deviceCheckResponseSchema },
      },
    },
    async (request) => devices.check(callerOf(request)),
  );

  app.post(
    '/api/devices/register',
    {
      onRequest: asDevice,
      schema: {
        operationId: 'registerDevice',
        'x-errors': [409],
        tags,
        summary: 'Register this browser (deviceId = X-Device-ID); DEVICE_LIMIT_REACHED past the plan',
        security,
        body: registerDeviceRequestSchema,
        response: { 200: registerDeviceResponseSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (!caller.claimedDeviceId) throw deviceIdRequired();
      if (caller.claimedDeviceId !== request.body.deviceId) {
        throw badRequest('deviceId must be the X-Device-ID of this browser', ErrorCode.VALIDATION_ERROR, {
          deviceId: 'Does not match X-Device-ID',
        });
      }
      return devices.register(caller, sessionIdOf(request), request.body, deviceSecretHeader(request));
    },
  );

  app.post(
    '/api/devices/register-primary',
    {
      onRequest: asDevice,
      schema: {
        operationId: 'registerPrimaryDevice',
        'x-errors': [409],
        tags,
        summary: 'Register this browser, id from X-Device-ID',
        security,
        body: registerPrimaryRequestSchema,
        response: { 200: registerDeviceResponseSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (!caller.claimedDeviceId) throw deviceIdRequired();
      return devices.register(
        caller,
        sessionIdOf(request),
        { ...request.body, deviceId: caller.claimedDeviceId },
        deviceSecretHeader(request),
      );
    },
  );

  app.post(
    '/api/devices/set-current',
    {
      onRequest: asDevice,
      schema: {
        operationId: 'setCurrentDevice',
        tags,
        summary: "Bind this session to one of your devices (X-Device-Secret: that device's secret)",
        security,
        body: deviceIdBodySchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await devices.setCurrent(callerOf(request), sessionIdOf(request), request.body.deviceId, deviceSecretHeader(request));
      return { success: true as const };
    },
  );

  // The heartbeat and the activity update are one call under two names: same body, same handler.
  const activityCalls = [
    ['/api/devices/ping', 'pingDevice', 'Heartbeat (every 300 s)'],
    [
      '/api/devices/update-status',
      'updateDeviceStatus',
      'Activity update (every 60 s, on visibility change, load and unload); records the event',
    ],
  ] as const;
  for (const [url, operationId, summary] of activityCalls) {
    app.post(
      url,
      { schema: { operationId, tags, summary, security, body: updateStatusRequestSchema, response: { 200: pingResponseSchema } } },
      async (request) => ({
        success: true as const,
        serverTime: await devices.touch(callerOf(request), request.body.deviceId, request.body.event),
      }),
    );
  }

  app.post(
    '/api/devices/deactivate',
    {
      onRequest: asDevice,
      schema: {
        operationId: 'deactivateDevice',
        'x-errors': [429],
        tags,
        summary: 'Deactivate a device (admin devices only; protection period, cooldown and rate limit apply)',
        security,
        body: deactivateDeviceRequestSchema,
        response: { 200: deactivateDeviceResponseSchema },
      },
    },
    async (request) => {
      const outcome = await deviceDeactivation.deactivate(callerOf(request), request.body.deviceId, request.body.removeClient);
      return { success: true as const, shouldLogout: outcome.shouldLogout };
    },
  );

  app.post(
    '/api/devices/:id/admin-status',
    {
      onRequest: asDevice,
      schema: {
        operationId: 'setDeviceAdminStatus',
        tags,
        summary: 'Grant or revoke admin (admin devices only)',
        security,
        params: deviceParamsSchema,
        body: setAdminStatusRequestSchema,
        response: { 200: deviceResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      device: await deviceDeactivation.setAdmin(callerOf(request), request.params.id, request.body.isAdmin),
    }),
  );

  app.put(
    '/api/devices/:id/name',
    {
      schema: {
        operationId: 'renameDevice',
        tags,
        summary: 'Rename a device',
        security,
        params: deviceParamsSchema,
        body: renameDeviceRequestSchema,
        response: { 200: deviceResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      device: await devices.rename(callerOf(request), request.params.id, request.body.deviceName),
    }),
  );

  app.get(
    '/api/devices/logout-notifications',
    {
      schema: {
        operationId: 'listLogoutNotifications',
        tags,
        summary: 'Unshown logout notices for the X-Device-ID device (marked shown)',
        security,
        response: { 200: logoutNotificationsResponseSchema },
      },
    },
    async (request) => ({ notifications: await devices.logoutNotifications(callerOf(request)) }),
  );

  app.get(
    '/api/devices/audit',
    {
      schema: {
        operationId: 'listDeviceAudit',
        tags,
        summary: 'Every change to your devices, newest first',
        security,
        response: { 200: deviceAuditResponseSchema },
      },
    },
    async (request) => ({ events: await devices.audit(callerOf(request).userId) }),
  );

  // Calls without a body: a client's empty JSON body is read and ignored.
  await app.register(async (plain) => {
    ignoreJsonBody(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.post(
      '/api/devices/deactivate-current',
      {
        onRequest: asDevice,
        schema: {
          operationId: 'deactivateCurrentDevice',
          'x-errors': [400],
          tags,
          summary: 'Deactivate this device and end its sessions',
          security,
          response: { 200: deactivateDeviceResponseSchema },
        },
      },
      async (request) => {
        await deviceDeactivation.deactivateCurrent(callerOf(request));
        return { success: true as const, shouldLogout: true };
      },
    );
    scope.post(
      '/api/devices/:id/uninstall',
      {
        onRequest: asDevice,
        schema: {
          operationId: 'uninstallDeviceClient',
          tags,
          summary: 'Ask an enrolled machine to remove its client',
          security,
          params: deviceParamsSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await deviceDeactivation.requestUninstall(callerOf(request), request.params.id);
        return { success: true as const };
      },
    );
    scope.delete(
      '/api/devices/:id/force-delete',
      {
        onRequest: asDevice,
        schema: {
          operationId: 'forceDeleteDevice',
          'x-errors': [409],
          tags,
          summary: "Remove a deactivated device's record",
          security,
          params: deviceParamsSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await deviceDeactivation.forceDelete(callerOf(request), request.params.id);
        return { success: true as const };
      },
    );
  });
};
