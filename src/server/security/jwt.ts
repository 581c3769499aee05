import { errors, jwtVerify, SignJWT } from 'jose';

import { TOKEN_TTL } from '@shared/constants';

import type { Clock } from '../clock';

const ISSUER = 'loadout';
const AUDIENCE = 'loadout-api';
const ALGORITHM = 'HS256';

export interface AccessClaims {
  /** user id */
  sub: string;
  /** session id: revoking the session revokes every access token it issued */
  sid: string;
}

export type VerifyResult = { ok: true; claims: AccessClaims; expiresAtMs: number } | { ok: false; reason: 'expired' | 'invalid' };

/** Short-lived access tokens (DESIGN §7): HS256 only, with iss, aud and exp checked against the injected clock. */
export class AccessTokens {
  /**
   * One WebCrypto key for the process, imported once: given bytes or a KeyObject, jose (which
   * works on WebCrypto) imports the key again for every token it signs or verifies, about a
   * tenth of an authenticated read's time (issue 13).
   */
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async sign(claims: AccessClaims): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TOKEN_TTL.accessTokenSeconds)
      .sign(await this.key);
  }

  async verify(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return { ok: false, reason: 'invalid' };
      return { ok: true, claims: { sub: payload.sub, sid: payload.sid }, expiresAtMs: (payload.exp ?? 0) * 1000 };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
