// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Device } from '@shared/api/devices';

import { devicesResponse, makeDevice } from '../../test/factories';
import { renderApp, signIn } from '../../test/render-app';
import { clearToasts, mockDevicesServer, toastMessages } from './devices-test-kit';

const NOT_REGISTERED = {
  status: 200,
  data: { registered: false, reason: 'NOT_REGISTERED', seatAvailable: true, deviceCount: 1, seatLimit: 3 },
} as const;
const NOTICE = 'Only an admin device can generate tokens';
const BROWSER: Partial<Device> = {
  device_type: 'primary',
  registration_method: 'account',
  capabilities: ['web_access', 'receive_installations'],
};
const officePc = makeDevice({ ...BROWSER, device_id: 'dev_aaaaaaaaaaaa', device_name: 'Office PC', is_admin: true });
const laptop = makeDevice({ ...BROWSER, device_id: 'dev_bbbbbbbbbbbb', device_name: 'Laptop browser' });
// A machine enrolled with a token runs the agent and signs in nowhere: never offered admin.
const buildBox = makeDevice({ device_id: 'dev_cccccccccccc', device_name: 'Build box' });

beforeEach(() => {
  localStorage.clear();
  // "Not now" was answered to the registration prompt in this browser session.
  sessionStorage.clear();
  clearToasts();
  signIn();
  sessionStorage.setItem('deviceRegistrationDismissed', JSON.parse(localStorage.getItem('user') ?? '{}').id as string);
});
afterEach(cleanup);

async function tokensSection() {
  return within(await screen.findByRole('region', { name: 'Device Registration Tokens' }));
}

describe('only an admin device generates tokens, and the page says so', () => {
  it('names the admin device and how to make this browser one, before anyone meets the refusal', async () => {
    const api = mockDevicesServer({
      'GET /api/devices/check': NOT_REGISTERED,
      'GET /api/devices': { status: 200, data: devicesResponse([officePc], { seatLimit: 3, seatsUsed: 1 }) },
    });
    renderApp('/devices');
    const section = await tokensSection();
    const notice = await section.findByRole('alert', { name: NOTICE });
    expect(notice).toHaveTextContent('Your admin device is Office PC: generate the token there.');
    expect(notice).toHaveTextContent(
      'register this browser, then open Device Management on it and choose Make admin device on this browser',
    );
    expect(section.getByRole('button', { name: 'Generate Token' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/device-tokens')).toHaveLength(0);
    expect(within(notice).getByRole('button', { name: 'Register this browser' })).toBeInTheDocument();
  });

  it('offers to register this browser as the admin device when the account has none', async () => {
    const api = mockDevicesServer({
      'GET /api/devices/check': NOT_REGISTERED,
      'GET /api/devices': { status: 200, data: devicesResponse([], { seatLimit: 3, seatsUsed: 0 }) },
      'POST /api/devices/register': (call) => ({
        status: 200,
        data: {
          success: true,
          isAdmin: true,
          isFirstDevice: true,
          device: makeDevice({ device_id: call.headers['x-device-id'] ?? '', is_admin: true, is_current: true }),
        },
      }),
    });
    renderApp('/devices');
    const notice = await (await tokensSection()).findByRole('alert', { name: NOTICE });
    expect(notice).toHaveTextContent('Your account has no admin device yet. Register this browser and it becomes your admin device');
    fireEvent.click(within(notice).getByRole('button', { name: 'Register this browser as the admin device' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/devices/register')).toHaveLength(1));
    await waitFor(() => expect(toastMessages().some((text) => text.includes('is registered as your admin device'))).toBe(true));
  });

  it('tells a registered browser that is not an admin which device is, and how it becomes one', async () => {
    mockDevicesServer({
      'GET /api/devices': {
        status: 200,
        data: devicesResponse([officePc, { ...laptop, is_current: true }], { seatLimit: 3, seatsUsed: 2 }),
      },
    });
    renderApp('/devices');
    const notice = await (await tokensSection()).findByRole('alert', { name: NOTICE });
    expect(notice).toHaveTextContent('open Device Management on it and choose Make admin device on Laptop browser');
    expect(within(notice).queryByRole('button')).toBeNull();
    // This browser is no admin: it is offered no way to make devices admin itself.
    expect(screen.queryByRole('button', { name: /^Make admin device/ })).toBeNull();
  });

  it('lets an admin device make a browser an admin device too, and offers it for no machine', async () => {
    const api = mockDevicesServer({
      'GET /api/devices': {
        status: 200,
        data: devicesResponse([{ ...officePc, is_current: true }, laptop, buildBox], { seatLimit: 3, seatsUsed: 3 }),
      },
      'POST /api/devices/dev_bbbbbbbbbbbb/admin-status': { status: 200, data: { success: true, device: { ...laptop, is_admin: true } } },
    });
    renderApp('/devices');
    await screen.findByText('Laptop browser');
    expect(screen.queryByRole('alert', { name: NOTICE })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make admin device: Office PC' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make admin device: Build box' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Make admin device: Laptop browser' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/devices/dev_bbbbbbbbbbbb/admin-status')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/devices/dev_bbbbbbbbbbbb/admin-status')[0]?.body).toEqual({ isAdmin: true });
    await waitFor(() =>
      expect(toastMessages()).toContain('Laptop browser is now an admin device: it can generate tokens and deactivate other devices.'),
    );
  });
});
