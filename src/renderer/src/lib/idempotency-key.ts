/**
 * A fresh Idempotency-Key. getRandomValues rather than randomUUID: the latter exists only in
 * secure contexts, and a server reached over plain http on a LAN address is not one. The
 * prefix names what it guards (install, payment), which helps when reading server logs.
 */
export function newIdempotencyKey(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
