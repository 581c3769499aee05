// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { DeviceInventory } from '../../api/installations';
import { devicesResponse, makeDevice } from '../../test/factories';
import { renderApp, signIn } from '../../test/render-app';
import { clearToasts, mockDevicesServer, toastMessages } from './devices-test-kit';

const KEPT_BACK = 'Still 1:2.39.5-0+deb12u1: the package manager kept it back (it is held, or what it needs cannot be installed)';

/** Git's update to deb12u2 ran and left it at deb12u1: held, so no newer version is offered. */
function inventoryWithHeldGit(): DeviceInventory {
  const app = { manager: 'apt', pinnedVersion: null, chosen: true, heldUpdate: null, securityUpdate: false } as const;
  return {
    checkedAt: new Date().toISOString(),
    apps: [
      {
        ...app,
        appId: 30,
        name: 'Git',
        packageId: 'git',
        installedVersion: '1:2.39.5-0+deb12u1',
        availableVersion: null,
        heldUpdate: {
          version: '1:2.39.5-0+deb12u2',
          message: KEPT_BACK,
          since: new Date(Date.now() - 3 * 3_600_000).toISOString(),
        },
      },
      { ...app, appId: 18, name: 'VLC', packageId: 'vlc', installedVersion: '3.0.21', availableVersion: null },
      { ...app, appId: 7, name: 'Curl', packageId: 'curl', installedVersion: '7.88.1-10', availableVersion: '7.88.1-10+deb12u8' },
    ],
  };
}

const box = makeDevice({ device_id: 'dev_buildbox0001', device_name: 'Build box', platform: 'linux', agent_version: '0.1.0' });
const RELEASE_GIT = '/api/devices/dev_buildbox0001/held-updates/30';

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signIn();
});
afterEach(cleanup);

describe('an update that did not take, on the machine’s page', () => {
  it('says which version did not take and why, offers no Update, and tries again when asked', async () => {
    const api = mockDevicesServer({
      'GET /api/devices': { status: 200, data: devicesResponse([box]) },
      'GET /api/installations': { status: 200, data: { installations: [] } },
      'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: inventoryWithHeldGit() },
      'DELETE /api/devices/dev_buildbox0001/held-updates/30': { status: 200, data: { success: true } },
    });
    renderApp('/devices/dev_buildbox0001');
    const table = await screen.findByRole('table', { name: 'Installed apps' });
    const git = within(table).getByRole('row', { name: /^Git/ });
    expect(git).toHaveTextContent('Update to 1:2.39.5-0+deb12u2 did not take');
    expect(git).toHaveTextContent('3h ago');
    expect(git).toHaveTextContent(KEPT_BACK);
    expect(git).not.toHaveTextContent('Up to date');
    expect(within(table).queryByRole('button', { name: 'Update Git' })).toBeNull();
    // Only Curl is offered: the held version is in no Update all.
    expect(screen.getByRole('button', { name: 'Update all (1)' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^VLC/ })).not.toHaveTextContent('did not take');
    expect(within(table).queryByRole('button', { name: /Try the update again for (VLC|Curl)/ })).toBeNull();

    const inventoryReads = api.callsTo('GET', '/api/devices/dev_buildbox0001/inventory').length;
    fireEvent.click(within(git).getByRole('button', { name: 'Try the update again for Git' }));
    await waitFor(() => expect(api.callsTo('DELETE', RELEASE_GIT)).toHaveLength(1));
    await waitFor(() =>
      expect(toastMessages()).toContain(
        'Git 1:2.39.5-0+deb12u2 is offered again: update it from here. Build box was asked for its installed apps to confirm it.',
      ),
    );
    // The machine's apps are read again: the hold is gone from them.
    await waitFor(() => expect(api.callsTo('GET', '/api/devices/dev_buildbox0001/inventory').length).toBeGreaterThan(inventoryReads));
  });

  it('says so when the server refuses, and leaves the note in place', async () => {
    mockDevicesServer({
      'GET /api/devices': { status: 200, data: devicesResponse([box]) },
      'GET /api/installations': { status: 200, data: { installations: [] } },
      'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: inventoryWithHeldGit() },
      'DELETE /api/devices/dev_buildbox0001/held-updates/30': { status: 404, data: { code: 'APP_NOT_FOUND', message: 'App not found' } },
    });
    renderApp('/devices/dev_buildbox0001');
    const table = await screen.findByRole('table', { name: 'Installed apps' });
    const button = within(table).getByRole('button', { name: 'Try the update again for Git' });
    fireEvent.click(button);
    await waitFor(() => expect(toastMessages()).toContain('App not found'));
    await waitFor(() => expect(button).toBeEnabled());
    expect(within(table).getByRole('row', { name: /^Git/ })).toHaveTextContent('did not take');
  });

  describe('on a phone', () => {
    const matchMedia = window.matchMedia;
    beforeEach(() => {
      window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '(max-width: 48em)' });
    });
    afterEach(() => {
      window.matchMedia = matchMedia;
    });

    it("shows the note on the app's card with the button in reach of the keyboard, and says when an offline machine answers", async () => {
      const away = { ...box, connection_status: 'offline' as const };
      const api = mockDevicesServer({
        'GET /api/devices': { status: 200, data: devicesResponse([away]) },
        'GET /api/installations': { status: 200, data: { installations: [] } },
        'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: inventoryWithHeldGit() },
        'DELETE /api/devices/dev_buildbox0001/held-updates/30': { status: 200, data: { success: true } },
      });
      renderApp('/devices/dev_buildbox0001');
      const cards = await screen.findByRole('list', { name: 'Installed apps' });
      const git = within(cards).getByRole('listitem', { name: 'Git' });
      expect(git).toHaveTextContent('Update to 1:2.39.5-0+deb12u2 did not take');
      expect(git).toHaveTextContent(KEPT_BACK);
      expect(within(git).queryByRole('button', { name: 'Update Git' })).toBeNull();
      const button = within(git).getByRole('button', { name: 'Try the update again for Git' });
      button.focus();
      expect(button).toHaveFocus();
      fireEvent.click(button);
      await waitFor(() => expect(api.callsTo('DELETE', RELEASE_GIT)).toHaveLength(1));
      await waitFor(() =>
        expect(toastMessages()).toContain(
          'Git 1:2.39.5-0+deb12u2 is offered again: update it from here. Build box is offline, so the update waits until it connects.',
        ),
      );
    });
  });
});
