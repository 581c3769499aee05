import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  ACCOUNT_ACTION_HEADER,
  accountDebugResponseSchema,
  accountResponseSchema,
  deleteAccountRequestSchema,
  updateAccountRequestSchema,
  updateAccountResponseSchema,
} from '@shared/api/account';
import { successResponseSchema } from '@shared/api/common';
import { ErrorCode } from '@shared/api/errors';

import { badRequest } from '../errors';
import { callerOf, sessionIdOf } from '../plugins/auth';

/** The signed-in user's own account: profile, password, e-mail change, deletion. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'getAccount',
        tags: ['account'],
        summary: 'The signed-in account',
        security: [{ bearer: [] }],
        response: { 200: accountResponseSchema },
      },
    },
    async (request) => app.services.account.get(callerOf(request).userId),
  );

  app.put(
    '/api/account',
    {
      onRequest: (request) => app.requireSession(request),
      schema: {
        operationId: 'updateAccount',
        'x-errors': [409],
        tags: ['account'],
        summary: 'Change names, e-mail (verified again) or password (needs the current one)',
        security: [{ bearer: [] }],
        body: updateAccountRequestSchema,
        response: { 200: updateAccountResponseSchema },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      return app.services.account.update(userId, sessionIdOf(request), request.body);
    },
  );

  app.post(
    '/api/account/delete',
    {
      onRequest: (request) => app.requireSession(request),
      // The confirmation header is checked before the body, and a missing password has its own code.
      attachValidation: true,
      schema: {
        operationId: 'deleteAccount',
        tags: ['account'],
        summary: 'Delete the account and everything in it (header X-Account-Action: delete)',
        security: [{ bearer: [] }],
        body: deleteAccountRequestSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      if (request.headers[ACCOUNT_ACTION_HEADER] !== 'delete') {
        throw badRequest('Confirm account deletion with the X-Account-Action: delete header', ErrorCode.ACCOUNT_ACTION_REQUIRED);
      }
      if (request.validationError) throw badRequest('Password is required', ErrorCode.PASSWORD_REQUIRED);
      await app.services.account.delete(userId, request.body.password);
      return { success: true as const, message: 'Your account has been deleted successfully' };
    },
  );

  app.get(
    '/api/account/debug',
    {
      onRequest: (request) => app.authenticate(request),
      schema: {
        operationId: 'getAccountDebug',
        tags: ['account'],
        summary: 'A small health record for the signed-in user',
        security: [{ bearer: [] }],
        response: { 200: accountDebugResponseSchema },
      },
    },
    async (request) => app.services.account.debug(callerOf(request).userId),
  );
};
