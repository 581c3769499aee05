import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet with a CSP the web app passes: our own scripts, Mantine's inline styles, images
 * from data: and blob: URLs (icons), and the two third-party scripts the web app loads (Google
 * sign-in, Stripe) with their frames.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client', 'https://js.stripe.com'],
      styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https://accounts.google.com/gsi/', 'https://api.stripe.com'],
      frameSrc: ['https://accounts.google.com/gsi/', 'https://js.stripe.com', 'https://hooks.stripe.com'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // Google's sign-in popup talks back to the opener window.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets, worked out once: they depend on nothing in the request (no CSP
 * nonces). One fixed set lets every answer carry them, also those Fastify writes before any
 * hook runs (a malformed URL, a request during shutdown, bytes that are not HTTP).
 * These are for documents: the web app's pages and assets.
 */
export const DOCUMENT_SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(HELMET_OPTIONS)(request, response, () => undefined);
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
})();

/**
 * Answers for programs (the API, the public catalogue, every error envelope): JSON that no
 * browser renders as a page, so the CSP forbids everything and the rest keeps what still
 * matters for such an answer (OWASP's REST security cheat sheet). About 300 bytes instead of
 * 1,500: on loopback the header bytes alone cost a bare Fastify a third of its requests per
 * second (measured), and every API answer paid them.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': DOCUMENT_SECURITY_HEADERS['strict-transport-security'] ?? 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

const PROGRAM_PREFIXES = ['/api/', '/catalogue/'];
/** Under /api/ but pages a person opens: the API reference (Swagger UI). */
const DOCUMENT_PREFIXES = ['/api/docs'];

/** The set for an answer to `url`; without one (bytes that were not HTTP), the API's. */
export function securityHeadersFor(url: string | undefined): Readonly<Record<string, string>> {
  if (url === undefined) return API_SECURITY_HEADERS;
  if (DOCUMENT_PREFIXES.some((prefix) => url.startsWith(prefix))) return DOCUMENT_SECURITY_HEADERS;
  return PROGRAM_PREFIXES.some((prefix) => url.startsWith(prefix)) ? API_SECURITY_HEADERS : DOCUMENT_SECURITY_HEADERS;
}

export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  void reply.headers(securityHeadersFor(request.url));
}

/** Every answer that goes through the router gets the headers as the request arrives. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request, reply);
    done();
  });
}
