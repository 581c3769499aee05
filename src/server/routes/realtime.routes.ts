import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AGENT_MESSAGE_MAX_BYTES } from '@shared/agent/protocol';
import { ErrorCode } from '@shared/api/errors';
import { MINUTE_MS } from '@shared/time';

import { AppError } from '../errors';
import { bearerToken } from '../plugins/auth';
import { API_SECURITY_HEADERS } from '../plugins/security-headers';
import type { AgentDevice } from '../services/agent-jobs.service';

const API_KEY_STREAM_MS = 15 * MINUTE_MS;

declare module 'fastify' {
  interface FastifyRequest {
    agentDevice: AgentDevice | null;
  }
}

/**
 * The two long-lived connections: agents' WebSocket (docs/delivery.md), authenticated by the device
 * credential before the upgrade, so nothing an unknown client sends is ever read; and the
 * browsers' event stream.
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  // A stream ends with the access token it was opened with; an API key's after a while, so
  // that the reconnect checks again whether it was revoked or the plan lapsed.
  const streamLifetimeMs = async (request: FastifyRequest): Promise<number> => {
    if (request.auth?.apiKeyId) return API_KEY_STREAM_MS;
    const verified = await app.ctx.accessTokens.verify(bearerToken(request) ?? '');
    return verified.ok ? verified.expiresAtMs - app.ctx.clock.now().getTime() : 0;
  };

  app.decorateRequest('agentDevice', null);
  await app.register(import('@fastify/websocket'), {
    options: { maxPayload: AGENT_MESSAGE_MAX_BYTES },
    // ws says a peer broke the protocol (a frame over the limit, bad UTF-8) and closes it; the
    // hub logs that once per connection. Anything else is ours and keeps its stack.
    errorHandler: (error, socket, request) => {
      if (isPeerError(error)) request.log.debug({ reason: error.message }, 'websocket peer error');
      else request.log.error(error);
      socket.terminate();
    },
  });

  app.route({
    method: 'GET',
    url: '/api/agent/ws',
    schema: {
      operationId: 'agentConnect',
      'x-errors': [426],
      tags: ['agent'],
      summary: 'The agent connection (WebSocket; Authorization: Bearer <device credential>)',
      security: [{ bearer: [] }],
    },
    preValidation: async (request) => {
      request.agentDevice = await app.services.agentPresence.authenticate(bearerToken(request));
    },
    handler: async () => {
      throw new AppError(426, ErrorCode.UPGRADE_REQUIRED, 'This address takes a WebSocket connection');
    },
    wsHandler: (socket, request) => {
      const device = request.agentDevice;
      if (!device) return socket.close(1008, 'Not authenticated');
      app.agentHub.attach(device, socket, request.ip);
    },
  });

  app.get(
    '/api/events',
    {
      preHandler: (request) => app.authenticate(request),
      schema: {
        operationId: 'streamEvents',
        'x-errors': [406],
        tags: ['events'],
        summary: 'Server-sent events for this user: {topic, id} when an installation or device changes (Accept: text/event-stream)',
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      if (!request.headers.accept?.includes('text/event-stream')) {
        throw new AppError(406, ErrorCode.NOT_ACCEPTABLE, 'This address answers with an event stream: send Accept: text/event-stream');
      }
      const endsInMs = await streamLifetimeMs(request);
      reply.hijack();
      app.browserEvents.open(request.auth?.userId ?? '', reply.raw, API_SECURITY_HEADERS, endsInMs);
    },
  );
};

/** An error ws raises for what the other end sent (its codes are WS_ERR_…), not a fault of the server. */
function isPeerError(error: Error): boolean {
  return 'code' in error && typeof error.code === 'string' && error.code.startsWith('WS_ERR_');
}
