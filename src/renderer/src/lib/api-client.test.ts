// @vitest-environment happy-dom
import '../test/dom-stubs';

import { notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';

import { makeAccount, makeList, planStatus } from '../test/factories';
import { mockApi } from '../test/mock-api';
import { apiClient, tokenAfterUnauthorized } from './api-client';
import { setNavigator } from './navigation';
import { clearSession, readRefreshToken, readToken, readUser, saveSession } from './session';

const user = { id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', isEmailVerified: true, isAdmin: false };
const account = makeAccount(user);
const navigate = vi.fn();

function toastMessages(): string[] {
  return notificationsStore
    .getState()
    .notifications.map((notification) => (typeof notification.message === 'string' ? notification.message : ''));
}

beforeEach(() => {
  localStorage.clear();
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  navigate.mockReset();
  setNavigator(navigate);
  window.history.replaceState(null, '', '/settings?tab=security');
  saveSession({ token: 'old-access', refreshToken: 'old-refresh', user });
});

afterEach(() => setNavigator(null));

describe('the device secret', () => {
  it('goes with a sign-in (which makes the session this device) and with nothing else', async () => {
    localStorage.setItem('deviceId', 'dev_0123456789ab');
    localStorage.setItem('deviceSecret', 'kept-secret');
    const api = mockApi({
      'POST /api/auth/login': { status: 200, data: { token: 't', refreshToken: 'r', user } },
      'GET /api/account': { status: 200, data: account },
    });
    await apiClient.post('/api/auth/login', { email: user.email, password: 'a long passphrase' });
    await apiClient.get('/api/account');
    expect(api.callsTo('POST', '/api/auth/login')[0]?.headers).toMatchObject({
      'x-device-id': 'dev_0123456789ab',
      'x-device-secret': 'kept-secret',
    });
    expect(api.callsTo('GET', '/api/account')[0]?.headers['x-device-secret']).toBeUndefined();
  });
});

describe('the API client 401 policy', () => {
  it('sends the stored token as a bearer header', async () => {
    const api = mockApi({ 'GET /api/account': { status: 200, data: account } });
    await apiClient.get('/api/account');
    expect(api.calls[0]?.authorization).toBe('Bearer old-access');
  });

  it('keeps the user signed in when a 401 is about a password they typed', async () => {
    const api = mockApi({
      'PUT /api/account': { status: 401, data: { code: ErrorCode.INVALID_CURRENT_PASSWORD, message: 'Current password is incorrect' } },
    });
    await expect(apiClient.put('/api/account', { currentPassword: 'wrong' })).rejects.toMatchObject({ response: { status: 401 } });
    expect(readToken()).toBe('old-access');
    expect(readUser()).toEqual(user);
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('signs out to a sign-in page that says the device was deactivated, and says it once', async () => {
    const api = mockApi({
      'GET /api/devices': { status: 401, data: { code: ErrorCode.DEVICE_DEACTIVATED, message: 'Device deactivated' } },
    });
    await expect(apiClient.get('/api/devices')).rejects.toBeTruthy();
    expect(readToken()).toBeNull();
    expect(readRefreshToken()).toBeNull();
    expect(readUser()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/sign-in?message=device_deactivated', { replace: true });
    // The sign-in page says why; a toast beside it would say it twice.
    expect(toastMessages()).toEqual([]);
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
  });

  it('carries the reason the server names, or the one its code means', async () => {
    mockApi({ 'GET /api/devices': { status: 401, data: { code: ErrorCode.DEVICE_DEACTIVATED_REMOTELY, message: 'x' } } });
    await expect(apiClient.get('/api/devices')).rejects.toBeTruthy();
    expect(navigate).toHaveBeenLastCalledWith('/sign-in?message=device_deactivated_remotely', { replace: true });

    saveSession({ token: 'old-access', refreshToken: 'old-refresh', user });
    mockApi({
      'GET /api/lists': {
        status: 401,
        data: { code: ErrorCode.TOKEN_REVOKED, message: 'Your password was changed…', details: { reason: 'password_changed' } },
      },
    });
    await expect(apiClient.get('/api/lists')).rejects.toBeTruthy();
    expect(navigate).toHaveBeenLastCalledWith('/sign-in?message=password_changed', { replace: true });

    // A session ended without a reason this client knows is "session ended", never "device deactivated".
    saveSession({ token: 'old-access', refreshToken: 'old-refresh', user });
    mockApi({
      'GET /api/lists': { status: 401, data: { code: ErrorCode.TOKEN_REVOKED, message: 'x', details: { reason: 'toString' } } },
    });
    await expect(apiClient.get('/api/lists')).rejects.toBeTruthy();
    expect(navigate).toHaveBeenLastCalledWith('/sign-in?message=session_ended', { replace: true });
    expect(toastMessages()).toEqual([]);
  });

  it('keeps the reason when the refresh is what learns the session was ended (the event stream)', async () => {
    mockApi({
      'POST /api/auth/refresh': {
        status: 401,
        data: { code: ErrorCode.TOKEN_REVOKED, message: 'Your password was changed…', details: { reason: 'password_changed' } },
      },
    });
    expect(await tokenAfterUnauthorized('old-access')).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/sign-in?message=password_changed', { replace: true });
    expect(toastMessages()).toEqual([]);
    expect(readToken()).toBeNull();
  });

  it('leaves the page alone when the session was already cleared while the request was out', async () => {
    const api = mockApi({
      'GET /api/lists': () => {
        clearSession();
        return { status: 401, data: { code: ErrorCode.TOKEN_REVOKED, message: 'Your session has ended. Please sign in again.' } };
      },
    });
    await expect(apiClient.get('/api/lists')).rejects.toMatchObject({ response: { status: 401 } });
    expect(navigate).not.toHaveBeenCalled();
    expect(toastMessages()).toEqual([]);
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
  });

  it('refreshes an expired token once and retries the request with the new one', async () => {
    const api = mockApi({
      'GET /api/account': (call) =>
        call.authorization === 'Bearer new-access'
          ? { status: 200, data: account }
          : { status: 401, data: { code: ErrorCode.TOKEN_EXPIRED, message: 'Token expired' } },
      'POST /api/auth/refresh': { status: 200, data: { token: 'new-access', refreshToken: 'new-refresh' } },
    });
    const response = await apiClient.get('/api/account');
    expect(response.data).toEqual(account);
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/auth/refresh')[0]?.body).toEqual({ refreshToken: 'old-refresh' });
    expect(api.callsTo('GET', '/api/account').map((call) => call.authorization)).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(readToken()).toBe('new-access');
    expect(readRefreshToken()).toBe('new-refresh');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('follows the code, never the message: "Invalid password" with TOKEN_EXPIRED refreshes and retries', async () => {
    const api = mockApi({
      'GET /api/account': (call) =>
        call.authorization === 'Bearer new-access'
          ? { status: 200, data: account }
          : { status: 401, data: { code: ErrorCode.TOKEN_EXPIRED, message: 'Invalid password' } },
      'POST /api/auth/refresh': { status: 200, data: { token: 'new-access', refreshToken: 'new-refresh' } },
    });
    expect((await apiClient.get('/api/account')).data).toEqual(account);
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(readToken()).toBe('new-access');
  });

  it('uses the token another tab already refreshed instead of spending the old refresh token', async () => {
    const api = mockApi({
      'GET /api/account': (call) => {
        if (call.authorization === 'Bearer other-tab-access') return { status: 200, data: account };
        // Meanwhile, another tab rotated the tokens and stored them.
        saveSession({ token: 'other-tab-access', refreshToken: 'other-tab-refresh', user });
        return { status: 401, data: { code: ErrorCode.TOKEN_EXPIRED, message: 'Token expired' } };
      },
      'POST /api/auth/refresh': { status: 401, data: { code: ErrorCode.REFRESH_TOKEN_REUSED, message: 'reused' } },
    });
    const response = await apiClient.get('/api/account');
    expect(response.data).toEqual(account);
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(readRefreshToken()).toBe('other-tab-refresh');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends the user to sign-in, with a way back, when the refresh fails', async () => {
    mockApi({
      'GET /api/account': { status: 401, data: { code: ErrorCode.TOKEN_EXPIRED, message: 'Token expired' } },
      'POST /api/auth/refresh': { status: 401, data: { code: ErrorCode.REFRESH_TOKEN_INVALID, message: 'Refresh token invalid' } },
    });
    await expect(apiClient.get('/api/account')).rejects.toMatchObject({ response: { status: 401 } });
    expect(readToken()).toBeNull();
    expect(readRefreshToken()).toBeNull();
    expect(readUser()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/sign-in?redirect=%2Fsettings%3Ftab%3Dsecurity', { replace: true });
    expect(toastMessages()).toEqual(['Your session has expired. Please sign in again.']);
  });

  it('shares one refresh between concurrent 401s and retries each request', async () => {
    let refreshes = 0;
    const api = mockApi({
      'GET /api/account': (call) =>
        call.authorization === 'Bearer new-access'
          ? { status: 200, data: account }
          : { status: 401, data: { code: ErrorCode.TOKEN_EXPIRED, message: 'x' } },
      'GET /api/lists': (call) =>
        call.authorization === 'Bearer new-access'
          ? { status: 200, data: [makeList()] }
          : { status: 401, data: { code: ErrorCode.TOKEN_EXPIRED, message: 'x' } },
      'GET /api/subscription/status': (call) =>
        call.authorization === 'Bearer new-access'
          ? { status: 200, data: planStatus() }
          : { status: 401, data: { code: ErrorCode.TOKEN_EXPIRED, message: 'x' } },
      'POST /api/auth/refresh': async () => {
        refreshes += 1;
        // Rotation: a second use of the old refresh token would be rejected by the server.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return refreshes === 1
          ? { status: 200, data: { token: 'new-access', refreshToken: 'new-refresh' } }
          : { status: 401, data: { code: ErrorCode.REFRESH_TOKEN_REUSED, message: 'reused' } };
      },
    });
    const answers = await Promise.all([
      apiClient.get('/api/account'),
      apiClient.get('/api/lists'),
      apiClient.get('/api/subscription/status'),
    ]);
    expect(answers.map((response) => response.data as unknown)).toEqual([account, [makeList()], planStatus()]);
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(readToken()).toBe('new-access');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not try to refresh when the login itself answers 401', async () => {
    const api = mockApi({
      'POST /api/auth/login': { status: 401, data: { code: ErrorCode.INVALID_CREDENTIALS, message: 'Invalid email or password' } },
    });
    await expect(apiClient.post('/api/auth/login', { email: 'a@b.c', password: 'x' })).rejects.toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });
});
