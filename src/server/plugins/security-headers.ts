import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet with a CSP the web app passes: our own scripts, Mantine's inline styles, images
 * from data: and blob: URLs (icons), and the two third-party scripts SPEC §7 loads (Google
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
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(HELMET_OPTIONS)(request, response, () => undefined);
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
})();

export function applySecurityHeaders(reply: FastifyReply): void {
  void reply.headers(SECURITY_HEADERS);
}

/** Every answer that goes through the router gets the headers as the request arrives. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (_request, reply, done) => {
    applySecurityHeaders(reply);
    done();
  });
}
