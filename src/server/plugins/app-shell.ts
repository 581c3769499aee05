import { randomBytes } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { negotiateEncoding } from './compression';
import { DOCUMENT_SECURITY_HEADERS } from './security-headers';

/**
 * The web app's HTML shell (index.html), served with a fresh CSP nonce on every answer. The
 * policy is "strict": a script runs only if it carries this answer's nonce or was loaded by one
 * that did ('strict-dynamic': lazy chunks, Google sign-in, Stripe). A host allowlist alone can
 * be bypassed through any script those hosts serve (a JSONP endpoint, an old library), which is
 * what browsers' audits flag. The hosts stay in the list for browsers that predate
 * 'strict-dynamic'; newer ones ignore them.
 */
export function appShellPolicy(nonce: string): string {
  const documentPolicy = DOCUMENT_SECURITY_HEADERS['content-security-policy'] ?? '';
  return documentPolicy.replace(/script-src [^;]*/, (scriptSrc) =>
    scriptSrc.replace('script-src', `script-src 'nonce-${nonce}' 'strict-dynamic'`),
  );
}

/** Where the tags the nonce may go on start: Vite's entry script and the module preloads it writes. */
const TAG_START = /<script\b|<link\b/g;

/**
 * Split once at every place a nonce goes, so an answer is a join, not a parse. A `<link>` takes
 * one only when it is a module preload. Each tag's attributes are read once, up to its `>`; a
 * `<script` or `<link` before that `>` is text inside the tag, not a tag, so the reads never
 * overlap and the whole stays linear in the page.
 */
export function shellTemplate(html: string): (nonce: string) => string {
  const parts: string[] = [];
  let last = 0;
  let tagEnd = -1;
  for (const match of html.matchAll(TAG_START)) {
    if (match.index < tagEnd) continue;
    const end = match.index + match[0].length;
    tagEnd = html.indexOf('>', end);
    if (tagEnd === -1) break;
    if (match[0] === '<link' && !html.slice(end, tagEnd).includes('rel="modulepreload"')) continue;
    parts.push(html.slice(last, end));
    last = end;
  }
  parts.push(html.slice(last));
  return (nonce) => parts.join(` nonce="${nonce}"`);
}

/** Below this a compressed shell saves less than it costs to encode and decode. */
const COMPRESS_MIN_BYTES = 1024;

/** Sends an HTML document built for `nonce`, compressed when the browser takes it. */
export function sendShell(request: FastifyRequest, reply: FastifyReply, render: (nonce: string) => string): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const html = Buffer.from(render(nonce));
  void reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy', appShellPolicy(nonce))
    .header('vary', 'accept-encoding');
  const encoding = html.length >= COMPRESS_MIN_BYTES ? negotiateEncoding(request.headers['accept-encoding']) : null;
  if (encoding === null) return reply.send(html);
  // A few KiB at a low level: tens of microseconds, and every answer is different (the nonce).
  const body =
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } })
      : gzipSync(html, { level: 6 });
  return reply.header('content-encoding', encoding).send(body);
}
