import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  linkTo,
  loginUser,
  registerUser,
  signUpPayload,
  uniqueEmail,
  VERIFY_SUBJECT,
  type ApiError,
  type SessionBody,
} from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes the first account on an empty database an admin, and later ones not', async () => {
    const first = await registerUser(t.api);
    const second = await registerUser(t.api);
    expect(first.user.isAdmin).toBe(true);
    expect(second.user.isAdmin).toBe(false);
  });

  it('makes accounts listed in ADMIN_EMAILS admins', async () => {
    const boss = await registerUser(t.api, { email: 'Boss@Example.com' });
    expect(boss.user).toMatchObject({ email: 'boss@example.com', isAdmin: true });
  });

  it('accepts the sign-up with no session, stores its fields on the free plan, and the password then signs in', async () => {
    const payload = signUpPayload({ careerField: 'Design', dateOfBirth: '1985-12-01', receiveEmails: true });
    const res = await t.api.post<Record<string, unknown>>('/api/auth/register', payload);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      requiresVerification: true,
      email: payload.email,
      message: 'Check your inbox: we sent a link to confirm your email address.',
    });

    const signIn = await t.api.post<SessionBody>('/api/auth/login', { email: payload.email, password: payload.password }, null, {
      'x-device-id': 'dev_abc123def456',
      'user-agent': 'LoadoutTest/1.0',
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user).toMatchObject({ email: payload.email, firstName: 'Ada', lastName: 'Lovelace', isEmailVerified: false });
    expect(signIn.body.refreshToken.length).toBeGreaterThanOrEqual(43);
    const account = await t.api.get<Record<string, unknown>>('/api/account', signIn.body.token);
    expect(account.body).toMatchObject({ careerField: 'Design', dateOfBirth: '1985-12-01', receiveEmails: true, isEmailVerified: false });
    const plan = await t.api.get<{ currentPlan: { name: string } }>('/api/subscription/status', signIn.body.token);
    expect(plan.body.currentPlan.name).toBe('free');

    const row = await t.app.ctx.db
      .selectFrom('users')
      .select(['terms_accepted_at', 'password_hash'])
      .where('id', '=', signIn.body.user.id)
      .executeTakeFirstOrThrow();
    expect(row.terms_accepted_at).toBe(t.clock.now().toISOString());
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const session = await t.app.ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', signIn.body.user.id)
      .executeTakeFirstOrThrow();
    // A device id in the header alone binds no device to the session: only registering, or showing
    // the device's secret, does (device-identity.test.ts).
    expect(session).toMatchObject({ device_id: null, user_agent: 'LoadoutTest/1.0' });
  });

  it('mails a verification link to the new address', async () => {
    const user = await registerUser(t.api);
    const mail = await t.mail.waitFor(user.email, VERIFY_SUBJECT);
    expect(linkTo(mail, '/verify-email')).toMatch(/^http:\/\/loadout\.test\/verify-email\?token=[\w-]{43}$/);
    expect(mail.text).toContain('48 hours');
  });
});

describe('login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in with the right password and the session works', async () => {
    const user = await registerUser(t.api);
    const res = await t.api.post<SessionBody>('/api/auth/login', { email: `  ${user.email.toUpperCase()} `, password: user.password });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.user.id, email: user.email });
    const verify = await t.api.get<{ valid: boolean; user: { id: string } }>('/api/auth/verify', res.body.token);
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ valid: true, user: { id: user.user.id } });
  });

  it('answers a wrong password and an unknown address identically', async () => {
    const user = await registerUser(t.api);
    const wrong = await t.api.post<ApiError>('/api/auth/login', { email: user.email, password: 'not the password' });
    const unknown = await t.api.post<ApiError>('/api/auth/login', { email: uniqueEmail('nobody'), password: 'whatever-it-is' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    }
  });

  it('starts an independent session per sign-in', async () => {
    const user = await registerUser(t.api);
    const other = await loginUser(t.api, user.email, user.password);
    expect(other.token).not.toBe(user.token);
    expect(other.refreshToken).not.toBe(user.refreshToken);
    expect((await t.api.post('/api/auth/logout', undefined, other.token)).status).toBe(200);
    expect((await t.api.get('/api/auth/verify', user.token)).status).toBe(200);
  });

  it('does not record an over-long device id', async () => {
    const user = await registerUser(t.api);
    const res = await t.api.post<SessionBody>('/api/auth/login', { email: user.email, password: user.password }, null, {
      'x-device-id': `dev_${'x'.repeat(100)}`,
    });
    expect(res.status).toBe(200);
    const sessions = await t.app.ctx.db.selectFrom('sessions').select('device_id').where('user_id', '=', user.user.id).execute();
    expect(sessions.map((s) => s.device_id)).toEqual([null, null]);
  });
});

describe('the first account', () => {
  it('is the only admin even when several people sign up at the same moment', async () => {
    const t = await createTestApp();
    try {
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) => t.api.post('/api/auth/register', signUpPayload({ email: `first-${i}@example.test` }))),
      );
      expect(results.map((res) => res.status)).toEqual([202, 202, 202, 202, 202]);
      const admins = await t.app.ctx.db.selectFrom('users').select('email').where('is_admin', '=', 1).execute();
      expect(admins).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
