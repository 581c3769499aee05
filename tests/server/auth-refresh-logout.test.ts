import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { REFRESH_REUSE_GRACE_MS } from '../../src/server/services/session.service';
import { loginUser, registerUser, type ApiError } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

interface Tokens {
  token: string;
  refreshToken: string;
}

describe('refresh and logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const refresh = (refreshToken: string) => t.api.post<Tokens & ApiError>('/api/auth/refresh', { refreshToken });

  it('expires the access token after 15 minutes; the refresh token then gets a new one', async () => {
    const user = await registerUser(t.api);
    t.clock.advanceMinutes(14);
    expect((await t.api.get('/api/account', user.token)).status).toBe(200);
    t.clock.advanceMinutes(2);
    const expired = await t.api.get<ApiError>('/api/account', user.token);
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('TOKEN_EXPIRED');

    const res = await refresh(user.refreshToken);
    expect(res.status).toBe(200);
    expect(res.body.refreshToken).not.toBe(user.refreshToken);
    const account = await t.api.get<{ id: string }>('/api/account', res.body.token);
    expect(account.status).toBe(200);
    expect(account.body.id).toBe(user.user.id);
  });

  it('rotates: each refresh token works once and the chain keeps going', async () => {
    const user = await registerUser(t.api);
    let current = user.refreshToken;
    for (let i = 0; i < 3; i += 1) {
      const res = await refresh(current);
      expect(res.status).toBe(200);
      current = res.body.refreshToken;
    }
    expect((await refresh(current)).status).toBe(200);
  });

  it('treats a refresh token presented again after the grace as theft: the whole session ends', async () => {
    const user = await registerUser(t.api);
    const rotated = await refresh(user.refreshToken);
    expect(rotated.status).toBe(200);

    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1_000);
    const reuse = await refresh(user.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('REFRESH_TOKEN_REUSED');

    // The newer refresh token and every access token of that session are dead too.
    const newer = await refresh(rotated.body.refreshToken);
    expect(newer.status).toBe(401);
    expect(newer.body.code).toBe('TOKEN_REVOKED');
    for (const token of [user.token, rotated.body.token]) {
      const res = await t.api.get<ApiError>('/api/account', token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('TOKEN_REVOKED');
    }
  });

  it('keeps other sessions of the same user alive when one is revoked for reuse', async () => {
    const user = await registerUser(t.api);
    const laptop = await loginUser(t.api, user.email, user.password);
    await refresh(user.refreshToken);
    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1_000);
    expect((await refresh(user.refreshToken)).body.code).toBe('REFRESH_TOKEN_REUSED');
    expect((await t.api.get('/api/account', laptop.token)).status).toBe(200);
    expect((await refresh(laptop.refreshToken)).status).toBe(200);
  });

  it('gives two tabs refreshing with the same token at once a successor each, and keeps the session', async () => {
    const user = await registerUser(t.api);
    const results = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results[0].body.refreshToken).not.toBe(results[1].body.refreshToken);
    for (const result of results) {
      expect((await t.api.get('/api/account', result.body.token)).status).toBe(200);
      expect((await refresh(result.body.refreshToken)).status).toBe(200);
    }
  });

  it('keeps a page signed in that reloaded before its refresh answered: the spent token works once more within the grace', async () => {
    const user = await registerUser(t.api);
    // The first page's refresh rotated the token, but its answer went to a page that is gone.
    expect((await refresh(user.refreshToken)).status).toBe(200);
    t.clock.advance(REFRESH_REUSE_GRACE_MS - 1_000);
    const reloaded = await refresh(user.refreshToken);
    expect(reloaded.status).toBe(200);
    expect((await t.api.get('/api/account', reloaded.body.token)).status).toBe(200);
    const next = await refresh(reloaded.body.refreshToken);
    expect(next.status).toBe(200);
    // The grace runs from the token's first use, not from the last: later it is theft again.
    t.clock.advance(2_000);
    expect((await refresh(user.refreshToken)).body.code).toBe('REFRESH_TOKEN_REUSED');
    expect((await refresh(next.body.refreshToken)).body.code).toBe('TOKEN_REVOKED');
  });

  it('refuses unknown and expired refresh tokens', async () => {
    const unknown = await refresh('this-token-was-never-issued');
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('REFRESH_TOKEN_INVALID');

    const user = await registerUser(t.api);
    t.clock.advanceHours(24 * 30 + 1);
    const expired = await refresh(user.refreshToken);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ code: 'REFRESH_TOKEN_INVALID', message: 'Your session has expired. Please sign in again.' });
  });

  it('refuses a refresh request without a token', async () => {
    const res = await t.api.post<ApiError>('/api/auth/refresh', {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('logout ends the session: its access token and refresh token stop working', async () => {
    const user = await registerUser(t.api);
    const res = await t.api.post<{ success: boolean }>('/api/auth/logout', undefined, user.token, { 'x-device-id': 'dev_123456789012' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    const after = await t.api.get<ApiError>('/api/auth/verify', user.token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('TOKEN_REVOKED');
    const refreshed = await refresh(user.refreshToken);
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.code).toBe('TOKEN_REVOKED');
  });

  it('accepts logout with a JSON content type and an empty body', async () => {
    const user = await registerUser(t.api);
    const res = await t.api.request({
      method: 'POST',
      url: '/api/auth/logout',
      token: user.token,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.status).toBe(200);
  });

  it('refuses logout and verify without a token', async () => {
    for (const res of [await t.api.post<ApiError>('/api/auth/logout'), await t.api.get<ApiError>('/api/auth/verify')]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('AUTHENTICATION_REQUIRED');
    }
  });
});
