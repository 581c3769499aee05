import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import { ErrorCode } from '@shared/api/errors';

import type { SharedListPreview } from '../services/shared-list.service';
import { sendShell, shellTemplate } from './app-shell';

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
      // name.br and name.gz written beside each asset by the build (vite.config.ts), picked by
      // the request's Accept-Encoding, with Vary: Accept-Encoding.
      preCompressed: true,
      // index.html is the app shell: it always goes through sendShell, for its CSP nonce.
      allowedPath: (pathName) => pathName !== '/index.html',
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

  // Read once: a shared list's page is this file with its link-preview tags added.
  const indexHtml = hasBuild ? readFileSync(join(webDir, 'index.html'), 'utf8') : '';
  const shell = shellTemplate(indexHtml);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix)) || path === '/api' || path === '/catalogue';
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      const shareId = SHARED_PAGE.exec(path)?.[1];
      const preview = shareId ? await app.services.sharedLists.preview(shareId) : null;
      if (preview) {
        const page = shellTemplate(withPreviewTags(indexHtml, preview));
        return sendShell(request, reply, page);
      }
      return sendShell(request, reply, shell);
    }
    return reply.status(404).send({ code: ErrorCode.NOT_FOUND, message: `No such endpoint: ${request.method} ${path}` });
  });
}

/** A shared list's page: /shared/{shareId}. The id's grammar is checked again by the service. */
const SHARED_PAGE = /^\/shared\/([A-Za-z0-9_-]{1,64})\/?$/;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/**
 * Open Graph and Twitter card tags, so that a shared link previews in chat apps (which read
 * the HTML and run no script). Meta tags only: the CSP runs no script without the answer's nonce. Every value is
 * the list's own text, escaped.
 */
export function withPreviewTags(html: string, preview: SharedListPreview): string {
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Loadout'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
  ].join('\n    ');
  const titled = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(preview.title)} · Loadout</title>`);
  // Before </head>; in a document without one, after its title.
  const head = titled.indexOf('</head>');
  const title = titled.indexOf('</title>');
  const at = head !== -1 ? head : title !== -1 ? title + '</title>'.length : 0;
  return `${titled.slice(0, at)}${tags}\n${titled.slice(at)}`;
}
