import { errors, jwtVerify, SignJWT } from 'jose';

import { TOKEN_TTL } from '@shared/constants';

import type { Clock } from '../clock';

const ISSUER = 'loadout';
const AUDIENCE = 'loadout-api';
const ALGORITHM = 'HS256';
/** Enough for every browser active in the last quarter-hour on a large install. */
export const VERIFIED_TOKENS_KEPT = 10_000;

export interface AccessClaims {
  /** user id */
  sub: string;
  /** session id: revoking the session revokes every access token it issued */
  sid: string;
}

export type VerifyResult = { ok: true; claims: AccessClaims; expiresAtMs: number } | { ok: false; reason: 'expired' | 'invalid' };

/** Short-lived access tokens (TOKEN_TTL.accessTokenSeconds): HS256 only, with iss, aud and exp checked against the injected clock. */
export class AccessTokens {
  /**
   * One WebCrypto key for the process, imported once: given bytes or a KeyObject, jose (which
   * works on WebCrypto) imports the key again for every token it signs or verifies, about a
   * tenth of an authenticated read's time (measured).
   */
  private readonly key: Promise<CryptoKey>;
  /**
   * Tokens whose signature and claims were checked, by their exact text: a browser sends the
   * same token for its fifteen minutes, and checking it again was a sixth of an authenticated
   * read's time (measured). Safe to keep: a token's validity depends on nothing but its text and
   * the time (revocation is the session's, looked up on every request).
   */
  private readonly verified = new Map<string, VerifyResult & { ok: true }>();

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
    const known = this.knownResult(token);
    if (known) return known;
    const result = await this.verifyWithJose(token);
    if (result.ok) this.remember(token, result);
    return result;
  }

  /**
   * What `verify` answers for a token it checked before, without a promise (every signed-in
   * request asks); undefined for a token not seen yet, which `verify` must check.
   */
  knownResult(token: string): VerifyResult | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    // What jose would answer again: the signature and claims are as they were; only time
    // moves, and jose compares exp with the current whole second.
    const nowSecondMs = Math.floor(this.clock.now().getTime() / 1000) * 1000;
    return known.expiresAtMs <= nowSecondMs ? { ok: false, reason: 'expired' } : known;
  }

  private remember(token: string, result: VerifyResult & { ok: true }): void {
    this.verified.set(token, result);
    // A Map keeps insertion order: the first entry is the oldest.
    if (this.verified.size > VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value as string);
  }

  private async verifyWithJose(token: string): Promise<VerifyResult> {
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
