import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminBrowser, devicesOf, newDeviceId, signInAgain } from './helpers/devices';
import type { ApiError, SessionBody } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('a deactivated browser whose access token has also expired', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('learns from its refresh call that its device was deactivated elsewhere, not just that its session ended', async () => {
    const admin = await adminBrowser(t);
    const deviceId = newDeviceId();
    const login = await t.api.post<SessionBody>('/api/auth/login', { email: admin.user.email, password: admin.user.password }, null, {
      'x-device-id': deviceId,
    });
    expect(login.status).toBe(200);
    const laptop = { token: login.body.token, deviceId, user: admin.user };
    expect((await devicesOf(t, laptop).register('Laptop')).status).toBe(200);

    // Past the new-device protection; the laptop's access token expires meanwhile.
    t.clock.advanceHours(73);
    const deactivated = await devicesOf(t, await signInAgain(t, admin)).deactivate(deviceId);
    expect(deactivated.status).toBe(200);

    const refresh = await t.api.post<ApiError>('/api/auth/refresh', { refreshToken: login.body.refreshToken });
    expect(refresh.status).toBe(401);
    expect(refresh.body).toEqual({
      code: 'DEVICE_DEACTIVATED_REMOTELY',
      message: 'Your device has been deactivated from another location. Please sign in again.',
      // The sign-in page says this one reason, not a generic "session ended".
      details: { reason: 'device_deactivated_remotely' },
    });
  });
});
