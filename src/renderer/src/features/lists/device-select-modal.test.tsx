// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Device } from '@shared/api/devices';
import { ErrorCode } from '@shared/api/error-codes';

import { App } from '../../app/app';
import { createAppStore } from '../../app/store';
import { devicesResponse, makeDevice } from '../../test/factories';
import { fakeBridge, uninstallBridge } from '../../test/fake-bridge';
import { mockApi } from '../../test/mock-api';
import { signIn } from '../../test/render-app';
import { DeviceSelectModal } from './device-select-modal';

function device(id: string, name: string, overrides: Partial<Device> = {}): Device {
  return makeDevice({ device_id: id, device_name: name, ...overrides });
}

const devices = [
  device('dev_a', 'Studio PC', { is_admin: true }),
  device('dev_b', 'Build box', { platform: 'linux' }),
  device('dev_c', 'This browser', {
    device_type: 'primary',
    registration_method: 'account',
    capabilities: ['web_access', 'receive_installations'],
    is_current: true,
  }),
  device('dev_d', 'Web-enabled remote', { capabilities: ['web_access', 'receive_installations'] }),
  device('dev_e', 'Old laptop', { is_active: false }),
  device('dev_f', 'Account-registered remote', { registration_method: 'account' }),
];

/** Where the router is, for buttons that navigate. */
function LocationProbe() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

function renderModal(props: Partial<Parameters<typeof DeviceSelectModal>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <MemoryRouter>
      <LocationProbe />
      <App store={createAppStore()} env="test">
        <DeviceSelectModal
          opened
          listName="Work laptop"
          appCount={2}
          apps={[
            { name: 'Firefox', platforms: ['windows', 'macos', 'linux'] },
            { name: 'Visual Studio Code', platforms: ['windows', 'macos'] },
          ]}
          onConfirm={onConfirm}
          onCancel={onCancel}
          {...props}
        />
      </App>
    </MemoryRouter>,
  );
  return { onConfirm, onCancel };
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(() => {
  cleanup();
  uninstallBridge();
});

describe('Select Installation Device', () => {
  it('offers only active remote clients registered by token, without web access', async () => {
    mockApi({ 'GET /api/devices': { status: 200, data: devicesResponse(devices) } });
    renderModal({ multiple: true });
    const dialog = await screen.findByRole('dialog', { name: 'Select Installation Device' });
    expect(within(dialog).getByText('Work laptop')).toBeInTheDocument();
    expect(await within(dialog).findByText('Studio PC')).toBeInTheDocument();
    expect(within(dialog).getByText('Build box')).toBeInTheDocument();
    for (const hidden of ['This browser', 'Web-enabled remote', 'Old laptop', 'Account-registered remote']) {
      expect(within(dialog).queryByText(hidden)).not.toBeInTheDocument();
    }
    expect(within(dialog).getByText('Admin')).toBeInTheDocument();
    expect(within(dialog).getAllByText(/Last active 5m ago/)).toHaveLength(2);
    // Which apps cannot go to the Linux machine, in words.
    expect(within(dialog).getByText(/1 of 2 apps have no Linux package and will be skipped: Visual Studio Code/)).toBeInTheDocument();
  });

  it('counts the chosen devices on the install button and hands them over', async () => {
    mockApi({ 'GET /api/devices': { status: 200, data: devicesResponse(devices) } });
    const { onConfirm } = renderModal({ multiple: true });
    await screen.findByText('Studio PC');
    expect(screen.getByRole('button', { name: 'Install to' })).toBeDisabled();

    fireEvent.click(screen.getByRole('checkbox', { name: /Studio PC/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Build box/ }));
    const install = screen.getByRole('button', { name: 'Install to 2 Devices' });
    fireEvent.click(install);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    const chosen = onConfirm.mock.calls[0]?.[0] as Device[];
    expect(chosen.map((d) => d.device_id)).toEqual(['dev_a', 'dev_b']);
  });

  it('pre-selects the first eligible device in single mode', async () => {
    mockApi({ 'GET /api/devices': { status: 200, data: devicesResponse(devices) } });
    renderModal();
    await screen.findByText('Studio PC');
    expect(screen.getByRole('radio', { name: /Studio PC/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Install to Studio PC' })).toBeEnabled();
  });

  it('shows the empty state while the server has no device API, with the client download', async () => {
    mockApi({});
    const { onCancel } = renderModal({ multiple: true });
    expect(await screen.findByText('No desktop clients found')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Download Desktop Client' }));
    const download = await screen.findByRole('dialog', { name: 'Download Desktop Client' });
    // Enabled once the dialog knows whether the server has an installer (here it cannot tell, so it offers the download).
    await vi.waitFor(() => expect(within(download).getByRole('button', { name: 'Download & Install' })).toBeEnabled());
    fireEvent.click(within(download).getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('pre-selects the only machine in multi-select mode too', async () => {
    mockApi({ 'GET /api/devices': { status: 200, data: devicesResponse([devices[1]!, devices[2]!]) } });
    renderModal({ multiple: true });
    await screen.findByText('Build box');
    expect(screen.getByRole('checkbox', { name: /Build box/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Install to Build box' })).toBeEnabled();
  });

  it('says in the empty state how to add a machine, and takes the user where it is done', async () => {
    mockApi({ 'GET /api/devices': { status: 200, data: devicesResponse([devices[2]!]) } });
    const { onCancel } = renderModal();
    expect(await screen.findByText('No desktop clients found')).toBeInTheDocument();
    expect(screen.getByText(/Lists install onto machines that run the Loadout agent/)).toHaveTextContent(
      'Add one on the Devices screen: generate a registration token and run the command it shows on the machine.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add a machine' }));
    expect(onCancel).toHaveBeenCalled();
    await vi.waitFor(() => expect(screen.getByLabelText('Current path')).toHaveTextContent(/^\/devices$/));
  });

  it('offers to add this computer instead of the download in the desktop window', async () => {
    fakeBridge().install();
    mockApi({ 'GET /api/devices': { status: 200, data: devicesResponse([]) } });
    const { onCancel } = renderModal();
    expect(await screen.findByText('No desktop clients found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Desktop Client' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add this computer' }));
    expect(onCancel).toHaveBeenCalled();
    await vi.waitFor(() => expect(screen.getByLabelText('Current path')).toHaveTextContent(/^\/devices$/));
  });

  it('offers to try again when the devices cannot be loaded', async () => {
    const api = mockApi({ 'GET /api/devices': { status: 500, data: { code: ErrorCode.INTERNAL_ERROR, message: 'x' } } });
    renderModal();
    expect(await screen.findByText('Failed to load devices')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/devices').length).toBeGreaterThanOrEqual(2));
  });
});
