import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { changeEmail, linkTo, nthMail, registerUser, RESET_SUBJECT, tokenOf, uniqueEmail, type ApiError } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const NEW_PASSWORD = 'a brand new passphrase';

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const requestReset = (email: string) => t.api.post<{ success: boolean; message: string }>('/api/auth/reset-password-request', { email });
  const resetPassword = (token: string, newPassword = NEW_PASSWORD) =>
    t.api.post<{ success: boolean } & ApiError>('/api/auth/reset-password', { token, newPassword });
  const mailedToken = async (email: string, n = 1) => tokenOf(linkTo(await nthMail(t.mail, email, RESET_SUBJECT, n), '/reset-password'));
  const login = (email: string, password: string) => t.api.post<ApiError>('/api/auth/login', { email, password });

  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const user = await registerUser(t.api);
    const stranger = uniqueEmail('stranger');
    const known = await requestReset(user.email);
    const unknown = await requestReset(stranger);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.success).toBe(true);
    expect(known.body.message).toMatch(/if an account exists/i);

    const mail = await nthMail(t.mail, user.email, RESET_SUBJECT, 1);
    expect(linkTo(mail, '/reset-password')).toMatch(/^http:\/\/loadout\.test\/reset-password\?token=[\w-]{43}$/);
    expect(mail.text).toContain('expires in 1 hour');
    const outbox = await t.app.ctx.db.selectFrom('outbox').select('id').where('to_address', '=', stranger).execute();
    expect(outbox).toHaveLength(0);
  });

  it('sets the new password, verifies the address and signs out every session', async () => {
    const user = await registerUser(t.api);
    await requestReset(user.email);
    const res = await resetPassword(await mailedToken(user.email));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);

    const old = await login(user.email, user.password);
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('INVALID_CREDENTIALS');
    const fresh = await t.api.post<{ token: string; user: { isEmailVerified: boolean } }>('/api/auth/login', {
      email: user.email,
      password: NEW_PASSWORD,
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.user.isEmailVerified).toBe(true);

    const stale = await t.api.get<ApiError>('/api/account', user.token);
    expect(stale.body.code).toBe('TOKEN_REVOKED');
    expect((await t.api.post<ApiError>('/api/auth/refresh', { refreshToken: user.refreshToken })).body.code).toBe('TOKEN_REVOKED');
  });

  it('works once only', async () => {
    const user = await registerUser(t.api);
    await requestReset(user.email);
    const token = await mailedToken(user.email);
    expect((await resetPassword(token)).status).toBe(200);
    const again = await resetPassword(token, 'yet another passphrase');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'EMAIL_TOKEN_INVALID', message: 'This reset link is invalid or has already been used.' });
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('expires after an hour', async () => {
    const user = await registerUser(t.api);
    await requestReset(user.email);
    const token = await mailedToken(user.email);
    t.clock.advanceMinutes(61);
    const res = await resetPassword(token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'EMAIL_TOKEN_EXPIRED', message: 'This reset link has expired. Request a new one.' });
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('honours only the newest link', async () => {
    const user = await registerUser(t.api);
    await requestReset(user.email);
    const first = await mailedToken(user.email, 1);
    await requestReset(user.email);
    const second = await mailedToken(user.email, 2);
    expect((await resetPassword(first)).body.code).toBe('EMAIL_TOKEN_INVALID');
    expect((await resetPassword(second)).status).toBe(200);
  });

  it('checks the new password like sign-up does', async () => {
    const user = await registerUser(t.api);
    await requestReset(user.email);
    const res = await resetPassword(await mailedToken(user.email), 'short');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Password must be at least 8 characters' });
  });

  it('refuses a link sent to an address the account no longer has', async () => {
    const user = await registerUser(t.api);
    await requestReset(user.email);
    const token = await mailedToken(user.email);
    expect((await changeEmail(t.api, t.mail, user, uniqueEmail('moved'))).status).toBe(200);
    expect((await resetPassword(token)).body.code).toBe('EMAIL_TOKEN_INVALID');
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(401);
  });
});
