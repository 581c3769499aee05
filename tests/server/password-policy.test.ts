import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { linkTo, nthMail, registerUser, RESET_SUBJECT, signUpPayload, tokenOf, type ApiError } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const WEAK = 'Password is too common or too easy to guess. Try a few unrelated words.';
const PERSONAL = 'Password must not contain your name or email address';

/** Weak passwords are refused wherever one is chosen (NIST SP 800-63B §5.1.1.2, ASVS 2.1). */
describe('choosing a password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['password', WEAK],
    ['12345678', WEAK],
    ['Password123', WEAK],
    ['        ', WEAK],
    ['Password must not be this', null],
  ])('sign-up with %j', async (password, message) => {
    const res = await t.api.post<ApiError>('/api/auth/register', signUpPayload({ password }));
    if (message === null) {
      expect(res.status).toBe(202);
      return;
    }
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message, details: { password: message } });
  });

  it('refuses a password that is the e-mail address or contains the name', async () => {
    const email = 'grace.hopper@example.com';
    for (const password of [email, 'Hopper-1906-cobol', 'grace.hopper@example.com!']) {
      const res = await t.api.post<ApiError>(
        '/api/auth/register',
        signUpPayload({ email, firstName: 'Grace', lastName: 'Hopper', password }),
      );
      expect(res.status, password).toBe(400);
      expect(res.body.details).toEqual({ password: PERSONAL });
    }
    const tooLong = await t.api.post<ApiError>('/api/auth/register', signUpPayload({ password: 'x'.repeat(129) }));
    expect(tooLong.body.details).toEqual({ password: 'Password must be at most 128 characters' });
  });

  it('refuses a weak new password in Settings, keeping the old one', async () => {
    const user = await registerUser(t.api);
    const res = await t.api.put<ApiError>(
      '/api/account',
      { firstName: 'Ada', lastName: 'Lovelace', email: user.email, currentPassword: user.password, newPassword: 'iloveyou' },
      user.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ newPassword: WEAK });
    expect((await t.api.post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(200);
  });

  it('refuses a weak password on a reset link, which stays usable', async () => {
    const user = await registerUser(t.api, { firstName: 'Katherine', lastName: 'Johnson' });
    await t.api.post('/api/auth/reset-password-request', { email: user.email });
    const token = tokenOf(linkTo(await nthMail(t.mail, user.email, RESET_SUBJECT, 1), '/reset-password'));
    const weak = await t.api.post<ApiError>('/api/auth/reset-password', { token, newPassword: 'katherine1918' });
    expect(weak.status).toBe(400);
    expect(weak.body.details).toEqual({ newPassword: PERSONAL });
    expect((await t.api.post('/api/auth/reset-password', { token, newPassword: 'orbits of the moon' })).status).toBe(200);
  });
});
