import type { FastifyInstance } from 'fastify';

/**
 * No answer with personal data or tokens may be kept by a browser or a shared proxy: every
 * API answer, and every answer to a request that carried credentials, is `no-store` unless
 * its route chose otherwise (hashed assets, public icons). index.html is `no-cache`
 * (web-app.ts), so a release reaches everyone at their next load.
 */
export function registerCachePolicy(app: FastifyInstance): void {
  // Set as the request arrives, so that a route which chooses otherwise simply overrides it,
  // and no answer needs an onSend step of its own.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/') || request.headers.authorization !== undefined) void reply.header('cache-control', 'no-store');
    done();
  });
}
