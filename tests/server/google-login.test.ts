import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { linkTo, nthMail, registerUser, tokenOf, uniqueEmail, VERIFY_SUBJECT, type ApiError, type SessionBody } from './helpers/factories';
import { FakeGoogle, type IdTokenOptions } from './helpers/fake-google';
import { createTestApp, type TestApp } from './helpers/test-app';

type GoogleAnswer = Partial<SessionBody> & { requiresVerification: boolean; tempPassword: null; email?: string } & ApiError;

describe('google login', () => {
  let google: FakeGoogle;
  let t: TestApp;
  beforeAll(async () => {
    google = await new FakeGoogle().start();
    t = await createTestApp({ env: google.env() });
  });
  afterAll(async () => {
    await t.close();
    await google.stop();
  });

  const idToken = (claims: Record<string, unknown>, options: Partial<IdTokenOptions> = {}) =>
    google.idToken(claims, { now: t.clock.now(), ...options });
  const googleLogin = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.api.post<GoogleAnswer>('/api/auth/google-login', body, null, headers);
  const newIdentity = () => ({ sub: `g-${uniqueEmail('sub')}`, email: uniqueEmail('grace') });

  it('creates a verified account on first sign-in and finds it again by sub', async () => {
    const identity = newIdentity();
    const res = await googleLogin({ id_token: await idToken(identity), deviceId: 'dev_aaaabbbbcccc', platform: 'windows' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ requiresVerification: false, tempPassword: null });
    expect(res.body.user).toMatchObject({ email: identity.email, firstName: 'Grace', lastName: 'Hopper', isEmailVerified: true });
    expect((await t.api.get<{ currentPlan: { name: string } }>('/api/subscription/status', res.body.token)).body.currentPlan.name).toBe(
      'free',
    );
    const session = await t.app.ctx.db
      .selectFrom('sessions')
      .select('device_id')
      .where('user_id', '=', res.body.user?.id ?? '')
      .executeTakeFirst();
    // The id alone binds nothing (any script could send it): the browser registers next, which binds the session.
    expect(session?.device_id).toBeNull();

    // Google may report a new address later: the account is still found by its sub.
    const again = await googleLogin({ id_token: await idToken({ ...identity, email: uniqueEmail('renamed') }) });
    expect(again.status).toBe(200);
    expect(again.body.user?.id).toBe(res.body.user?.id);
    expect(google.jwksRequests).toBe(1);
  });

  it.each([
    ['a wrong audience', {}, { audience: 'someone-elses-client' }],
    ['a wrong issuer', {}, { issuer: 'https://evil.example.com' }],
    ['a forged signature', {}, { forged: true }],
    ['an expired token', {}, { expiresInSeconds: -120 }],
    ['a nonce that does not match', { nonce: 'nonce-from-the-token' }, {}],
  ])('refuses %s', async (_label, claims, options) => {
    const nonce = 'nonce-the-app-sent';
    // The same token with only the broken part fixed would pass, so the refusal is for that part.
    const good = await googleLogin({ id_token: await idToken({ ...newIdentity(), nonce }), nonce });
    expect(good.status).toBe(200);
    const res = await googleLogin({ id_token: await idToken({ ...newIdentity(), nonce, ...claims }, options), nonce });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'GOOGLE_TOKEN_INVALID', message: 'Google sign-in failed. Please try again.' });
  });

  it('refuses a token carrying a nonce when the app sent none, and accepts a matching one', async () => {
    const token = await idToken({ ...newIdentity(), nonce: 'n-123' });
    expect((await googleLogin({ id_token: token })).status).toBe(401);
    expect((await googleLogin({ id_token: token, nonce: 'n-123' })).status).toBe(200);
  });

  it('refuses something that is not a JWT at all', async () => {
    const res = await googleLogin({ id_token: 'not-a-jwt' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('GOOGLE_TOKEN_INVALID');
  });

  it('holds back an address Google has not verified until our mailed link is followed', async () => {
    const identity = newIdentity();
    const first = await googleLogin({ id_token: await idToken({ ...identity, email_verified: false }) });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ requiresVerification: true, email: identity.email, tempPassword: null });

    const later = await googleLogin({ id_token: await idToken({ ...identity, email_verified: false }) });
    expect(later.status).toBe(403);
    expect(later.body).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: 'Please verify your email address first. Check your inbox.' });

    const link = linkTo(await nthMail(t.mail, identity.email, VERIFY_SUBJECT, 1), '/verify-email');
    expect((await t.api.post('/api/auth/verify-email', { token: tokenOf(link) })).status).toBe(200);
    const verified = await googleLogin({ id_token: await idToken({ ...identity, email_verified: false }) });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email: identity.email, isEmailVerified: true });
  });

  it('links an existing password account when Google has verified the address', async () => {
    const user = await registerUser(t.api);
    const res = await googleLogin({ id_token: await idToken({ sub: 'g-link-1', email: user.email }) });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.user.id, isEmailVerified: true });
    expect((await t.api.post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(200);
  });

  it('does not link an existing account on an address Google has not verified', async () => {
    const user = await registerUser(t.api);
    const res = await googleLogin({ id_token: await idToken({ sub: 'g-takeover', email: user.email, email_verified: false }) });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_IN_USE');
    const row = await t.app.ctx.db.selectFrom('users').select('google_sub').where('id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(row.google_sub).toBeNull();
  });

  it('gives a Google-only account no password sign-in until one is set through reset', async () => {
    const identity = newIdentity();
    const session = await googleLogin({ id_token: await idToken(identity) });
    const login = await t.api.post<ApiError>('/api/auth/login', { email: identity.email, password: 'any password at all' });
    expect(login.status).toBe(401);
    expect(login.body.code).toBe('INVALID_CREDENTIALS');

    const del = await t.api.post<ApiError>('/api/account/delete', { password: 'guess' }, session.body.token, {
      'x-account-action': 'delete',
    });
    expect(del.status).toBe(403);
    expect(del.body.code).toBe('INCORRECT_PASSWORD');
    expect(del.body.message).toMatch(/forgot password/i);

    await t.api.post('/api/auth/reset-password-request', { email: identity.email });
    const link = linkTo(await nthMail(t.mail, identity.email, /reset/i, 1), '/reset-password');
    expect((await t.api.post('/api/auth/reset-password', { token: tokenOf(link), newPassword: 'now I have one' })).status).toBe(200);
    expect((await t.api.post('/api/auth/login', { email: identity.email, password: 'now I have one' })).status).toBe(200);
  });

  it('checks the request body', async () => {
    const res = await googleLogin({ deviceId: 'dev_x' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('google login with the default issuer', () => {
  let google: FakeGoogle;
  let t: TestApp;
  beforeAll(async () => {
    google = await new FakeGoogle().start();
    t = await createTestApp({ env: { GOOGLE_CLIENT_ID: google.clientId, OIDC_JWKS_URL: google.jwks } });
  });
  afterAll(async () => {
    await t.close();
    await google.stop();
  });

  it('accepts both spellings of Google’s issuer, and the first account is an admin', async () => {
    for (const [n, issuer] of ['https://accounts.google.com', 'accounts.google.com'].entries()) {
      const token = await google.idToken({ sub: `g-${n}`, email: `issuer-${n}@example.com` }, { now: t.clock.now(), issuer });
      const res = await t.api.post<SessionBody>('/api/auth/google-login', { id_token: token });
      expect(res.status).toBe(200);
      expect(res.body.user.isAdmin).toBe(n === 0);
    }
  });
});

describe('google login when the provider cannot be reached', () => {
  it('answers 503 GOOGLE_LOGIN_UNAVAILABLE rather than blaming the token', async () => {
    const google = await new FakeGoogle().start();
    const env = google.env();
    await google.stop(); // nothing listens on the JWKS address any more
    const t = await createTestApp({ env });
    try {
      const token = await google.idToken({ sub: 'g-down', email: 'down@example.com' }, { now: t.clock.now() });
      const res = await t.api.post<ApiError>('/api/auth/google-login', { id_token: token });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('GOOGLE_LOGIN_UNAVAILABLE');
    } finally {
      await t.close();
    }
  });
});

describe('google login when not configured', () => {
  it('answers 503 GOOGLE_LOGIN_UNAVAILABLE', async () => {
    const t = await createTestApp();
    try {
      const res = await t.api.post<ApiError>('/api/auth/google-login', { id_token: 'whatever' });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ code: 'GOOGLE_LOGIN_UNAVAILABLE', message: 'Google Sign-In is currently unavailable' });
    } finally {
      await t.close();
    }
  });
});
