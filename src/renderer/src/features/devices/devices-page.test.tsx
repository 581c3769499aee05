// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';

import {
  devicesResponse,
  makeDevice,
  makeInstallation,
  makeInstallationItem,
  makeInstallationTarget,
  summaryOf,
} from '../../test/factories';
import { renderApp, signIn } from '../../test/render-app';
import { deactivateBlockedReason } from './device-card';
import { clearToasts, mockDevicesServer, toastMessages } from './devices-test-kit';

const thisBrowser = makeDevice({
  device_id: 'dev_111111111111',
  device_name: 'Chrome on Linux',
  platform: 'linux',
  device_type: 'primary',
  registration_method: 'account',
  capabilities: ['web_access', 'receive_installations', 'admin'],
  is_current: true,
  is_admin: true,
});
const studio = makeDevice({ device_id: 'dev_222222222222', device_name: 'Studio PC', connection_status: 'recently_active' });
const fresh = makeDevice({
  device_id: 'dev_333333333333',
  device_name: 'New laptop',
  platform: 'macos',
  connection_status: 'offline',
  isInCooldown: true,
  cooldown_remaining_minutes: 71 * 60 + 20,
});

async function openDevices(devices = [thisBrowser, studio, fresh], overrides = {}, routes = {}) {
  const api = mockDevicesServer({ 'GET /api/devices': { status: 200, data: devicesResponse(devices, overrides) }, ...routes });
  const view = renderApp('/devices');
  await screen.findByRole('heading', { name: 'Device Management' });
  await screen.findByText(devices[0]?.device_name ?? 'Add a device to get started');
  return { api, view };
}

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearToasts();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Device Management screen', () => {
  it('shows each device with status in words, last active, badges and protection', async () => {
    await openDevices();
    expect(within(card('Chrome on Linux')).getByText('This device')).toBeInTheDocument();
    expect(within(card('Chrome on Linux')).getByText('Admin')).toBeInTheDocument();
    expect(within(card('Chrome on Linux')).getByText('Primary')).toBeInTheDocument();
    // Enrolled machines show their agent: connected now (online), or not.
    expect(within(card('Studio PC')).getByText('Agent offline')).toBeInTheDocument();
    expect(within(card('Studio PC')).getByText(/Last active 5m ago/)).toBeInTheDocument();
    expect(within(card('New laptop')).getByText('Agent offline')).toBeInTheDocument();
    expect(within(card('New laptop')).getByText('Protected for 71h')).toBeInTheDocument();
  });

  it("shows an enrolled machine's agent as online or installing, and a browser's connection status", async () => {
    const idle = makeDevice({ device_id: 'dev_444444444444', device_name: 'Idle box', agent_version: '0.1.0' });
    const busy = makeDevice({ device_id: 'dev_555555555555', device_name: 'Busy box' });
    const running = makeInstallation({
      targets: [
        makeInstallationTarget({ deviceId: busy.device_id, status: 'running', items: [makeInstallationItem({ itemId: 'i', appId: 1 })] }),
      ],
    });
    const browser = { ...thisBrowser, connection_status: 'recently_active' as const };
    await openDevices(
      [browser, idle, busy],
      {},
      { 'GET /api/installations': { status: 200, data: { installations: [summaryOf(running)] } } },
    );
    expect(within(card('Chrome on Linux')).getByText('Recently active')).toBeInTheDocument();
    expect(within(card('Idle box')).getByText('Agent online')).toBeInTheDocument();
    expect(within(card('Idle box')).getByText(/Agent 0\.1\.0/)).toBeInTheDocument();
    expect(await within(card('Busy box')).findByText('Agent installing')).toBeInTheDocument();
    expect(within(card('Busy box')).getByRole('link', { name: 'Details of Busy box' })).toHaveAttribute(
      'href',
      '/devices/dev_555555555555',
    );
  });

  it('disables Deactivate for this device and for a device in its protection period', async () => {
    await openDevices();
    expect(within(card('Chrome on Linux')).getByRole('button', { name: 'Deactivate' })).toBeDisabled();
    expect(within(card('New laptop')).getByRole('button', { name: 'Deactivate' })).toBeDisabled();
    expect(within(card('Studio PC')).getByRole('button', { name: 'Deactivate' })).toBeEnabled();
  });

  it('disables Deactivate where the server would refuse it, and says why: from a browser that is not an admin device, and on an admin device', async () => {
    const otherAdmin = makeDevice({ device_id: 'dev_444444444444', device_name: 'Office desktop', is_admin: true });
    await openDevices([thisBrowser, studio, otherAdmin]);
    expect(within(card('Office desktop')).getByRole('button', { name: 'Deactivate' })).toBeDisabled();
    expect(deactivateBlockedReason(otherAdmin, true)).toBe('Cannot deactivate admin devices');
    cleanup();

    const notAdmin = makeDevice({ ...thisBrowser, is_admin: false, capabilities: ['web_access', 'receive_installations'] });
    await openDevices([notAdmin, studio]);
    expect(within(card('Studio PC')).getByRole('button', { name: 'Deactivate' })).toBeDisabled();
    expect(deactivateBlockedReason(studio, false)).toBe('Only admin devices can deactivate other devices');
  });

  it('lets a device in its first hour be deactivated at once, and says for how long', async () => {
    const mistake = makeDevice({
      device_id: 'dev_666666666666',
      device_name: 'Wrong machine',
      created_at: '2026-01-01T00:00:00.000Z',
      protected_until: '2026-01-04T00:00:00.000Z',
      isInCooldown: false,
      removable_minutes_left: 42,
    });
    await openDevices([thisBrowser, mistake]);
    const wrong = card('Wrong machine');
    expect(within(wrong).getByText('Can be removed for the next 42 minutes, then protected for 72h')).toBeInTheDocument();
    expect(within(wrong).queryByText(/Protected for/)).not.toBeInTheDocument();
    fireEvent.click(within(wrong).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('dialog', { name: 'Deactivate Device' })).toHaveTextContent('Deactivate Wrong machine?');
    // This browser's own card never says so: it is not removed from here.
    expect(within(card('Chrome on Linux')).queryByText(/Can be removed/)).not.toBeInTheDocument();
  });

  it.each([
    [1, 'ok', '2 seats available', 'blue'],
    [2, 'warning', '1 seat left', 'yellow'],
    [3, 'full', 'Seat limit reached', 'red'],
  ])('usage bar with %i of 3 seats used is %s', async (used, _level, text, color) => {
    await openDevices([thisBrowser], { seatLimit: 3, seatsUsed: used, activeToday: 1 });
    expect(screen.getByLabelText('Total Devices')).toHaveTextContent(`${used}/3`);
    expect(screen.getByLabelText('Active Today')).toHaveTextContent('1');
    expect(screen.getByText(text)).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Seat usage' });
    expect(bar.getAttribute('style') ?? '').toContain(`--mantine-color-${color}`);
  });

  it('filters by search text and platform, and says when nothing is registered', async () => {
    await openDevices();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search devices' }), { target: { value: 'studio' } });
    expect(screen.getByText('Studio PC')).toBeInTheDocument();
    expect(screen.queryByText('New laptop')).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search devices' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('radio', { name: 'macOS' }));
    expect(screen.getByText('New laptop')).toBeInTheDocument();
    expect(screen.queryByText('Studio PC')).not.toBeInTheDocument();
    cleanup();
    await openDevices([]);
    expect(screen.getByText('Add a device to get started')).toBeInTheDocument();
  });

  it.each([
    [ErrorCode.DEVICE_DEACTIVATION_RATE_LIMIT, 429, 'Too many deactivations', 'Rate limit exceeded: Too many deactivations'],
    [
      ErrorCode.DEVICE_DEACTIVATION_COOLDOWN,
      403,
      'This device was added recently. Please wait 71 hours and 20 minutes.',
      'This device was added recently. Please wait 71 hours and 20 minutes.',
    ],
    [
      ErrorCode.DEACTIVATION_COOLDOWN,
      429,
      'Please wait 72 hours before deactivating another device.',
      'Please wait 72 hours before deactivating another device.',
    ],
    [ErrorCode.NOT_ADMIN_DEVICE, 403, 'x', 'Only admin devices can deactivate other devices'],
    [ErrorCode.ADMIN_DEVICE_PROTECTED, 403, 'x', 'Cannot deactivate admin devices'],
    [ErrorCode.DEVICE_NOT_FOUND, 404, 'x', 'Device not found'],
    [ErrorCode.LAST_ADMIN_DEVICE, 409, 'x', 'Cannot deactivate the only admin device'],
    [ErrorCode.INTERNAL_ERROR, 500, 'x', 'Failed to deactivate device'],
  ])('deactivation refused with %s shows the product’s text', async (code, status, message, expected) => {
    const { api } = await openDevices(undefined, undefined, { 'POST /api/devices/deactivate': { status, data: { code, message } } });
    fireEvent.click(within(card('Studio PC')).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Device' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Also remove the desktop client from this device' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(toastMessages()).toContain(expected));
    expect(api.callsTo('POST', '/api/devices/deactivate')[0]?.body).toEqual({ deviceId: 'dev_222222222222', removeClient: true });
  });

  it('logs out to sign-in when the server says the deactivated device was this one', async () => {
    const { view } = await openDevices(undefined, undefined, {
      'POST /api/devices/deactivate': { status: 200, data: { success: true, shouldLogout: true } },
    });
    fireEvent.click(within(card('Studio PC')).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Device' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(view.currentPath()).toBe('/sign-in'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('renames inline: Enter saves, Escape, empty and unchanged cancel, 255 characters at most', async () => {
    const { api } = await openDevices(undefined, undefined, {
      'PUT /api/devices/dev_222222222222/name': { status: 200, data: { success: true, device: { ...studio, device_name: 'Render node' } } },
    });
    const rename = () => fireEvent.click(within(card('Studio PC')).getByRole('button', { name: 'Rename Studio PC' }));
    const input = () => screen.getByRole('textbox', { name: 'Device name' });

    rename();
    fireEvent.change(input(), { target: { value: 'Something else' } });
    fireEvent.keyDown(input(), { key: 'Escape' });
    rename();
    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    rename();
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.queryByRole('textbox', { name: 'Device name' })).not.toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/devices/dev_222222222222/name')).toHaveLength(0);

    rename();
    expect(input()).toHaveAttribute('maxLength', '255');
    fireEvent.change(input(), { target: { value: 'x'.repeat(256) } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByText('Device name must be at most 255 characters')).toBeInTheDocument();
    fireEvent.change(input(), { target: { value: '  Render node ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(api.callsTo('PUT', '/api/devices/dev_222222222222/name')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/devices/dev_222222222222/name')[0]?.body).toEqual({ deviceName: 'Render node' });
    await waitFor(() => expect(toastMessages()).toContain('Device name updated'));
  });

  it('says so when a rename fails', async () => {
    await openDevices(undefined, undefined, {
      'PUT /api/devices/dev_222222222222/name': { status: 500, data: { code: ErrorCode.INTERNAL_ERROR, message: 'x' } },
    });
    fireEvent.click(within(card('Studio PC')).getByRole('button', { name: 'Rename Studio PC' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Device name' }), { target: { value: 'Render node' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Device name' }), { key: 'Enter' });
    await waitFor(() => expect(toastMessages()).toContain('Failed to update device name'));
  });

  it('explains a failed load', async () => {
    mockDevicesServer({ 'GET /api/devices': { status: 500, data: { code: ErrorCode.INTERNAL_ERROR, message: 'x' } } });
    renderApp('/devices');
    await waitFor(() => expect(toastMessages()).toContain('Failed to load device data'));
  });
});
