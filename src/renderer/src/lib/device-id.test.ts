// @vitest-environment happy-dom
import '../test/dom-stubs';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';

import { devicesResponse } from '../test/factories';
import { fakeBridge, uninstallBridge } from '../test/fake-bridge';
import { mockApi } from '../test/mock-api';
import { apiClient } from './api-client';
import { computeDeviceId, fallbackFingerprint, fallbackHash, getDeviceId, isMobileBrowser } from './device-id';

const realUserAgent = navigator.userAgent;

function setUserAgent(value: string): void {
  Object.defineProperty(navigator, 'userAgent', { value, configurable: true });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  setUserAgent(realUserAgent);
  uninstallBridge();
  vi.restoreAllMocks();
});

describe('browser device id', () => {
  it('is dev_ and 12 hex characters, stored and stable', async () => {
    const id = await getDeviceId();
    expect(id).toMatch(/^dev_[0-9a-f]{12}$/);
    expect(localStorage.getItem('deviceId')).toBe(id);
    expect(await getDeviceId()).toBe(id);
    // Computed again from scratch (storage cleared), the same browser gets the same id.
    localStorage.clear();
    expect(await getDeviceId()).toBe(id);
  });

  it('falls back to a hash of platform, screen, colour depth, cores and language', async () => {
    vi.spyOn(crypto.subtle, 'digest').mockRejectedValue(new Error('insecure context'));
    const id = await computeDeviceId();
    expect(id).toMatch(/^dev_[0-9a-f]{12}$/);
    expect(id).toBe(`dev_${fallbackHash(fallbackFingerprint()).slice(0, 12)}`);
  });

  it('gives mobile browsers a temporary id for the tab, never stored as the device id', async () => {
    setUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148');
    const id = await getDeviceId();
    expect(id).toMatch(/^tmp_[0-9a-f]{16}$/);
    expect(await getDeviceId()).toBe(id);
    expect(localStorage.getItem('deviceId')).toBeNull();
  });

  it('recognises phones, tablets and iPads that present themselves as Macs', () => {
    expect(isMobileBrowser('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36', 5)).toBe(true);
    expect(isMobileBrowser('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe(true);
    expect(isMobileBrowser('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0)).toBe(false);
    expect(isMobileBrowser('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36', 0)).toBe(false);
  });

  it('is sent as X-Device-ID on every request, sign-in included', async () => {
    const api = mockApi({
      'POST /api/auth/login': { status: 401, data: { code: ErrorCode.INVALID_CREDENTIALS, message: 'Invalid email or password' } },
      'GET /api/devices': { status: 200, data: devicesResponse([]) },
    });
    const id = await getDeviceId();
    await apiClient.post('/api/auth/login', { email: 'a@example.com', password: 'x' }).catch(() => undefined);
    await apiClient.get('/api/devices');
    expect(api.calls.map((call) => call.headers['x-device-id'])).toEqual([id, id]);
  });
});

describe('device id in the desktop window', () => {
  const fingerprint = '3f9a0c7b21de' + '4'.repeat(52);

  it("is dev_ and the start of the machine's hardware fingerprint", async () => {
    const bridge = fakeBridge().install();
    bridge.getHardwareFingerprint.mockResolvedValue(fingerprint);
    expect(await getDeviceId()).toBe('dev_3f9a0c7b21de');
    expect(localStorage.getItem('deviceId')).toBe('dev_3f9a0c7b21de');
  });

  it.each([
    ['gives none', () => Promise.resolve(null)],
    ['fails', () => Promise.reject(new Error('no machine id'))],
    ['gives something that is no fingerprint', () => Promise.resolve('not-hex')],
  ])('is the browser id when the desktop client %s', async (_case, answer) => {
    const browserId = await computeDeviceId();
    const bridge = fakeBridge().install();
    bridge.getHardwareFingerprint.mockImplementation(answer);
    expect(await getDeviceId()).toBe(browserId);
    expect(bridge.getHardwareFingerprint).toHaveBeenCalledTimes(1);
  });
});
