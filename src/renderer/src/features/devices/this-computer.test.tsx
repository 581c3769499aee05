// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { DeviceToken } from '@shared/api/devices';
import { ErrorCode } from '@shared/api/error-codes';

import { devicesResponse, makeDevice } from '../../test/factories';
import { fakeBridge, makeAgentStatus, onlineStatus, uninstallBridge } from '../../test/fake-bridge';
import type { MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';
import { clearToasts, makeToken, mockDevicesServer, toastMessages } from './devices-test-kit';

const browser = makeDevice({ device_id: 'dev_111111111111', device_name: 'Chrome on Linux', is_current: true });
const workstation = makeDevice({ device_id: 'dev_aaaaaaaaaaaa', device_name: 'Workstation', connection_status: 'online' });
const oneUse = makeToken({ id: 'tok-own', code: 'K7QM2-ABCDE', max_uses: 1 });

/** The Devices screen of a signed-in browser, its server answering `routes` too. */
async function openDevices(routes: MockRoutes = {}) {
  const api = mockDevicesServer({ 'GET /api/devices': { status: 200, data: devicesResponse([browser]) }, ...routes });
  const view = renderApp('/devices');
  await screen.findByRole('heading', { name: 'Device Management' });
  return { api, view };
}

function section(): HTMLElement {
  return screen.getByRole('region', { name: 'This computer' });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearToasts();
  signIn();
});
afterEach(() => {
  cleanup();
  uninstallBridge();
});

