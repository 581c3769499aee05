import { isIP } from 'node:net';

/** The option that lets the agent talk to a server over plain http:// across a network. */
export const INSECURE_HTTP_OPTION = '--insecure-http';

/** This machine itself: localhost (and its subdomains), 127.0.0.0/8, ::1, and 127.x mapped into IPv6. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(host) || isMappedLoopback(host);
  return false;
}

/** `::ffff:7f00:1` is how URL writes ::ffff:127.0.0.1. */
function isMappedLoopback(host: string): boolean {
  const match = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(host);
  return match !== null && Number.parseInt(match[1] ?? '', 16) >> 8 === 127;
}

/**
 * Why the agent will not use this server address, or null when it may: the device credential
 * and every job (what to install, as root) would cross the network readable and changeable by
 * anyone on the way. https:// and wss:// are always fine, and so is plain http:// to this machine
 * (a server on the same host, or an SSH tunnel to one).
 */
export function insecureTransportProblem(server: string): string | null {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'ws:') return null;
  if (isLoopbackHost(url.hostname)) return null;
  return (
    `${url.origin} is plain http://: this machine's credential and the jobs it runs would cross the network unencrypted. ` +
    `Use the server's https:// address, or add ${INSECURE_HTTP_OPTION} if you accept that risk on a network you trust.`
  );
}
