import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SIGN_OUT_MESSAGES } from '@shared/api/sign-out-reasons';

import { adminBrowser, anotherBrowser, devicesOf, signInAgain } from './helpers/devices';
import { loginUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A session ended for its user says why, in one sentence and one reason the web app carries to sign-in. */
describe('why a session ended', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('says "session ended" after a sign-out, on the access token and on the refresh token alike', async () => {
    const owner = await adminBrowser(t);
    const session = await loginUser(t.api, owner.user.email, owner.user.password);
    expect((await t.api.post('/api/auth/logout', undefined, session.token)).status).toBe(200);
    const next = await t.api.get('/api/account', session.token);
    expect([next.status, next.body]).toEqual([
      401,
      { code: 'TOKEN_REVOKED', message: 'Your session has ended. Please sign in again.', details: { reason: 'session_ended' } },
    ]);
    const refreshed = await t.api.post('/api/auth/refresh', { refreshToken: session.refreshToken });
    expect([refreshed.status, refreshed.body]).toEqual([401, next.body]);
  });

  it('says the password was changed elsewhere to the other sessions', async () => {
    const owner = await adminBrowser(t);
    const laptop = await anotherBrowser(t, owner);
    const changed = await t.api.put(
      '/api/account',
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: owner.user.email,
        currentPassword: owner.user.password,
        newPassword: 'a brand new long passphrase',
      },
      owner.token,
    );
    expect(changed.status).toBe(200);
    const next = await devicesOf(t, laptop).list();
    expect([next.status, next.body]).toEqual([
      401,
      { code: 'TOKEN_REVOKED', message: SIGN_OUT_MESSAGES.password_changed, details: { reason: 'password_changed' } },
    ]);
  });

  it('says a device deactivated from elsewhere was, with its own code', async () => {
    let owner = await adminBrowser(t);
    let laptop = await anotherBrowser(t, owner);
    // Past the deactivation cooldown of every plan; the access tokens expired meanwhile.
    t.clock.advanceHours(73);
    owner = await signInAgain(t, owner);
    laptop = await signInAgain(t, laptop);
    expect((await devicesOf(t, owner).deactivate(laptop.deviceId)).status).toBe(200);
    const next = await devicesOf(t, laptop).list();
    expect([next.status, next.body]).toEqual([
      401,
      {
        code: 'DEVICE_DEACTIVATED_REMOTELY',
        message: 'Your device has been deactivated from another location. Please sign in again.',
        details: { reason: 'device_deactivated_remotely' },
      },
    ]);
  });
});