describe('"This computer" on the Devices screen of the desktop window', () => {
  it('adds a computer that is not set up, with a one-use token the server makes for it', async () => {
    const fake = fakeBridge();
    const bridge = fake.install();
    let answerEnrol: () => void = () => undefined;
    bridge.enroll.mockImplementation(
      () => new Promise((resolve) => (answerEnrol = () => resolve({ ok: true, status: onlineStatus({ deviceName: 'Workstation' }) }))),
    );
    // The token exists from its creation until the enrolment spends its one use and adds the device.
    let tokens: DeviceToken[] = [];
    let devices = [browser];
    const { api } = await openDevices({
      'GET /api/devices': () => ({ status: 200, data: devicesResponse(devices) }),
      'GET /api/tokens': () => ({ status: 200, data: { tokens } }),
      'POST /api/device-tokens': () => {
        tokens = [oneUse];
        return { status: 201, data: { token: oneUse } };
      },
    });

    expect(await within(section()).findByText('This computer is not set up to receive installations yet.')).toBeInTheDocument();
    fireEvent.click(within(section()).getByRole('button', { name: 'Add this computer' }));
    expect(await within(section()).findByRole('button', { name: 'Adding...' })).toBeDisabled();
    await waitFor(() => expect(bridge.enroll).toHaveBeenCalledWith({ code: 'K7QM2-ABCDE' }));
    expect(api.callsTo('POST', '/api/device-tokens')[0]?.body).toEqual({ maxUses: 1 });
    expect(await screen.findByRole('listitem', { name: 'Token K7QM2-ABCDE' })).toBeInTheDocument();

    tokens = [];
    devices = [browser, workstation];
    act(() => answerEnrol());
    await waitFor(() => expect(toastMessages()).toContain('This computer was added'));
    expect(await within(section()).findByText('Online')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Remove this computer' })).toBeEnabled();
    // The list shows the new device, marked as this computer; the spent token is gone.
    const card = await screen.findByRole('article', { name: 'Workstation' });
    expect(within(card).getByText('This computer')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Chrome on Linux' })).queryByText('This computer')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Token K7QM2-ABCDE' })).not.toBeInTheDocument());
  });

  it('shows why the desktop client could not add it, offers Upgrade at the device limit, and deletes the unused token', async () => {
    const bridge = fakeBridge().install();
    bridge.enroll.mockResolvedValue({ ok: false, code: ErrorCode.DEVICE_LIMIT_REACHED, message: 'All 5 seats of your plan are in use' });
    const { api } = await openDevices({
      'POST /api/device-tokens': { status: 201, data: { token: oneUse } },
      'DELETE /api/device-tokens/tok-own': { status: 200, data: { success: true } },
    });
    fireEvent.click(await within(section()).findByRole('button', { name: 'Add this computer' }));
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not add this computer');
    expect(alert).toHaveTextContent('All 5 seats of your plan are in use');
    expect(within(alert).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing-page');
    await waitFor(() => expect(api.callsTo('DELETE', '/api/device-tokens/tok-own')).toHaveLength(1));
    // Still not set up: it can be tried again.
    expect(within(section()).getByRole('button', { name: 'Add this computer' })).toBeEnabled();
    expect(toastMessages()).not.toContain('This computer was added');
  });

  it('says it could not add this computer when the desktop client fails, without an Upgrade offer', async () => {
    const bridge = fakeBridge().install();
    bridge.enroll.mockRejectedValue(new Error('IPC channel closed'));
    await openDevices({ 'POST /api/device-tokens': { status: 201, data: { token: oneUse } } });
    fireEvent.click(await within(section()).findByRole('button', { name: 'Add this computer' }));
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not add this computer');
    expect(within(alert).queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('keeps the state live from the agent events, and stops listening when the screen closes', async () => {
    const fake = fakeBridge(onlineStatus({ state: 'installing', job: { jobId: 'j1', kind: 'install', done: 1, total: 3 } }));
    fake.install();
    const { view } = await openDevices();
    expect(await within(section()).findByText('Installing 2 of 3')).toBeInTheDocument();
    expect(within(section()).getByText('Installing')).toBeInTheDocument();
    expect(within(section()).getByText('Workstation')).toBeInTheDocument();

    act(() =>
      fake.emit({
        type: 'status',
        status: onlineStatus({ state: 'installing', job: { jobId: 'j2', kind: 'upgrade', done: 2, total: 3 } }),
      }),
    );
    expect(within(section()).getByText('Updating 3 of 3')).toBeInTheDocument();

    act(() => fake.emit({ type: 'job.finished', jobId: 'j2', kind: 'upgrade', total: 3, tally: { succeeded: 3, failed: 0, skipped: 0 } }));
    act(() => fake.emit({ type: 'status', status: onlineStatus({ paused: true, problem: 'The keychain is locked' }) }));
    expect(within(section()).getByText('Online')).toBeInTheDocument();
    expect(within(section()).getByText('Paused')).toBeInTheDocument();
    expect(within(section()).getByText('The keychain is locked')).toBeInTheDocument();
    expect(within(section()).queryByText(/of 3/)).not.toBeInTheDocument();

    act(() => fake.emit({ type: 'status', status: onlineStatus({ state: 'offline' }) }));
    expect(within(section()).getByText('Offline')).toBeInTheDocument();
    expect(within(section()).queryByText('Paused')).not.toBeInTheDocument();

    expect(fake.listenerCount()).toBe(1);
    view.unmount();
    expect(fake.listenerCount()).toBe(0);
  });

  it('removes this computer after asking: deactivates its device, then the desktop client forgets it', async () => {
    const bridge = fakeBridge(onlineStatus()).install();
    const { api } = await openDevices({ 'POST /api/devices/deactivate': { status: 200, data: { success: true, shouldLogout: false } } });
    fireEvent.click(await within(section()).findByRole('button', { name: 'Remove this computer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this computer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove this computer' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/devices/deactivate')).toHaveLength(0);

    fireEvent.click(within(section()).getByRole('button', { name: 'Remove this computer' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Remove this computer' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toastMessages()).toContain('This computer was removed'));
    expect(api.callsTo('POST', '/api/devices/deactivate')[0]?.body).toEqual({ deviceId: 'dev_aaaaaaaaaaaa', removeClient: false });
    expect(bridge.unenroll).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(section()).getByRole('button', { name: 'Add this computer' })).toBeEnabled());
  });

  it('keeps this computer, enrolled, when the server refuses to deactivate it, and says why', async () => {
    const bridge = fakeBridge(onlineStatus()).install();
    await openDevices({
      'POST /api/devices/deactivate': {
        status: 403,
        data: {
          code: ErrorCode.DEVICE_DEACTIVATION_COOLDOWN,
          message: 'This device was added recently and is protected for 71 more hours.',
        },
      },
    });
    fireEvent.click(await within(section()).findByRole('button', { name: 'Remove this computer' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Remove this computer' })).getByRole('button', { name: 'Remove' }));
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent('This computer was not removed');
    expect(alert).toHaveTextContent('protected for 71 more hours');
    expect(bridge.unenroll).not.toHaveBeenCalled();
    expect(toastMessages()).not.toContain('This computer was removed');
    expect(within(section()).getByRole('button', { name: 'Remove this computer' })).toBeEnabled();
  });
});

describe('the desktop client download in the desktop window and in a browser', () => {
  it('is offered in a browser, with no "This computer" section', async () => {
    await openDevices();
    expect(await screen.findByRole('button', { name: 'Install Desktop Client' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'This computer' })).not.toBeInTheDocument();
  });

  it('is not offered in the desktop window, which shows "This computer" instead', async () => {
    fakeBridge(makeAgentStatus()).install();
    await openDevices();
    expect(await within(section()).findByRole('button', { name: 'Add this computer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Token' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Install Desktop Client' })).not.toBeInTheDocument();
  });

  it('treats a window.loadout without every operation as a browser', async () => {
    window.loadout = { getAppInfo: () => Promise.resolve({ version: '0.1.0', platform: 'linux', arch: 'x64' }) };
    await openDevices();
    expect(await screen.findByRole('button', { name: 'Install Desktop Client' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'This computer' })).not.toBeInTheDocument();
  });
});
