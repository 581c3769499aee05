import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import { ErrorCode } from '@shared/api/errors';

const API_PREFIXES = ['/api/', '/catalogue/'];

/**
 * Serves the built web app with SPA fallback: any GET that is not an API path and not a file
 * gets index.html, and the React router takes over. API paths keep their JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const hasBuild = existsSync(join(webDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      maxAge: '1h',
      setHeaders: (reply, path) => {
        // Hashed asset names never change content; index.html must always be revalidated, or
        // a release would wait for every browser's copy to expire.
        if (path.includes('/assets/')) void reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.endsWith('index.html')) void reply.header('cache-control', 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDir }, 'web app is not built (run `npm run build:web`); serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix)) || path === '/api' || path === '/catalogue';
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ code: ErrorCode.NOT_FOUND, message: `No such endpoint: ${request.method} ${path}` });
  });
}
