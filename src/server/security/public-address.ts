import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a webhook may reach: public ones only. A webhook URL is typed by a user and
 * fetched by the server, so without this check it could make the server post to itself, to its
 * database, to a cloud's metadata service (169.254.169.254) or to anything on its network.
 * The check runs on the addresses the name resolves to (a public name may point anywhere),
 * and the connection then goes to the address that was checked, never resolved again.
 */

/** Ranges that are not the public internet, IPv4 (RFC 6890 and the IANA special-purpose registry). */
const NOT_PUBLIC_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and broadcast
];

/** IPv6 ranges that are not the public internet. Those that carry an IPv4 address are looked through instead (below). */
const NOT_PUBLIC_V6: readonly [string, number][] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible addresses
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // protocol assignments (Teredo, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

function blockListOf(v4: readonly [string, number][], v6: readonly [string, number][]): BlockList {
  const list = new BlockList();
  for (const [address, prefix] of v4) list.addSubnet(address, prefix, 'ipv4');
  for (const [address, prefix] of v6) list.addSubnet(address, prefix, 'ipv6');
  return list;
}

const NOT_PUBLIC = blockListOf(NOT_PUBLIC_V4, NOT_PUBLIC_V6);

/**
 * The eight 16-bit words of an IPv6 address (`::` expanded, a dotted IPv4 tail read), or null.
 * The caller has checked it with isIP, so only well-formed text arrives here.
 */
function ipv6Words(address: string): number[] | null {
  const [head = '', tail] = address.split('::');
  const part = (text: string): number[] => {
    if (text === '') return [];
    const words: number[] = [];
    for (const piece of text.split(':')) {
      if (piece.includes('.')) {
        const bytes = piece.split('.').map(Number);
        words.push(((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0), ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0));
      } else words.push(parseInt(piece, 16));
    }
    return words;
  };
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  return [...left, ...new Array<number>(missing).fill(0), ...right];
}

const v4Of = (high: number, low: number): string => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 address an IPv6 one carries to the IPv4 internet, if any: IPv4-mapped
 * (::ffff:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::). Each reaches
 * that IPv4 address, so each is judged by it.
 */
function embeddedV4(words: readonly number[]): string | null {
  const [w0, w1, w2, w3, w4, w5, w6 = 0, w7 = 0] = words;
  if (w0 === 0 && w1 === 0 && w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0xffff) return v4Of(w6, w7);
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0) return v4Of(w6, w7);
  if (w0 === 0x2002) return v4Of(w1 ?? 0, w2 ?? 0);
  return null;
}

/** The networks an operator lets through although they are not public (WEBHOOK_PRIVATE_NETWORKS). */
export function allowedNetworks(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address = '', prefix = ''] = cidr.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/**
 * Why this address may not be reached, or null when it may: a public address, or one in the
 * operator's allowed networks. Anything that is not an IP address is refused.
 */
export function whyNotPublic(address: string, allowed: BlockList): string | null {
  // A zone (fe80::1%eth0) names an interface of this machine: never public.
  const bare = address.replace(/^\[|\]$/g, '');
  if (bare.includes('%')) return `${bare} names a network interface of this server`;
  const family = isIP(bare);
  if (family === 0) return `${bare} is not an IP address`;
  if (family === 4) {
    if (allowed.check(bare, 'ipv4')) return null;
    return NOT_PUBLIC.check(bare, 'ipv4') ? `${bare} is not a public address` : null;
  }
  if (allowed.check(bare, 'ipv6')) return null;
  const words = ipv6Words(bare);
  if (!words) return `${bare} is not an IP address`;
  const v4 = embeddedV4(words);
  if (v4 !== null) return whyNotPublic(v4, allowed) === null ? null : `${bare} is not a public address (it reaches ${v4})`;
  return NOT_PUBLIC.check(bare, 'ipv6') ? `${bare} is not a public address` : null;
}

/** One resolved address of a name, as dns.lookup answers with `all: true`. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (dns.lookup in production; tests give their own). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The address a webhook connects to: the host's, checked. Throws AddressRefused when it may not be reached. */
export async function resolvePublicAddress(hostname: string, resolve: HostResolver, allowed: BlockList): Promise<ResolvedAddress> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  const addresses = literal !== 0 ? [{ address: bare, family: literal }] : await resolveOrRefuse(bare, resolve);
  if (addresses.length === 0) throw new AddressRefused(`${bare} has no address`);
  // Every address the name has must be public: one private among them is a name that points inward.
  for (const { address } of addresses) {
    const why = whyNotPublic(address, allowed);
    if (why !== null) throw new AddressRefused(literal !== 0 ? why : `${bare} resolves to ${address}, which is not a public address`);
  }
  return addresses[0]!;
}

async function resolveOrRefuse(hostname: string, resolve: HostResolver): Promise<ResolvedAddress[]> {
  try {
    return await resolve(hostname);
  } catch {
    throw new AddressRefused(`${hostname} could not be found`);
  }
}

/** A webhook address that may not be reached, and why, in words for its owner. */
export class AddressRefused extends Error {}
