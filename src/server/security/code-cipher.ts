import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Registration codes are looked up by hash, but their owner may copy one again from the token
 * list: so they are also kept encrypted (AES-256-GCM) with a key derived from the server
 * secret. A stolen database alone does not reveal usable codes.
 */
export class CodeCipher {
  private readonly key: Buffer;

  /** `purpose` keeps each kind of sealed value under a key of its own (webhook secrets use another). */
  constructor(secret: string, purpose = 'registration-codes') {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'loadout', purpose, 32));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  decrypt(sealed: string): string {
    const data = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, data.subarray(0, 12));
    decipher.setAuthTag(data.subarray(12, 28));
    return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
  }
}

const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A code people can copy: 30 characters from a 32-letter alphabet without look-alikes
 * (150 random bits), in groups of five: `K7QM2-…`.
 */
export function newRegistrationCode(): string {
  const bytes = randomBytes(30);
  const chars = Array.from(bytes, (byte) => BASE32[byte % 32]).join('');
  return chars.match(/.{5}/g)?.join('-') ?? chars;
}

/** What is hashed: upper case without separators, so `k7qm2 …` as typed still matches. */
export function normalizeRegistrationCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}
