import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loginUser, registerUser, type ApiError } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

interface Account {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isEmailVerified: boolean;
}
type UpdateAnswer = { success: boolean; pendingEmail: string | null; passwordChanged: boolean; user: Account } & ApiError;

describe('account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const update = (token: string, body: Record<string, unknown>) => t.api.put<UpdateAnswer>('/api/account', body, token);
  const deleteAccount = (token: string, body: unknown, headers: Record<string, string> = { 'x-account-action': 'delete' }) =>
    t.api.post<{ success: boolean } & ApiError>('/api/account/delete', body, token, headers);

  it('answers the signed-in account', async () => {
    const user = await registerUser(t.api, { firstName: 'Mary', lastName: 'Shelley' });
    const res = await t.api.get<Account>('/api/account', user.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.user.id, firstName: 'Mary', lastName: 'Shelley', email: user.email, isEmailVerified: false });
    expect((await t.api.get<ApiError>('/api/account')).body.code).toBe('AUTHENTICATION_REQUIRED');
  });

  it('changes names and nothing else', async () => {
    const user = await registerUser(t.api);
    const res = await update(user.token, { firstName: ' Augusta ', lastName: 'King', email: user.email });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      pendingEmail: null,
      passwordChanged: false,
      user: { firstName: 'Augusta', lastName: 'King' },
    });
    expect((await t.api.get<Account>('/api/account', user.token)).body).toMatchObject({
      firstName: 'Augusta',
      lastName: 'King',
      email: user.email,
    });
  });

  it('keeps the legal last name that sign-up required, in sign-up’s words, and the date of birth as given', async () => {
    const user = await registerUser(t.api, { firstName: 'Mary', lastName: 'Shelley', dateOfBirth: '1997-08-30' });
    for (const lastName of ['', '   ', undefined]) {
      const res = await update(user.token, { firstName: 'Mary', lastName, email: user.email });
      expect(res.status, JSON.stringify(lastName)).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'First and last name are required',
        details: { lastName: 'First and last name are required' },
      });
    }
    // Settings shows the date of birth; nothing on this call changes it.
    const renamed = await update(user.token, { firstName: 'Mary', lastName: 'Godwin', email: user.email, dateOfBirth: '2001-01-01' });
    expect(renamed.status).toBe(200);
    expect((await t.api.get<Account & { dateOfBirth: string | null }>('/api/account', user.token)).body).toMatchObject({
      firstName: 'Mary',
      lastName: 'Godwin',
      dateOfBirth: '1997-08-30',
    });
  });

  it('changes the password only with the right current one, and signs out the other sessions', async () => {
    const user = await registerUser(t.api);
    const phone = await loginUser(t.api, user.email, user.password);
    const base = { firstName: 'Ada', lastName: 'Lovelace', email: user.email, newPassword: 'the new passphrase' };

    const missing = await update(user.token, base);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Current password is required to change password');

    const wrong = await update(user.token, { ...base, currentPassword: 'not it' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ code: 'INVALID_CURRENT_PASSWORD', message: 'Current password is incorrect' });
    expect((await t.api.get('/api/account', user.token)).status).toBe(200);

    const ok = await update(user.token, { ...base, currentPassword: user.password });
    expect(ok.status).toBe(200);
    expect(ok.body.passwordChanged).toBe(true);
    expect((await t.api.get('/api/account', user.token)).status).toBe(200);
    expect((await t.api.get<ApiError>('/api/account', phone.token)).body.code).toBe('TOKEN_REVOKED');
    expect((await t.api.post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(401);
    expect((await t.api.post('/api/auth/login', { email: user.email, password: base.newPassword })).status).toBe(200);
  });

  it("never lets one user read or change another's account", async () => {
    const a = await registerUser(t.api, { firstName: 'Alice', password: 'only she knows this one' });
    const b = await registerUser(t.api, { firstName: 'Bob' });
    expect((await t.api.get<Account>('/api/account', b.token)).body.id).toBe(b.user.id);
    await update(b.token, { firstName: 'Mallory', lastName: 'Mallet', email: b.email });
    expect((await deleteAccount(b.token, { password: a.password })).status).toBe(403);
    const alice = await t.api.get<Account>('/api/account', a.token);
    expect(alice.body).toMatchObject({ id: a.user.id, firstName: 'Alice', email: a.email });
  });

  it('deletes only with the confirmation header and the right password', async () => {
    const user = await registerUser(t.api);
    const noHeader = await deleteAccount(user.token, { password: user.password }, {});
    expect(noHeader.status).toBe(400);
    expect(noHeader.body).toEqual({
      code: 'ACCOUNT_ACTION_REQUIRED',
      message: 'Confirm account deletion with the X-Account-Action: delete header',
    });
    expect((await deleteAccount(user.token, { password: user.password }, { 'x-account-action': 'remove' })).body.code).toBe(
      'ACCOUNT_ACTION_REQUIRED',
    );

    for (const body of [{}, { password: '' }, undefined]) {
      const res = await deleteAccount(user.token, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'PASSWORD_REQUIRED', message: 'Password is required' });
    }
    const wrong = await deleteAccount(user.token, { password: 'not it' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ code: 'INCORRECT_PASSWORD', message: 'Incorrect password' });
    expect((await t.api.get('/api/account', user.token)).status).toBe(200);
  });

  it('deletes the account and everything of it; its tokens then fail', async () => {
    const user = await registerUser(t.api);
    const res = await deleteAccount(user.token, { password: user.password });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);

    expect((await t.api.get<ApiError>('/api/account', user.token)).status).toBe(401);
    expect((await t.api.post<ApiError>('/api/auth/refresh', { refreshToken: user.refreshToken })).body.code).toBe('REFRESH_TOKEN_INVALID');
    expect((await t.api.post<ApiError>('/api/auth/login', { email: user.email, password: user.password })).body.code).toBe(
      'INVALID_CREDENTIALS',
    );
    for (const table of ['sessions', 'refresh_tokens', 'email_tokens', 'subscriptions'] as const) {
      const rows = await t.app.ctx.db.selectFrom(table).select('user_id').where('user_id', '=', user.user.id).execute();
      expect(rows, table).toHaveLength(0);
    }
    // The address is free again.
    expect((await registerUser(t.api, { email: user.email })).user.id).not.toBe(user.user.id);
  });

  it('answers the debug record for a signed-in user', async () => {
    const user = await registerUser(t.api);
    const res = await t.api.get('/api/account/debug', user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      userId: user.user.id,
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite',
      serverTime: t.clock.now().toISOString(),
    });
    expect((await t.api.get('/api/account/debug')).status).toBe(401);
  });
});

describe('debug routes', () => {
  it('lists the routes for admins only', async () => {
    const t = await createTestApp();
    try {
      const admin = await registerUser(t.api);
      const member = await registerUser(t.api);
      expect(admin.user.isAdmin).toBe(true);
      const denied = await t.api.get<ApiError>('/api/debug/routes', member.token);
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe('FORBIDDEN');
      expect((await t.api.get('/api/debug/routes')).status).toBe(401);

      const res = await t.api.get<{ routes: string[] }>('/api/debug/routes', admin.token);
      expect(res.status).toBe(200);
      expect(res.body.routes).toEqual(expect.arrayContaining(['POST /api/auth/login', 'GET /api/account', 'POST /api/account/delete']));
    } finally {
      await t.close();
    }
  });
});
