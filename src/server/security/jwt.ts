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
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TOKEN_TTL.accessTokenSeconds)
      .sign(this.key);
  }

  async verify(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
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
