import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ErrorCode, errorResponseSchema } from '@shared/api/errors';

import { notFound } from '../errors';

const tags = ['client'];

interface Download {
  path: string;
  /** The name the browser or curl saves it as. */
  filename: string;
  contentType: string;
  /** Said in the 404 when the file is absent (a build this server does not have). */
  missing: string;
}

/** Streams a built client file as an attachment, or the 404 envelope when it has not been built. */
async function sendDownload(reply: FastifyReply, download: Download): Promise<FastifyReply> {
  const info = await stat(download.path).catch(() => null);
  if (!info?.isFile()) throw notFound(download.missing, ErrorCode.CLIENT_BUILD_NOT_FOUND);
  return reply
    .type(download.contentType)
    .header('content-length', info.size)
    .header('content-disposition', `attachment; filename="${download.filename}"`)
    .header('cache-control', 'no-cache')
    .send(createReadStream(download.path));
}

/** Downloads of Loadout's own clients: public, like the installers on a product's download page. */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/client/agent',
    {
      schema: {
        tags,
        summary: 'The headless device agent: one JavaScript file for Node >= 20 (node loadout-agent.mjs enroll LINK)',
        produces: ['application/javascript'],
        response: { 404: errorResponseSchema },
      },
    },
    async (_request, reply) =>
      sendDownload(reply, {
        path: app.ctx.config.agentFile,
        filename: 'loadout-agent.mjs',
        contentType: 'application/javascript; charset=utf-8',
        missing: 'The headless agent has not been built on this server',
      }),
  );
};
