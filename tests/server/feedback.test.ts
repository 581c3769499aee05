import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FeedbackItem } from '@shared/api/feedback';

import { loginUser, registerUser, type ApiError, type RegisteredUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const payload = (overrides: Record<string, unknown> = {}) => ({
  type: 'bug',
  message: 'The export button does nothing on Safari.',
  email: 'me@example.com',
  userAgent: 'Mozilla/5.0 (Macintosh) Safari/605.1.15',
  url: 'http://loadout.test/app-list',
  timestamp: '2026-03-01T08:59:00.000Z',
  ...overrides,
});

describe('feedback', () => {
  let t: TestApp;
  let admin: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerUser(t.api);
  });
  afterAll(async () => {
    await t.close();
  });

  const inbox = async () => (await t.api.get<{ feedback: FeedbackItem[] }>('/api/admin/feedback', admin.token)).body.feedback;

  it('stores what the modal sends, with the sender, for the admins to read', async () => {
    const user = await registerUser(t.api);
    const res = await t.api.post<{ success: boolean; id: string }>('/api/feedback', payload(), user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: expect.any(String) });
    expect((await inbox()).find((item) => item.id === res.body.id)).toEqual({
      id: res.body.id,
      type: 'bug',
      message: 'The export button does nothing on Safari.',
      email: 'me@example.com',
      userId: user.user.id,
      userEmail: user.email,
      userAgent: 'Mozilla/5.0 (Macintosh) Safari/605.1.15',
      url: 'http://loadout.test/app-list',
      timestamp: '2026-03-01T08:59:00.000Z',
      createdAt: t.clock.now().toISOString(),
    });
  });

  it('stores no e-mail when none is given', async () => {
    const user = await registerUser(t.api);
    const res = await t.api.post<{ id: string }>(
      '/api/feedback',
      payload({ type: 'suggestion', email: null, message: '  More themes  ' }),
      user.token,
    );
    const stored = (await inbox()).find((item) => item.id === res.body.id);
    expect(stored).toMatchObject({ type: 'suggestion', email: null, message: 'More themes' });
  });

  it('refuses a blank message, an unknown type and a bad e-mail with the words the modal shows', async () => {
    const user = await registerUser(t.api);
    const before = (await inbox()).length;
    const blank = await t.api.post<ApiError>('/api/feedback', payload({ message: '   ' }), user.token);
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Please enter a message' });
    expect((await t.api.post<ApiError>('/api/feedback', payload({ type: 'praise' }), user.token)).status).toBe(400);
    expect((await t.api.post<ApiError>('/api/feedback', payload({ email: 'not-an-address' }), user.token)).body.message).toBe(
      'Enter a valid email address',
    );
    expect(await inbox()).toHaveLength(before);
  });

  it('needs a signed-in user', async () => {
    const res = await t.api.post<ApiError>('/api/feedback', payload());
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('AUTHENTICATION_REQUIRED');
  });

  it('takes at most 10 messages an hour from one user', async () => {
    const user = await registerUser(t.api);
    const other = await registerUser(t.api);
    for (let i = 0; i < 10; i += 1)
      expect((await t.api.post('/api/feedback', payload({ message: `note ${i}` }), user.token)).status).toBe(200);
    const limited = await t.api.post<ApiError>('/api/feedback', payload(), user.token);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await t.api.post('/api/feedback', payload(), other.token)).status).toBe(200);
    t.clock.advanceMinutes(61);
    const later = await loginUser(t.api, user.email, user.password); // the access token has expired meanwhile
    expect((await t.api.post('/api/feedback', payload(), later.token)).status).toBe(200);
  });
});
