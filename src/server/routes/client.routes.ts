import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { agentReleasesResponseSchema, CHECKSUM_HEADER, type AgentReleasesResponse } from '@shared/api/client';
import { ErrorCode, errorResponseSchema } from '@shared/api/errors';

import { notFound } from '../errors';
import { ClientDownloads } from '../services/client-downloads';

const tags = ['client'];

/**
 * SPEC §9's file names, as electron-builder.yml names the artifacts in RELEASES_DIR: one Windows
 * installer for x64 and arm64, one universal macOS image, one x64 AppImage.
 */
const DESKTOP_BUILDS = {
  windows: {
    filename: 'Loadout Desktop Setup.exe',
    contentType: 'application/vnd.microsoft.portable-executable',
    arches: ['x64', 'arm64'],
  },
  macos: { filename: 'Loadout Desktop.dmg', contentType: 'application/x-apple-diskimage', arches: ['x64', 'arm64'] },
  linux: { filename: 'Loadout Desktop.AppImage', contentType: 'application/octet-stream', arches: ['x64'] },
} as const;
const PLATFORM_NAMES = { windows: 'Windows', macos: 'macOS', linux: 'Linux' } as const;

interface Download {
  path: string;
  /** The name the browser or curl saves it as. */
  filename: string;
  contentType: string;
  /** Said in the 404 when the file is absent (a build this server does not have). */
  missing: string;
}

const AGENT_FILENAME = 'loadout-agent.mjs';

/**
 * Streams a built client file as an attachment with the SHA-256 of its bytes, so that whoever
 * downloads it can check it before running it (hex for sha256sum, and RFC 9530's Repr-Digest
 * for tools); or the 404 envelope when it has not been built.
 */
async function sendDownload(downloads: ClientDownloads, reply: FastifyReply, download: Download): Promise<FastifyReply> {
  const file = await downloads.open(download.path);
  if (!file) throw notFound(download.missing, ErrorCode.CLIENT_BUILD_NOT_FOUND);
  return reply
    .type(download.contentType)
    .header('content-length', file.size)
    .header('content-disposition', `attachment; filename="${download.filename}"`)
    .header('cache-control', 'no-cache')
    .header(CHECKSUM_HEADER, file.sha256)
    .header('repr-digest', `sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:`)
    .send(file.stream());
}

/** Downloads of Loadout's own clients: public, like the installers on a product's download page. */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  const downloads = new ClientDownloads();

  app.get(
    '/api/client/agent/releases',
    {
      schema: {
        tags,
        summary: 'The agent builds this server serves, each with its download address, size and SHA-256',
        response: { 200: agentReleasesResponseSchema },
      },
    },
    async (): Promise<AgentReleasesResponse> => {
      const builds: AgentReleasesResponse['builds'] = [];
      const agent = await downloads.open(app.ctx.config.agentFile);
      if (agent) {
        await agent.close();
        builds.push({
          platform: 'any',
          arch: 'any',
          format: 'mjs',
          url: `${app.ctx.config.publicUrl}/api/client/agent`,
          sha256: agent.sha256,
          size: agent.size,
          // Builds are not signed yet: the checksum, read over HTTPS, is what a person checks.
          signature: null,
        });
      }
      return { version: app.ctx.config.version, publicKey: null, builds };
    },
  );

  app.get(
    '/api/client/agent',
    {
      schema: {
        tags,
        summary:
          'The headless device agent: one JavaScript file for Node >= 20 (node loadout-agent.mjs enroll LINK); its SHA-256 in X-Checksum-SHA256',
        produces: ['application/javascript'],
        response: { 404: errorResponseSchema },
      },
    },
    async (_request, reply) =>
      sendDownload(downloads, reply, {
        path: app.ctx.config.agentFile,
        filename: AGENT_FILENAME,
        contentType: 'application/javascript; charset=utf-8',
        missing: 'The headless agent has not been built on this server',
      }),
  );

  app.get(
    '/api/client/download-client/:platform',
    {
      schema: {
        tags,
        summary: 'The desktop client installer for a platform (SPEC §7); arch x64, arm64 or auto',
        params: z.object({ platform: z.enum(['windows', 'macos', 'linux']) }),
        querystring: z.object({ arch: z.enum(['x64', 'arm64', 'auto']).default('auto') }),
        produces: ['application/octet-stream'],
        response: { 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { platform } = request.params;
      const build = DESKTOP_BUILDS[platform];
      const arch = request.query.arch;
      if (arch !== 'auto' && !(build.arches as readonly string[]).includes(arch)) {
        throw notFound(`The desktop client is not built for ${PLATFORM_NAMES[platform]} on ${arch}`, ErrorCode.CLIENT_BUILD_NOT_FOUND);
      }
      return sendDownload(downloads, reply, {
        path: join(app.ctx.config.releasesDir, build.filename),
        filename: build.filename,
        contentType: build.contentType,
        missing: `The desktop client for ${PLATFORM_NAMES[platform]} is not available on this server yet`,
      });
    },
  );
};
