import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

import { UNSUBSCRIBE_KINDS, type UnsubscribeKind } from '@shared/api/notifications';

const USER_ID = /^[\w-]{1,64}$/;
const MAC = /^[\w-]{43}$/;

/**
 * One-click unsubscribe links (RFC 8058): the token is `userId.kind.mac`, the mac an HMAC-SHA256
 * over user and kind with a key derived from the server secret. Nothing is stored: the server
 * recomputes the mac and compares it in constant time, so a token can be neither listed from
 * the database nor made up for another user or kind.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'loadout', 'notification-unsubscribe', 32));
  }

  issue(userId: string, kind: UnsubscribeKind): string {
    return `${userId}.${kind}.${this.mac(userId, kind).toString('base64url')}`;
  }

  /** The user and kind a token stands for, or null when it was not made by this server. */
  verify(token: string): { userId: string; kind: UnsubscribeKind } | null {
    const [userId, kind, mac, extra] = token.split('.');
    if (extra !== undefined || !userId || !kind || !mac) return null;
    if (!USER_ID.test(userId) || !MAC.test(mac) || !isUnsubscribeKind(kind)) return null;
    // Compared as text: base64url's last character has unused bits, so decoding would accept variants.
    const given = Buffer.from(mac, 'ascii');
    const expected = Buffer.from(this.mac(userId, kind).toString('base64url'), 'ascii');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { userId, kind };
  }

  private mac(userId: string, kind: UnsubscribeKind): Buffer {
    return createHmac('sha256', this.key).update(`unsubscribe\n${userId}\n${kind}`).digest();
  }
}

function isUnsubscribeKind(value: string): value is UnsubscribeKind {
  return (UNSUBSCRIBE_KINDS as readonly string[]).includes(value);
}
