/**
 * A fresh Idempotency-Key. getRandomValues rather than randomUUID: the latter exists only in
 * secure contexts, and a server reached over plain http on a LAN address is not one.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `install-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
