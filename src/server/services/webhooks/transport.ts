import { lookup } from 'node:dns/promises';
import { request } from 'node:https';
import { isIP, type BlockList, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';

import { AddressRefused, resolvePublicAddress, type HostResolver, type ResolvedAddress } from '../../security/public-address';

/** A whole attempt, from resolving the name to the answer's last byte, ends after this. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Of the answer, this much is read (then the connection is dropped) … */
export const RESPONSE_READ_BYTES = 64 * 1024;
/** … and this much kept in the delivery log. */
export const RESPONSE_KEPT_BYTES = 4 * 1024;

/** What the server needs from outside to post: how names resolve, and which certificates it trusts. */
export interface WebhookTransportOptions {
  /** dns.lookup with every address of the name; tests give names addresses of their own. */
  resolve?: HostResolver;
  /** Certificates trusted instead of Node's own list (a test's receiver signs its own). */
  ca?: string;
  /** The deadline of an attempt (WEBHOOK_TIMEOUT_MS); a test of a silent receiver need not wait ten seconds. */
  timeoutMs?: number;
}

/** One try: the endpoint's answer, or why there was none. */
export interface AttemptOutcome {
  ok: boolean;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** Text the database can keep (PostgreSQL refuses NUL in text). */
const storable = (bytes: Buffer): string => bytes.subarray(0, RESPONSE_KEPT_BYTES).toString('utf8').replace(/\0/g, '\uFFFD');

/**
 * Posts a signed body to a webhook endpoint, and only to a public address: the name is
 * resolved and checked first (security/public-address.ts) and the connection goes to the
 * address checked. Redirects are never followed (one could point inward); an answer is read
 * up to a cap, and the whole attempt has a deadline.
 */
export class WebhookTransport {
  private readonly resolve: HostResolver;
  private readonly timeoutMs: number;

  constructor(
    private readonly allowed: BlockList,
    private readonly options: WebhookTransportOptions = {},
  ) {
    this.resolve = options.resolve ?? systemResolver;
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  }

  /** The address a host resolves to, if Loadout may post there; throws AddressRefused otherwise (an endpoint's check at save). */
  checkAddress(hostname: string): Promise<ResolvedAddress> {
    return resolvePublicAddress(hostname, this.resolve, this.allowed);
  }

  async post(url: string, body: string, headers: Readonly<Record<string, string>>): Promise<AttemptOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const failed = (error: string): AttemptOutcome => ({
      ok: false,
      responseStatus: null,
      responseBody: null,
      error,
      durationMs: elapsed(),
    });
    const target = new URL(url);
    if (target.protocol !== 'https:') return failed('Only https:// addresses are posted to');
    let address: ResolvedAddress;
    try {
      address = await withDeadline(this.checkAddress(target.hostname), this.timeoutMs);
    } catch (error) {
      return failed(error instanceof AddressRefused ? `Refused: ${error.message}` : 'Timed out resolving the address');
    }
    const outcome = await this.send(target, address, body, headers, this.timeoutMs - elapsed());
    return { ...outcome, durationMs: elapsed() };
  }

  private send(
    target: URL,
    address: ResolvedAddress,
    body: string,
    headers: Readonly<Record<string, string>>,
    timeoutMs: number,
  ): Promise<Omit<AttemptOutcome, 'durationMs'>> {
    const hostname = target.hostname.replace(/^\[|\]$/g, '');
    // The connection goes where the check looked, whatever the name resolves to by now.
    const pinned: LookupFunction = (_name, options, callback) => {
      if (options.all) (callback as (error: null, addresses: ResolvedAddress[]) => void)(null, [address]);
      else callback(null, address.address, address.family);
    };
    return new Promise((settle) => {
      let done = false;
      const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        settle(outcome);
      };
      const noAnswer = (error: string) => finish({ ok: false, responseStatus: null, responseBody: null, error });
      const req = request(
        {
          host: hostname,
          port: target.port === '' ? 443 : Number(target.port),
          path: `${target.pathname}${target.search}`,
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString() },
          lookup: pinned,
          servername: isIP(hostname) === 0 ? hostname : undefined,
          ...(this.options.ca ? { ca: this.options.ca } : {}),
          agent: false,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let read = 0;
          let kept = 0;
          const answered = () => {
            const responseBody = storable(Buffer.concat(chunks));
            const redirect = status >= 300 && status < 400;
            const location = String(res.headers.location ?? '').slice(0, 300);
            finish({
              ok: status >= 200 && status < 300,
              responseStatus: status,
              responseBody,
              error: redirect ? `Redirects are not followed${location ? ` (to ${location})` : ''}` : null,
            });
            res.destroy();
          };
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (kept < RESPONSE_KEPT_BYTES) {
              chunks.push(chunk);
              kept += chunk.length;
            }
            // Enough to judge and to show: the rest of a long answer is not waited for.
            if (read >= RESPONSE_READ_BYTES) answered();
          });
          res.on('end', answered);
          res.on('error', () => answered());
        },
      );
      const timer = setTimeout(
        () => {
          noAnswer(`No answer within ${Math.round(this.timeoutMs / 100) / 10} s`);
          req.destroy();
        },
        Math.max(timeoutMs, 0),
      );
      req.on('error', (error: NodeJS.ErrnoException) => noAnswer(connectionError(error)));
      req.end(body);
    });
  }
}

/** What went wrong reaching the endpoint, in words: never a stack. */
function connectionError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ECONNRESET':
      return 'Connection reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'Host unreachable';
    default:
      if (error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT') || error.code === 'DEPTH_ZERO_SELF_SIGNED_CERT')
        return `TLS: ${error.message.slice(0, 200)}`;
      return `Could not connect (${error.code ?? error.message.slice(0, 120)})`;
  }
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('deadline')), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
