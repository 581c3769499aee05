import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  agentNativeParamsSchema,
  agentNativeQuerySchema,
  agentReleasesResponseSchema,
  CHECKSUM_HEADER,
  desktopDownloadParamsSchema,
  desktopDownloadQuerySchema,
  SIGNATURE_HEADER,
} from '@shared/api/client';
import { ErrorCode, errorResponseSchema } from '@shared/api/errors';

import { notFound } from '../errors';
import type { OpenDownload } from '../services/client-downloads';

const tags = ['client'];

const AGENT_FILENAME = 'loadout-agent.mjs';

interface Sent {
  /** The name the browser or curl saves it as. */
  filename: string;
  contentType: string;
  /** The release key's signature of the build's statement (agent builds only). */
  signature?: string;
}

/**
 * Streams a built client file as an attachment with the SHA-256 of its bytes, so that whoever
 * downloads it can check it before running it (hex for sha256sum, and RFC 9530's Repr-Digest
 * for tools), and for the agent the release key's signature.
 */
function sendDownload(reply: FastifyReply, file: OpenDownload, sent: Sent): FastifyReply {
  reply
    .type(sent.contentType)
    .header('content-length', file.size)
    .header('content-disposition', `attachment; filename="${sent.filename}"`)
    .header('cache-control', 'no-cache')
    .header(CHECKSUM_HEADER, file.sha256)
    .header('repr-digest', `sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:`);
  if (sent.signature) reply.header(SIGNATURE_HEADER, sent.signature);
  return reply.send(file.stream());
}

/** Downloads of Loadout's own clients: public, like the installers on a product's download page. */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  const releases = app.services.clientReleases;

  app.get(
    '/api/client/agent/releases',
    {
      schema: {
        operationId: 'listAgentReleases',
        security: [],
        tags,
        summary:
          'The agent builds this server serves, each with its download address, size, SHA-256 and signature; the release public key; which desktop installers exist',
        response: { 200: agentReleasesResponseSchema },
      },
    },
    async () => releases.releases(),
  );

  app.get(
    '/api/client/agent',
    {
      schema: {
        operationId: 'downloadHeadlessAgent',
        security: [],
        tags,
        summary:
          'The headless device agent: one JavaScript file for Node >= 20 (node loadout-agent.mjs enroll LINK); its SHA-256 in X-Checksum-SHA256, its signature in X-Signature-Ed25519',
        produces: ['application/javascript'],
        response: { 404: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      const script = await releases.openScript();
      if (!script) throw notFound('The headless agent has not been built on this server', ErrorCode.CLIENT_BUILD_NOT_FOUND);
      return sendDownload(reply, script.file, {
        filename: AGENT_FILENAME,
        contentType: 'application/javascript; charset=utf-8',
        signature: script.signature,
      });
    },
  );

  app.get(
    '/api/client/agent/:platform/:arch',
    {
      schema: {
        operationId: 'downloadNativeAgent',
        security: [],
        tags,
        summary:
          'A native agent build: the bare executable, or with format a package (deb, msi, tar.gz); its SHA-256 in X-Checksum-SHA256, its signature in X-Signature-Ed25519',
        params: agentNativeParamsSchema,
        querystring: agentNativeQuerySchema,
        produces: ['application/octet-stream'],
        response: { 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const build = await releases.openNative(request.params.platform, request.params.arch, request.query.format);
      return sendDownload(reply, build.file, build);
    },
  );

  app.get(
    '/api/client/download-client/:platform',
    {
      schema: {
        operationId: 'downloadDesktopClient',
        security: [],
        tags,
        summary: 'The desktop client installer for a platform; arch x64, arm64 or auto',
        params: desktopDownloadParamsSchema,
        querystring: desktopDownloadQuerySchema,
        produces: ['application/octet-stream'],
        response: { 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const build = await releases.openDesktop(request.params.platform, request.query.arch);
      return sendDownload(reply, build.file, build);
    },
  );
};
