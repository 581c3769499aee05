import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

/** No browser or proxy keeps a copy of personal data or tokens. */
describe('cache headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks answers with tokens and personal data no-store, errors included', async () => {
    const user = await registerUser(t.api);
    const answers = [
      await t.api.post('/api/auth/login', { email: user.email, password: user.password }),
      await t.api.post('/api/auth/refresh', { refreshToken: user.refreshToken }),
      await t.api.get('/api/account', user.token),
      await t.api.get('/api/devices', user.token),
      await t.api.get('/api/lists', user.token),
      await t.api.post('/api/auth/login', { email: user.email, password: 'wrong guess' }),
      await t.api.get('/api/account'),
    ];
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lets the public catalogue be cached like any public page', async () => {
    const res = await t.api.get('/catalogue/apps');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});
