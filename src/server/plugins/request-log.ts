import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

import { loggableUrl } from '../security/log-redaction';

/**
 * One log line a request, written when its answer has gone out: method, address (every query
 * value removed: `loggableUrl`), status and milliseconds. Fastify's own are two lines a request
 * ("incoming request" with a serialized `req`, "request completed" with a `res`): twice the
 * formatting and writing, and objects built and walked by the redaction for each. These fields
 * are plain values beside the line, so no serializer or redaction path runs for them.
 *
 * Fastify calls this controller itself when a request starts and ends, so the line costs no
 * hook of its own. The other lines it writes (a stream error, a 503 while closing) stay
 * Fastify's; errors our handler answers are logged there (plugins/error-handler.ts).
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {
    // The completed line says all of it.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: loggableUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
