import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { registerUser, signUpPayload, uniqueEmail, type ApiError } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const WINDOW_MS = 15 * 60_000;
const MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';
const GENEROUS = {
  authPerIp: 1000,
  authPerAccount: 1000,
  loginSlowdownAfter: 1000,
  tokenPerIp: 1000,
  importsPerUser: 1000,
  windowMs: WINDOW_MS,
};

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
    t.config.rateLimit = { ...GENEROUS };
    t.clock.advance(WINDOW_MS);
  });
  const tighten = (authPerIp: number, authPerAccount: number) => {
    t.config.rateLimit = { ...GENEROUS, authPerIp, authPerAccount };
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

  const tightenLogin = (perPair: number, slowdownAfter: number) => {
    t.config.rateLimit = { ...GENEROUS, authPerAccount: perPair, loginSlowdownAfter: slowdownAfter };
  };
  const sleepsDuring = async (action: () => Promise<unknown>): Promise<number[]> => {
    const before = t.clock.sleeps.length;
    await action();
    return t.clock.sleeps.slice(before);
  };

  it('lets the owner in after wrong passwords from many addresses: slowed down, not locked out', async () => {
    const user = await registerUser(t.api);
    tightenLogin(10, 10);
    for (let i = 0; i < 10; i += 1) {
      expect((await post('/api/auth/login', { email: user.email, password: `wrong guess ${i}` }, `10.1.0.${i}`)).status).toBe(401);
    }
    let owner: Awaited<ReturnType<typeof post>> | undefined;
    const waits = await sleepsDuring(async () => {
      owner = await post('/api/auth/login', { email: user.email, password: user.password }, '10.1.0.200');
    });
    expect(owner?.status).toBe(200);
    expect(waits).toEqual([1000]);
  });

  it('refuses the address that keeps guessing one account, and only that address', async () => {
    const user = await registerUser(t.api);
    tightenLogin(3, 100);
    for (let i = 0; i < 3; i += 1)
      expect((await post('/api/auth/login', { email: user.email, password: 'wrong guess' }, '10.1.1.1')).status).toBe(401);
    // Even the right password from that address waits for the window; the owner elsewhere does not.
    expectLimited(await post('/api/auth/login', { email: user.email, password: user.password }, '10.1.1.1'));
    expect((await post('/api/auth/login', { email: user.email, password: user.password }, '10.1.1.2')).status).toBe(200);
    const other = await registerUser(t.api);
    expect((await post('/api/auth/login', { email: other.email, password: other.password }, '10.1.1.1')).status).toBe(200);

    t.clock.advance(WINDOW_MS);
    expect((await post('/api/auth/login', { email: user.email, password: user.password }, '10.1.1.1')).status).toBe(200);
  });

  it('slows every sign-in on an account under attack a little more with each failure, up to 10 s', async () => {
    const user = await registerUser(t.api);
    tightenLogin(100, 2);
    const waits = await sleepsDuring(async () => {
      for (let i = 0; i < 8; i += 1) await post('/api/auth/login', { email: user.email, password: 'wrong guess' }, `10.1.2.${i}`);
    });
    expect(waits).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    // Unknown addresses are counted alike, so the slowdown does not tell which accounts exist.
    const stranger = uniqueEmail('stranger');
    const strangerWaits = await sleepsDuring(async () => {
      for (let i = 0; i < 3; i += 1) await post('/api/auth/login', { email: stranger, password: 'wrong guess' }, `10.1.3.${i}`);
    });
    expect(strangerWaits).toEqual([1000]);
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
    expect((await post('/api/auth/register', signUpPayload(), '10.3.0.1')).status).toBe(202);
    expect((await post('/api/auth/register', signUpPayload(), '10.3.0.1')).status).toBe(202);
    const payload = signUpPayload();
    expectLimited(await post('/api/auth/register', payload, '10.3.0.1'));
    const rows = await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', String(payload.email)).execute();
    expect(rows).toHaveLength(0);
  });

  it('limits reset requests per account and per IP, without telling whether the account exists', async () => {
    const user = await registerUser(t.api);
    tighten(100, 2);
    for (const ip of ['10.4.0.1', '10.4.0.2'])
      expect((await post('/api/auth/reset-password-request', { email: user.email }, ip)).status).toBe(200);
    expectLimited(await post('/api/auth/reset-password-request', { email: user.email }, '10.4.0.3'));
    const stranger = uniqueEmail('stranger');
    for (const ip of ['10.4.0.1', '10.4.0.2'])
      expect((await post('/api/auth/reset-password-request', { email: stranger }, ip)).status).toBe(200);
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
    for (const ip of ['10.6.0.1', '10.6.0.2'])
      expect((await post('/api/auth/resend-verification', undefined, ip, user.token)).status).toBe(200);
    expectLimited(await post('/api/auth/resend-verification', undefined, '10.6.0.3', user.token));
  });

  it('limits Google sign-in per IP', async () => {
    tighten(2, 100);
    for (let i = 0; i < 2; i += 1) expect((await post('/api/auth/google-login', { id_token: 'x' }, '10.7.0.1')).status).toBe(503);
    expectLimited(await post('/api/auth/google-login', { id_token: 'x' }, '10.7.0.1'));
  });

  it('limits refresh and e-mail link calls per IP', async () => {
    const user = await registerUser(t.api);
    t.config.rateLimit = { ...GENEROUS, tokenPerIp: 3 };
    for (let i = 0; i < 3; i += 1) expect((await post('/api/auth/refresh', { refreshToken: `guess-${i}` }, '10.9.0.1')).status).toBe(401);
    expectLimited(await post('/api/auth/refresh', { refreshToken: user.refreshToken }, '10.9.0.1'));
    expect((await post('/api/auth/refresh', { refreshToken: user.refreshToken }, '10.9.0.2')).status).toBe(200);

    for (const url of ['/api/auth/verify-email', '/api/auth/undo-email-change']) {
      for (let i = 0; i < 3; i += 1) expect((await post(url, { token: `guess-${i}` }, '10.9.1.1')).status).toBe(400);
      expectLimited(await post(url, { token: 'guess-4' }, '10.9.1.1'));
    }
  });

  it('keeps separate counters per action', async () => {
    tighten(1, 100);
    expect((await post('/api/auth/login', { email: uniqueEmail(), password: 'whatever1' }, '10.8.0.1')).status).toBe(401);
    expectLimited(await post('/api/auth/login', { email: uniqueEmail(), password: 'whatever1' }, '10.8.0.1'));
    expect((await post('/api/auth/register', signUpPayload(), '10.8.0.1')).status).toBe(202);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  const attempt = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
    t.api.request<ApiError>({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail(), password: 'whatever1' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('ignores X-Forwarded-For by default, so a forged one does not escape the per-IP limit', async () => {
    const t = await createTestApp();
    try {
      t.config.rateLimit = { ...GENEROUS, authPerIp: 2 };
      expect((await attempt(t, '10.20.0.1', '203.0.113.1')).status).toBe(401);
      expect((await attempt(t, '10.20.0.1', '203.0.113.2')).status).toBe(401);
      expect((await attempt(t, '10.20.0.1', '203.0.113.3')).status).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('counts each client behind a trusted proxy on its own, and believes no one else', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '10.30.0.0/16' } });
    try {
      t.config.rateLimit = { ...GENEROUS, authPerIp: 2 };
      // Two clients behind the proxy: their own counters.
      expect((await attempt(t, '10.30.0.5', '203.0.113.1')).status).toBe(401);
      expect((await attempt(t, '10.30.0.5', '203.0.113.1')).status).toBe(401);
      expect((await attempt(t, '10.30.0.5', '203.0.113.1')).status).toBe(429);
      expect((await attempt(t, '10.30.0.5', '203.0.113.2')).status).toBe(401);
      // A client that is not the proxy cannot pick its address.
      expect((await attempt(t, '198.51.100.7', '203.0.113.9')).status).toBe(401);
      expect((await attempt(t, '198.51.100.7', '203.0.113.10')).status).toBe(401);
      expect((await attempt(t, '198.51.100.7', '203.0.113.11')).status).toBe(429);
    } finally {
      await t.close();
    }
  });
});
