import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  changeEmail,
  linkTo,
  loginUser,
  nthMail,
  registerUser,
  tokenOf,
  uniqueEmail,
  VERIFY_SUBJECT,
  type ApiError,
} from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const INVALID = 'This verification link is invalid or has already been used.';
const EXPIRED = 'This verification link has expired. Request a new one from Settings.';

describe('e-mail verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const verifyEmail = (token: string) =>
    t.api.post<{ success: boolean; email: string; alreadyVerified: boolean } & ApiError>('/api/auth/verify-email', { token });
  const emailStatus = (token: string) => t.api.get<{ email: string; isEmailVerified: boolean }>('/api/auth/email-status', token);
  const mailedToken = async (email: string, n = 1) => tokenOf(linkTo(await nthMail(t.mail, email, VERIFY_SUBJECT, n), '/verify-email'));

  it('verifies the address when the mailed link is followed, once', async () => {
    const user = await registerUser(t.api);
    expect((await emailStatus(user.token)).body).toEqual({ email: user.email, isEmailVerified: false });

    const token = await mailedToken(user.email);
    const res = await verifyEmail(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, email: user.email, alreadyVerified: false });
    expect((await emailStatus(user.token)).body).toEqual({ email: user.email, isEmailVerified: true });
    expect((await t.api.get<{ isEmailVerified: boolean }>('/api/account', user.token)).body.isEmailVerified).toBe(true);

    // Opening the link again says so, and changes nothing.
    const again = await verifyEmail(token);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, email: user.email, alreadyVerified: true });
  });

  it('refuses a used link once the account has moved to another address', async () => {
    const user = await registerUser(t.api);
    const token = await mailedToken(user.email);
    expect((await verifyEmail(token)).status).toBe(200);
    const moved = `moved-${user.email}`;
    await t.app.ctx.db.updateTable('users').set({ email: moved }).where('email', '=', user.email).execute();
    const again = await verifyEmail(token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'EMAIL_TOKEN_INVALID', message: INVALID });
  });

  it('refuses a link after 48 hours', async () => {
    const user = await registerUser(t.api);
    const token = await mailedToken(user.email);
    t.clock.advanceHours(48);
    const res = await verifyEmail(token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'EMAIL_TOKEN_EXPIRED', message: EXPIRED });
    const session = await loginUser(t.api, user.email, user.password);
    expect((await emailStatus(session.token)).body.isEmailVerified).toBe(false);
  });

  it('refuses a made-up token', async () => {
    const res = await verifyEmail('x'.repeat(43));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('EMAIL_TOKEN_INVALID');
  });

  it('resends a fresh link on request, and the earlier link stops working', async () => {
    const user = await registerUser(t.api);
    const first = await mailedToken(user.email, 1);
    const res = await t.api.post<{ success: boolean }>('/api/auth/resend-verification', undefined, user.token);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const second = await mailedToken(user.email, 2);
    expect(second).not.toBe(first);

    expect((await verifyEmail(first)).body.code).toBe('EMAIL_TOKEN_INVALID');
    expect((await verifyEmail(second)).status).toBe(200);
  });

  it('will not resend once the address is verified', async () => {
    const user = await registerUser(t.api);
    await verifyEmail(await mailedToken(user.email));
    const res = await t.api.post<ApiError>('/api/auth/resend-verification', undefined, user.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'EMAIL_ALREADY_VERIFIED', message: 'Your email address is already verified.' });
  });

  it('needs a signed-in user to resend or read the status', async () => {
    expect((await t.api.post<ApiError>('/api/auth/resend-verification')).body.code).toBe('AUTHENTICATION_REQUIRED');
    expect((await t.api.get<ApiError>('/api/auth/email-status')).body.code).toBe('AUTHENTICATION_REQUIRED');
  });

  it('does not verify anything with a link sent to an address the account has moved away from', async () => {
    const user = await registerUser(t.api);
    const oldToken = await mailedToken(user.email);
    const newEmail = uniqueEmail('moved');
    const moved = await changeEmail(t.api, t.mail, user, newEmail);
    expect(moved).toMatchObject({ status: 200, body: { success: true, email: newEmail } });
    expect((await emailStatus(user.token)).body).toEqual({ email: newEmail, isEmailVerified: true });

    const res = await verifyEmail(oldToken);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('EMAIL_TOKEN_INVALID');
    expect((await emailStatus(user.token)).body).toEqual({ email: newEmail, isEmailVerified: true });
  });
});
