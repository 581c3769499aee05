import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

export interface IdTokenOptions {
  /** Issue time; tokens are signed relative to the app's test clock. */
  now: Date;
  audience?: string;
  issuer?: string;
  expiresInSeconds?: number;
  /** Sign with another key under the published key id (a forged signature). */
  forged?: boolean;
}

const KEY_ID = 'test-key-1';

/**
 * A stand-in for Google's OpenID provider: an RSA key whose public half is served as a JWKS
 * from a loopback HTTP server, and ID tokens signed with the private half.
 */
export class FakeGoogle {
  readonly clientId = 'loadout-test.apps.googleusercontent.com';
  readonly issuer = 'https://accounts.google.test';
  private server: Server | null = null;
  private jwksUrl = '';
  private key: PrivateKey | null = null;
  private otherKey: PrivateKey | null = null;
  /** How many times the JWKS was fetched (the app should cache it). */
  jwksRequests = 0;

  async start(): Promise<this> {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    this.key = privateKey;
    this.otherKey = (await generateKeyPair('RS256')).privateKey;
    const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' }] });
    this.server = createServer((_request, response) => {
      this.jwksRequests += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.jwksUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/oauth2/v3/certs`;
    return this;
  }

  /** What createTestApp needs to trust this issuer. */
  env(): Record<string, string> {
    return { GOOGLE_CLIENT_ID: this.clientId, OIDC_ISSUER: this.issuer, OIDC_JWKS_URL: this.jwksUrl };
  }

  get jwks(): string {
    return this.jwksUrl;
  }

  async idToken(claims: JWTPayload & { email?: string; email_verified?: boolean | string }, options: IdTokenOptions): Promise<string> {
    const key = options.forged ? this.otherKey : this.key;
    if (!key) throw new Error('FakeGoogle not started');
    const issuedAt = Math.floor(options.now.getTime() / 1000);
    return new SignJWT({ email_verified: true, given_name: 'Grace', family_name: 'Hopper', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
      .setIssuer(options.issuer ?? this.issuer)
      .setAudience(options.audience ?? this.clientId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + (options.expiresInSeconds ?? 3600))
      .sign(key);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
