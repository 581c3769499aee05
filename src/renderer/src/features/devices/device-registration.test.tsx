// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';

import { devicesResponse, makeDevice } from '../../test/factories';
import type { MockReply } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';
import { clearToasts, mockDevicesServer, toastMessages } from './devices-test-kit';

const other = makeDevice({ device_id: 'dev_999999999999', device_name: 'Studio PC' });

function check(registered: boolean, seatAvailable: boolean): MockReply<'GET /api/devices/check'> {
  return {
    status: 200,
    data: { registered, reason: registered ? 'REGISTERED' : 'NOT_REGISTERED', seatAvailable, deviceCount: 1, seatLimit: 2 },
  };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearToasts();
  signIn();
});
afterEach(cleanup);

describe('registration check', () => {
  it('asks to register this browser when a seat is free, and registers it as the admin device', async () => {
    const api = mockDevicesServer({
      'GET /api/devices/check': check(false, true),
      'GET /api/devices': { status: 200, data: devicesResponse([other], { seatLimit: 2 }) },
      'POST /api/devices/register': (call) => ({
        status: 200,
        data: {
          success: true,
          isAdmin: true,
          isFirstDevice: true,
          device: makeDevice({ device_id: call.headers['x-device-id'] ?? '', device_name: 'Work browser' }),
        },
      }),
    });
    renderApp('/devices');
    const dialog = await screen.findByRole('dialog', { name: 'Register this browser' });
    const name = within(dialog).getByRole('textbox', { name: 'Device name' });
    expect((name as HTMLInputElement).value).toMatch(/ on (Windows|macOS|Linux)$/);
    fireEvent.change(name, { target: { value: 'Work browser' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/devices/register')).toHaveLength(1));
    const call = api.callsTo('POST', '/api/devices/register')[0];
    const deviceId = localStorage.getItem('deviceId');
    expect(deviceId).toMatch(/^dev_[0-9a-f]{12}$/);
    expect(call?.headers['x-device-id']).toBe(deviceId);
    expect(call?.body).toMatchObject({ deviceId, deviceName: 'Work browser' });
    await waitFor(() =>
      expect(toastMessages().some((text) => text.includes('Work browser is registered as your admin device'))).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Register this browser' })).not.toBeInTheDocument());
  });

  it('shows the limit banner instead of the prompt when no seat is free', async () => {
    mockDevicesServer({
      'GET /api/devices/check': check(false, false),
      'GET /api/devices': { status: 200, data: devicesResponse([other], { seatLimit: 1, seatsUsed: 1 }) },
    });
    renderApp('/devices');
    expect(await screen.findByText('Device limit reached')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing-page');
    // No plan answer here: the account counts as free, and Premium is the plan that lifts the limit.
    expect(screen.getByText(/Upgrade to Premium for up to 10 devices\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deactivate a device' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Register this browser' })).not.toBeInTheDocument();
  });

  it('closes the prompt and shows the limit banner when the server refuses with DEVICE_LIMIT_REACHED', async () => {
    mockDevicesServer({
      'GET /api/devices/check': check(false, true),
      'GET /api/devices': { status: 200, data: devicesResponse([other], { seatLimit: 2 }) },
      'POST /api/devices/register': {
        status: 403,
        data: { code: ErrorCode.DEVICE_LIMIT_REACHED, message: 'You have reached the device limit of your plan (2 devices).' },
      },
    });
    renderApp('/devices');
    const dialog = await screen.findByRole('dialog', { name: 'Register this browser' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Device limit reached')).toBeInTheDocument();
    expect(toastMessages()).toContain('You have reached the device limit of your plan (2 devices).');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Register this browser' })).not.toBeInTheDocument());
  });

  it('shows each logout notice once, as a warning', async () => {
    const notice = {
      id: 'n1',
      deviceName: 'Studio PC',
      reason: 'manual_deactivation' as const,
      shown: false,
      createdAt: new Date().toISOString(),
    };
    const api = mockDevicesServer({
      'GET /api/devices': { status: 200, data: devicesResponse([other]) },
      'GET /api/devices/logout-notifications': { status: 200, data: { notifications: [notice] } },
    });
    renderApp('/devices');
    await waitFor(() => expect(toastMessages()).toContain('Studio PC was signed out: it was deactivated from Device Management'));
    expect(api.callsTo('GET', '/api/devices/logout-notifications')).toHaveLength(1);
  });

  it('respects "Not now" for the rest of the browser session, page loads included, and asks again in a new one', async () => {
    const api = mockDevicesServer({
      'GET /api/devices/check': check(false, true),
      'GET /api/devices': { status: 200, data: devicesResponse([other], { seatLimit: 3 }) },
    });
    renderApp('/devices');
    const dialog = await screen.findByRole('dialog', { name: 'Register this browser' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Register this browser' })).not.toBeInTheDocument());

    // A page load: the app starts again in the same tab, and the check still says "not registered".
    cleanup();
    const checksBefore = api.callsTo('GET', '/api/devices/check').length;
    renderApp('/devices');
    await screen.findByText('Studio PC');
    await waitFor(() => expect(api.callsTo('GET', '/api/devices/check').length).toBeGreaterThan(checksBefore));
    expect(screen.queryByRole('dialog', { name: 'Register this browser' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/devices/register')).toHaveLength(0);

    // A new browser session (sessionStorage is per session) asks again.
    cleanup();
    sessionStorage.clear();
    renderApp('/devices');
    expect(await screen.findByRole('dialog', { name: 'Register this browser' })).toBeInTheDocument();
  });

  it('does not prompt when the check fails', async () => {
    const api = mockDevicesServer({
      'GET /api/devices/check': { status: 500, data: { code: ErrorCode.INTERNAL_ERROR, message: 'x' } },
      'GET /api/devices': { status: 200, data: devicesResponse([other]) },
    });
    renderApp('/devices');
    await screen.findByText('Studio PC');
    await waitFor(() => expect(api.callsTo('GET', '/api/devices/check')).not.toHaveLength(0));
    expect(screen.queryByRole('dialog', { name: 'Register this browser' })).not.toBeInTheDocument();
    expect(screen.queryByText('Device limit reached')).not.toBeInTheDocument();
  });

  it('skips registration on a mobile browser', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile', configurable: true });
    try {
      const api = mockDevicesServer({
        'GET /api/devices/check': check(false, true),
        'GET /api/devices': { status: 200, data: devicesResponse([other]) },
      });
      renderApp('/devices');
      await screen.findByText('Studio PC');
      expect(api.callsTo('GET', '/api/devices/check')).toHaveLength(0);
      expect(api.calls.at(-1)?.headers['x-device-id']).toMatch(/^tmp_/);
      expect(screen.queryByRole('dialog', { name: 'Register this browser' })).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'userAgent');
    }
  });

  it('re-registers when update-status says the server no longer knows this browser', async () => {
    localStorage.setItem('deviceSecret', 'secret-of-this-browser');
    let registered = true;
    const api = mockDevicesServer({
      'GET /api/devices/check': () => check(registered, true),
      'GET /api/devices': { status: 200, data: devicesResponse([other]) },
      'POST /api/devices/update-status': () => {
        if (!registered) return { status: 200, data: { success: true, serverTime: new Date().toISOString() } };
        registered = false;
        return { status: 404, data: { code: ErrorCode.DEVICE_NOT_FOUND, message: 'Device not found' } };
      },
      'POST /api/devices/register': (call) => ({
        status: 200,
        data: { success: true, isAdmin: false, isFirstDevice: false, device: makeDevice({ device_id: call.headers['x-device-id'] ?? '' }) },
      }),
    });
    renderApp('/devices');
    await waitFor(() => expect(api.callsTo('POST', '/api/devices/register')).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Register this browser' })).not.toBeInTheDocument();
  });

  it('keeps the device secret the registration gives, and shows it only when signing in or registering', async () => {
    const api = mockDevicesServer({
      'GET /api/devices/check': check(false, true),
      'GET /api/devices': { status: 200, data: devicesResponse([other], { seatLimit: 2 }) },
      'POST /api/devices/register': (call) => ({
        status: 200,
        data: {
          success: true,
          isAdmin: false,
          isFirstDevice: false,
          device: makeDevice({ device_id: call.headers['x-device-id'] ?? '' }),
          deviceSecret: 'new-device-secret',
        },
      }),
    });
    renderApp('/devices');
    const dialog = await screen.findByRole('dialog', { name: 'Register this browser' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(localStorage.getItem('deviceSecret')).toBe('new-device-secret'));
    expect(api.callsTo('POST', '/api/devices/register')[0]?.headers['x-device-secret']).toBeUndefined();
    // Calls that are not a sign-in or a registration never carry it.
    expect(api.callsTo('GET', '/api/devices').every((call) => call.headers['x-device-secret'] === undefined)).toBe(true);
  });

  it('takes a new id and registers as its own device when its id belongs to another browser', async () => {
    localStorage.setItem('deviceId', 'dev_aaaaaaaaaaaa');
    const api = mockDevicesServer({
      'GET /api/devices/check': check(false, true),
      'GET /api/devices': { status: 200, data: devicesResponse([other], { seatLimit: 2 }) },
      'POST /api/devices/register': (call) =>
        call.headers['x-device-id'] === 'dev_aaaaaaaaaaaa'
          ? {
              status: 409,
              data: { code: ErrorCode.DEVICE_ALREADY_REGISTERED, message: 'This device id is registered to another browser.' },
            }
          : {
              status: 200,
              data: {
                success: true,
                isAdmin: false,
                isFirstDevice: false,
                device: makeDevice({ device_id: call.headers['x-device-id'] ?? '' }),
                deviceSecret: 'own-secret',
              },
            },
    });
    renderApp('/devices');
    const dialog = await screen.findByRole('dialog', { name: 'Register this browser' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/devices/register')).toHaveLength(2));
    const second = api.callsTo('POST', '/api/devices/register')[1];
    expect(second?.headers['x-device-id']).toMatch(/^dev_[0-9a-f]{12}$/);
    expect(second?.headers['x-device-id']).not.toBe('dev_aaaaaaaaaaaa');
    expect(localStorage.getItem('deviceId')).toBe(second?.headers['x-device-id']);
    await waitFor(() => expect(localStorage.getItem('deviceSecret')).toBe('own-secret'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Register this browser' })).not.toBeInTheDocument());
  });

  it('asks once for a secret when this session is its device but the browser holds none', async () => {
    const api = mockDevicesServer({
      'GET /api/devices/check': check(true, true),
      'GET /api/devices': { status: 200, data: devicesResponse([other]) },
      'POST /api/devices/update-status': { status: 200, data: { success: true, serverTime: new Date().toISOString() } },
      'POST /api/devices/register': (call) => ({
        status: 200,
        data: {
          success: true,
          isAdmin: false,
          isFirstDevice: false,
          device: makeDevice({ device_id: call.headers['x-device-id'] ?? '' }),
          deviceSecret: 'renewed-secret',
        },
      }),
    });
    renderApp('/devices');
    await waitFor(() => expect(localStorage.getItem('deviceSecret')).toBe('renewed-secret'));
    expect(api.callsTo('POST', '/api/devices/register')).toHaveLength(1);
  });
});
