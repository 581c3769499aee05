import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerUser, signUpPayload, type ApiError } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('bad input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const raw = (url: string, payload: string, token?: string) =>
    t.api.request<ApiError>({ method: 'POST', url, payload, token, headers: { 'content-type': 'application/json' } });

  it.each(['/api/auth/login', '/api/auth/register', '/api/auth/refresh', '/api/auth/reset-password'])(
    'answers malformed JSON on %s with INVALID_JSON',
    async (url) => {
      const res = await raw(url, '{"email": "a@b.c", ');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'INVALID_JSON', message: 'The request body is not valid JSON' });
    },
  );

  it('answers an oversized body with 413 before looking at it', async () => {
    const res = await raw('/api/auth/login', JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(100 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await t.api.request<ApiError>({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it.each([
    ['without agreeing to the terms', { agreeToTerms: undefined }, 'You must agree to the terms'],
    ['with terms refused', { agreeToTerms: false }, 'You must agree to the terms'],
    ['without a date of birth', { dateOfBirth: undefined }, 'Date of birth is required'],
    ['with a malformed date of birth', { dateOfBirth: '17/05/1990' }, 'Date of birth is required'],
    ['without names', { firstName: '  ', lastName: '' }, 'First and last name are required'],
    ['with a short password', { password: 'short' }, 'Password must be at least 8 characters'],
    ['with a malformed address', { email: 'not-an-email' }, 'Enter a valid email address'],
    ['with a number for the address', { email: 42 }, undefined],
  ])('refuses sign-up %s', async (_label, overrides, message) => {
    const res = await t.api.post<ApiError>('/api/auth/register', signUpPayload(overrides));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    if (message) expect(res.body.message).toBe(message);
  });

  it('refuses sign-in without a password or with the wrong types', async () => {
    const missing = await t.api.post<ApiError>('/api/auth/login', { email: 'a@b.co' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Email and password are required' });
    const wrongTypes = await t.api.post<ApiError>('/api/auth/login', { email: ['a@b.co'], password: 12345678 });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.code).toBe('VALIDATION_ERROR');
    const empty = await t.api.post<ApiError>('/api/auth/login');
    expect(empty.status).toBe(400);
  });

  it('refuses a bad account update with a field message', async () => {
    const user = await registerUser(t.api);
    const res = await t.api.put<ApiError>('/api/account', { firstName: '', lastName: 'X', email: user.email }, user.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'First name is required',
      details: { firstName: 'First name is required' },
    });
    const badEmail = await t.api.put<ApiError>('/api/account', { firstName: 'A', lastName: 'X', email: 'nope' }, user.token);
    expect(badEmail.body.message).toBe('Enter a valid email address');
  });

  it('refuses over-long tokens', async () => {
    const res = await t.api.post<ApiError>('/api/auth/verify-email', { token: 'x'.repeat(600) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a token that is not a bearer JWT', async () => {
    const res = await t.api.get<ApiError>('/api/account', 'not-a-jwt');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('TOKEN_INVALID');
  });
});
