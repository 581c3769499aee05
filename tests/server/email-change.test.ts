import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  CHANGE_EMAIL_SUBJECT,
  changeEmail,
  EMAIL_CHANGED_SUBJECT,
  linkTo,
  nthMail,
  registerUser,
  RESET_SUBJECT,
  tokenOf,
  uniqueEmail,
  type ApiError,
} from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

interface Account {
  email: string;
  isEmailVerified: boolean;
}

/** A stolen access token alone must not move the account to another address. */
describe('changing the e-mail address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (token: string, body: Record<string, unknown>) =>
    t.api.put<ApiError & { pendingEmail: string | null }>('/api/account', body, token);
  const accountOf = async (token: string) => (await t.api.get<Account>('/api/account', token)).body;

  it('needs the current password: a bearer token alone changes nothing', async () => {
    const user = await registerUser(t.api);
    const target = uniqueEmail('attacker');
    const missing = await put(user.token, { firstName: 'Ada', lastName: 'Lovelace', email: target });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: 'CURRENT_PASSWORD_REQUIRED',
      message: 'Current password is required to change email',
      details: { currentPassword: 'Current password is required to change email' },
    });
    const wrong = await put(user.token, { firstName: 'Ada', lastName: 'Lovelace', email: target, currentPassword: 'not the password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ code: 'INVALID_CURRENT_PASSWORD', message: 'Current password is incorrect' });
    expect((await accountOf(user.token)).email).toBe(user.email);
    expect(t.mail.to(target)).toHaveLength(0);
  });

  it('moves the account when the new address confirms, and tells the old one with a link that undoes it', async () => {
    const user = await registerUser(t.api);
    const newEmail = uniqueEmail('new');
    const res = await put(user.token, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: newEmail.toUpperCase(),
      currentPassword: user.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, pendingEmail: newEmail, passwordChanged: false, user: { email: user.email } });
    // Until the new address confirms, the account keeps the old one.
    expect((await accountOf(user.token)).email).toBe(user.email);
    const confirm = await nthMail(t.mail, newEmail, CHANGE_EMAIL_SUBJECT, 1);
    expect((await t.api.post('/api/auth/verify-email', { token: tokenOf(linkTo(confirm, '/verify-email')) })).body).toEqual({
      success: true,
      email: newEmail,
      alreadyVerified: false,
    });
    expect(await accountOf(user.token)).toMatchObject({ email: newEmail, isEmailVerified: true });
    expect((await t.api.post('/api/auth/login', { email: newEmail, password: user.password })).status).toBe(200);

    const notice = await nthMail(t.mail, user.email, EMAIL_CHANGED_SUBJECT, 1);
    expect(notice.text).toContain(newEmail);
    expect(linkTo(notice, '/undo-email-change')).toMatch(/^http:\/\/loadout\.test\/undo-email-change\?token=[\w-]{43}$/);
  });

  it('answers a move to an address another account has like any other, changing nothing', async () => {
    const owner = await registerUser(t.api);
    const user = await registerUser(t.api);
    const toTaken = await put(user.token, { firstName: 'B', lastName: 'Bee', email: owner.email, currentPassword: user.password });
    const toFree = await put(user.token, { firstName: 'B', lastName: 'Bee', email: uniqueEmail('free'), currentPassword: user.password });
    expect(toTaken.status).toBe(toFree.status);
    expect(Object.keys(toTaken.body).sort()).toEqual(Object.keys(toFree.body).sort());
    expect(toTaken.body.pendingEmail).toBe(owner.email);
    const notice = await nthMail(t.mail, owner.email, /tried to move a loadout account/i, 1);
    expect(notice.links).toEqual(['http://loadout.test/sign-in']);
    expect((await accountOf(user.token)).email).toBe(user.email);
    expect((await accountOf(owner.token)).email).toBe(owner.email);
  });

  it('undoes a change the owner did not make: old address back, everyone signed out, password cleared', async () => {
    const victim = await registerUser(t.api);
    const attacker = uniqueEmail('attacker');
    expect((await changeEmail(t.api, t.mail, victim, attacker)).status).toBe(200);
    const undoLink = linkTo(await nthMail(t.mail, victim.email, EMAIL_CHANGED_SUBJECT, 1), '/undo-email-change');

    const undone = await t.api.post('/api/auth/undo-email-change', { token: tokenOf(undoLink) });
    expect(undone).toMatchObject({ status: 200, body: { success: true, email: victim.email } });
    expect((await t.api.get<ApiError>('/api/account', victim.token)).body.code).toBe('TOKEN_REVOKED');
    // Whoever knew the password is out too; the owner chooses a new one through the restored address.
    expect((await t.api.post('/api/auth/login', { email: victim.email, password: victim.password })).status).toBe(401);
    expect((await t.api.post('/api/auth/login', { email: attacker, password: victim.password })).status).toBe(401);
    await t.api.post('/api/auth/reset-password-request', { email: victim.email });
    const reset = tokenOf(linkTo(await nthMail(t.mail, victim.email, RESET_SUBJECT, 1), '/reset-password'));
    expect((await t.api.post('/api/auth/reset-password', { token: reset, newPassword: 'my own account again' })).status).toBe(200);
    expect((await t.api.post('/api/auth/login', { email: victim.email, password: 'my own account again' })).status).toBe(200);

    const again = await t.api.post<ApiError>('/api/auth/undo-email-change', { token: tokenOf(undoLink) });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'EMAIL_TOKEN_INVALID', message: 'This link is invalid or has already been used.' });
  });

  it('keeps the undo link for 7 days', async () => {
    const user = await registerUser(t.api);
    expect((await changeEmail(t.api, t.mail, user, uniqueEmail('later'))).status).toBe(200);
    const undoLink = linkTo(await nthMail(t.mail, user.email, EMAIL_CHANGED_SUBJECT, 1), '/undo-email-change');
    t.clock.advanceHours(7 * 24 + 1);
    const late = await t.api.post<ApiError>('/api/auth/undo-email-change', { token: tokenOf(undoLink) });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('EMAIL_TOKEN_EXPIRED');
  });
});
