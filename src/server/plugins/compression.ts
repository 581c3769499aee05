import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in: brotli if the request accepts it, else gzip, else none. A coding
 * listed with q=0 is refused. Linear in the header's length.
 */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  if (acceptEncoding === undefined) return null;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  let gzipAccepted = false;
  for (const entry of header.split(',')) {
    const [name = '', ...params] = entry.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== 'br' && coding !== 'gzip') continue;
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(param));
    if (refused) continue;
    if (coding === 'br') return 'br';
    gzipAccepted = true;
  }
  return gzipAccepted ? 'gzip' : null;
}

/**
 * Answers smaller than this go out as they are: one length check and nothing else, so the
 * small reads that make up most API traffic pay nothing. Above it, a list or a catalogue
 * page shrinks to a fifth.
 */
export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE_TYPE = /^(application\/json|text\/)/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses text answers (API JSON, error envelopes) of at least COMPRESS_MIN_BYTES when the
 * client accepts it, brotli at a low quality (fast, still smaller than gzip). Only string
 * payloads: files, downloads and streams (agent packages, icons) are never touched here;
 * hashed assets come precompressed from the build (web-app.ts).
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || payload.length < COMPRESS_MIN_BYTES) return done(null, payload);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const type = reply.getHeader('content-type');
    if (encoding === null || typeof type !== 'string' || !COMPRESSIBLE_TYPE.test(type) || reply.hasHeader('content-encoding'))
      return done(null, payload);
    const compressed =
      encoding === 'br'
        ? brotli(payload, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(payload) },
          })
        : gzipAsync(payload, { level: 6 });
    compressed.then(
      (body) => {
        const vary = reply.getHeader('vary');
        void reply
          .header('content-encoding', encoding)
          .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
          .removeHeader('content-length');
        done(null, body);
      },
      (error: unknown) => done(error as Error),
    );
  });
}
