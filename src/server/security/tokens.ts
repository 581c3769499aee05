import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** An opaque secret with 256 random bits, URL-safe (refresh tokens, e-mail links, credentials). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newId(): string {
  return randomUUID();
}

/**
 * Secrets are stored as their SHA-256: they carry 256 random bits, so a fast hash is enough,
 * and lookups by hash stay indexable.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
