import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiError, registerUser, signUpPayload, uniqueEmail } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const WINDOW_MS = 15 * 60_000;
const MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

describe('rate limits on sign-in, sign-up, reset and resend', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    // Generous while a test sets up its users; each test then tightens the limits it checks.
    t.config.rateLimit = { authPerIp: 1000, authPerAccount: 1000, windowMs: WINDOW_MS };
    t.clock.advance(WINDOW_MS);
  });
  const tighten = (authPerIp: number, authPerAccount: number) => {
    t.config.rateLimit = { authPerIp, authPerAccount, windowMs: WINDOW_MS };
  };
  const from = (ip: string) => ({ remoteAddress: ip });
  const post = (url: string, payload: unknown, ip: string, token?: string) =>
    t.api.request<ApiError>({ method: 'POST', url, payload: payload as object, token, ...from(ip) });

  const expectLimited = (res: { status: number; body: ApiError; headers: Record<string, unknown> }) => {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ code: 'RATE_LIMITED', message: MESSAGE });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
  };

  it('limits password guesses per account across IPs, even with the right password, until the window passes', async () => {
    const user = await registerUser(t.api);
    tighten(100, 3);
    for (let i = 0; i < 3; i += 1) {
      expect((await post('/api/auth/login', { email: user.email, password: 'wrong guess' }, `10.1.0.${i}`)).status).toBe(401);
    }
    expectLimited(await post('/api/auth/login', { email: user.email, password: user.password }, '10.1.0.9'));
    // Another account is not affected.
    const other = await registerUser(t.api);
    expect((await post('/api/auth/login', { email: other.email, password: other.password }, '10.1.0.9')).status).toBe(200);

    t.clock.advance(WINDOW_MS);
    expect((await post('/api/auth/login', { email: user.email, password: user.password }, '10.1.0.9')).status).toBe(200);
  });

  it('limits sign-in attempts per IP across accounts', async () => {
    tighten(4, 100);
    for (let i = 0; i < 4; i += 1) {
      expect((await post('/api/auth/login', { email: uniqueEmail(), password: 'whatever1' }, '10.2.0.1')).status).toBe(401);
    }
    expectLimited(await post('/api/auth/login', { email: uniqueEmail(), password: 'whatever1' }, '10.2.0.1'));
    expect((await post('/api/auth/login', { email: uniqueEmail(), password: 'whatever1' }, '10.2.0.2')).status).toBe(401);
  });

  it('limits sign-ups per IP before creating anything', async () => {
    tighten(2, 100);
    expect((await post('/api/auth/register', signUpPayload(), '10.3.0.1')).status).toBe(201);
    expect((await post('/api/auth/register', signUpPayload(), '10.3.0.1')).status).toBe(201);
    const payload = signUpPayload();
    expectLimited(await post('/api/auth/register', payload, '10.3.0.1'));
    const rows = await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', String(payload.email)).execute();
    expect(rows).toHaveLength(0);
  });

  it('limits reset requests per account and per IP, without telling whether the account exists', async () => {
    const user = await registerUser(t.api);
    tighten(100, 2);
    for (const ip of ['10.4.0.1', '10.4.0.2']) expect((await post('/api/auth/reset-password-request', { email: user.email }, ip)).status).toBe(200);
    expectLimited(await post('/api/auth/reset-password-request', { email: user.email }, '10.4.0.3'));
    const stranger = uniqueEmail('stranger');
    for (const ip of ['10.4.0.1', '10.4.0.2']) expect((await post('/api/auth/reset-password-request', { email: stranger }, ip)).status).toBe(200);
    expectLimited(await post('/api/auth/reset-password-request', { email: stranger }, '10.4.0.3'));

    tighten(1, 100);
    expect((await post('/api/auth/reset-password-request', { email: uniqueEmail() }, '10.4.1.1')).status).toBe(200);
    expectLimited(await post('/api/auth/reset-password-request', { email: uniqueEmail() }, '10.4.1.1'));
  });

  it('limits completing reset links per IP', async () => {
    tighten(2, 100);
    for (let i = 0; i < 2; i += 1) {
      expect((await post('/api/auth/reset-password', { token: `guess-${i}`, newPassword: 'long enough' }, '10.5.0.1')).status).toBe(400);
    }
    expectLimited(await post('/api/auth/reset-password', { token: 'guess-3', newPassword: 'long enough' }, '10.5.0.1'));
  });

  it('limits verification resends per account', async () => {
    const user = await registerUser(t.api);
    tighten(100, 2);
    for (const ip of ['10.6.0.1', '10.6.0.2']) expect((await post('/api/auth/resend-verification', undefined, ip, user.token)).status).toBe(200);
    expectLimited(await post('/api/auth/resend-verification', undefined, '10.6.0.3', user.token));
  });

  it('limits Google sign-in per IP', async () => {
    tighten(2, 100);
    for (let i = 0; i < 2; i += 1) expect((await post('/api/auth/google-login', { id_token: 'x' }, '10.7.0.1')).status).toBe(503);
    expectLimited(await post('/api/auth/google-login', { id_token: 'x' }, '10.7.0.1'));
  });

  it('keeps separate counters per action', async () => {
    tighten(1, 100);
    expect((await post('/api/auth/login', { email: uniqueEmail(), password: 'whatever1' }, '10.8.0.1')).status).toBe(401);
    expectLimited(await post('/api/auth/login', { email: uniqueEmail(), password: 'whatever1' }, '10.8.0.1'));
    expect((await post('/api/auth/register', signUpPayload(), '10.8.0.1')).status).toBe(201);
  });
});
