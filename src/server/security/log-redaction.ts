import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** What a secret is replaced by in the log (the outbox uses the same word for mailed links). */
export const REMOVED = '[removed]';

/**
 * A query parameter's name is kept when it looks like a name; anything longer or odder could be
 * a token pasted where a name goes (`/verify-email?<token>`), so it is removed like a value.
 */
const PLAIN_NAME = /^[A-Za-z_][\w.-]{0,23}$/;

/**
 * The request address as it is logged: the path as it came, every query value replaced.
 *
 * Every value, not a list of secret names: the mailed links (verify, reset, change and undo,
 * unsubscribe), registration links and whatever link is added next carry their secret in the
 * query, and a name missing from a list would put a working token in every log reader's hands.
 * What a value would tell (a filter, a page) is not worth that; the names still say which kind of
 * request it was. Paths carry ids, never secrets.
 */
export function loggableUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const parameters = url
    .slice(mark + 1)
    .split('&')
    .filter((pair) => pair.length > 0)
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return `${PLAIN_NAME.test(name) ? name : REMOVED}=${REMOVED}`;
    });
  return `${url.slice(0, mark)}?${parameters.join('&')}`;
}

/**
 * Headers that carry a credential: a user's or API key's bearer token, a device credential on the
 * agent's WebSocket upgrade, cookies, the Stripe webhook's signature. Fastify's request log has no
 * headers at all; these paths cover a line that logs a request's or a reply's headers by hand.
 */
const SECRET_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'stripe-signature', 'x-api-key', 'x-device-secret'];
const REDACTED_PATHS = [
  ...['headers', 'req.headers', 'res.headers', 'request.headers'].flatMap((at) => SECRET_HEADERS.map((name) => `${at}["${name}"]`)),
  // Node's HTTP parse errors carry the bytes received, headers and all (logged at debug level).
  'err.rawPacket',
];

/** Fastify's request summary (method, address, host, client) with the address made loggable. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOptions = FastifyServerOptions['logger'];

/**
 * The server's logger options with the request summary and the redaction above: the one place
 * that decides what of a request reaches the log, whatever level or destination was chosen.
 */
export function withLogRedaction(logger: LoggerOptions): LoggerOptions {
  if (typeof logger !== 'object' || logger === null) return logger;
  return {
    ...logger,
    serializers: { ...logger.serializers, req: serializeRequest },
    redact: { paths: REDACTED_PATHS, censor: REMOVED },
  };
}
