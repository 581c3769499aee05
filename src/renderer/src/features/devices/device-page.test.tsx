// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { devicesResponse, makeDevice } from '../../test/factories';
import { renderApp, signIn } from '../../test/render-app';
import { clearToasts, mockDevicesServer, toastMessages } from './devices-test-kit';

const box = makeDevice({ device_id: 'dev_buildbox0001', device_name: 'Build box', platform: 'linux', agent_version: '0.1.0' });

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signIn();
});
afterEach(cleanup);

describe('/devices/:deviceId', () => {
  it("shows an enrolled machine's inventory with newer versions, and asks for a fresh one", async () => {
    const api = mockDevicesServer({
      'GET /api/devices': { status: 200, data: devicesResponse([box]) },
      'GET /api/installations': { status: 200, data: { installations: [] } },
      'GET /api/devices/dev_buildbox0001/inventory': {
        status: 200,
        data: {
          checkedAt: new Date().toISOString(),
          apps: [
            {
              appId: 30,
              name: 'Git',
              manager: 'apt',
              packageId: 'git',
              installedVersion: '1:2.39.5-0+deb12u1',
              availableVersion: '1:2.39.5-0+deb12u2',
            },
            { appId: 18, name: 'VLC', manager: 'apt', packageId: 'vlc', installedVersion: '3.0.21', availableVersion: null },
          ],
        },
      },
      'POST /api/devices/dev_buildbox0001/inventory/refresh': { status: 202, data: { success: true, requested: true } },
    });
    renderApp('/devices/dev_buildbox0001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Build box' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/history?deviceId=dev_buildbox0001');
    const table = await screen.findByRole('table', { name: 'Installed apps' });
    const git = within(table).getByRole('row', { name: /^Git/ });
    expect(git).toHaveTextContent('1:2.39.5-0+deb12u1');
    expect(git).toHaveTextContent('1:2.39.5-0+deb12u2 available');
    expect(within(table).getByRole('row', { name: /^VLC/ })).toHaveTextContent('Up to date');
    expect(screen.getByText('Nothing has been installed onto this machine yet. Install a list from the Lists screen.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Refresh inventory' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/devices/dev_buildbox0001/inventory/refresh')).toHaveLength(1));
    await waitFor(() => expect(toastMessages()).toContain('Asked Build box for its installed apps: the list updates when it answers.'));
  });
});
