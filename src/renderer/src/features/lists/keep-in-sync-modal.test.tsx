// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { notificationsStore } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';
import type { ListFollower } from '@shared/api/list-sync';

import { devicesResponse, makeDevice, makeList, planStatus } from '../../test/factories';
import { mockApi, type MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const list = makeList({ id: 'l1', name: 'Terminal toys', appCount: 2 });
const box = makeDevice({ device_id: 'dev_buildbox0001', device_name: 'Build box', platform: 'linux' });
const studio = makeDevice({ device_id: 'dev_studio000001', device_name: 'Studio PC', platform: 'windows', connection_status: 'offline' });
// A browser signed in to the account: not a machine that can follow a list.
const laptop = makeDevice({
  device_id: 'dev_laptop000001',
  device_name: 'Laptop browser',
  device_type: 'primary',
  registration_method: 'account',
  capabilities: ['web_access', 'receive_installations'],
});

const following: ListFollower = {
  deviceId: 'dev_buildbox0001',
  deviceName: 'Build box',
  platform: 'linux',
  uninstallRemoved: false,
  since: '2026-11-24T07:00:00.000Z',
};

function routes(extra: MockRoutes = {}, lists = [list]) {
  return mockApi({
    'GET /api/lists': { status: 200, data: lists },
    'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
    'GET /api/devices': { status: 200, data: devicesResponse([box, studio, laptop]) },
    ...extra,
  });
}

function toasts(): string[] {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((toast) => (typeof toast.message === 'string' ? toast.message : ''));
}

async function openSync(name = 'Terminal toys') {
  renderApp('/app-list');
  const card = await screen.findByRole('region', { name });
  fireEvent.click(within(card).getByRole('button', { name: `More actions for ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Keep in sync' }));
  return screen.findByRole('dialog', { name: `Keep “${name}” in sync` });
}

beforeEach(() => {
  localStorage.clear();
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  signIn();
});
afterEach(cleanup);

describe('keep a list in sync', () => {
  it('shows each enrolled machine with its switch and option, and follows one', async () => {
    let followers: ListFollower[] = [following];
    const api = routes({
      'GET /api/lists/l1/followers': () => ({ status: 200, data: { listId: 'l1', followers } }),
      'PUT /api/lists/l1/followers/dev_studio000001': (call) => {
        const follower: ListFollower = {
          deviceId: 'dev_studio000001',
          deviceName: 'Studio PC',
          platform: 'windows',
          uninstallRemoved: (call.body as { uninstallRemoved: boolean }).uninstallRemoved,
          since: '2026-11-24T08:00:00.000Z',
        };
        followers = [...followers, follower];
        return { status: 200, data: { follower, installationId: 'inst-1' } };
      },
    });
    const dialog = await openSync();

    const boxRow = await within(dialog).findByRole('region', { name: 'Build box' });
    expect(within(boxRow).getByRole('switch', { name: 'Keep this device in sync' })).toBeChecked();
    const boxOption = within(boxRow).getByRole('checkbox', { name: 'Also uninstall apps removed from the list' });
    expect(boxOption).not.toBeChecked();
    expect(boxOption).toBeEnabled();

    const studioRow = within(dialog).getByRole('region', { name: 'Studio PC' });
    expect(within(studioRow).getByText('Offline')).toBeInTheDocument();
    const studioSwitch = within(studioRow).getByRole('switch', { name: 'Keep this device in sync' });
    expect(studioSwitch).not.toBeChecked();
    // The option means nothing until the machine follows.
    expect(within(studioRow).getByRole('checkbox', { name: 'Also uninstall apps removed from the list' })).toBeDisabled();
    // A browser cannot follow a list.
    expect(within(dialog).queryByRole('region', { name: 'Laptop browser' })).not.toBeInTheDocument();

    fireEvent.click(studioSwitch);
    await waitFor(() => expect(within(studioRow).getByRole('switch', { name: 'Keep this device in sync' })).toBeChecked());
    expect(api.callsTo('PUT', '/api/lists/l1/followers/dev_studio000001').map((call) => call.body)).toEqual([{ uninstallRemoved: false }]);
    expect(toasts()).toContain('Studio PC now keeps “Terminal toys” in sync. Its apps are being installed there.');
    expect(within(studioRow).getByRole('checkbox', { name: 'Also uninstall apps removed from the list' })).toBeEnabled();
  });

  it('turns on the uninstall option and stops following', async () => {
    let followers: ListFollower[] = [following];
    const api = routes({
      'GET /api/lists/l1/followers': () => ({ status: 200, data: { listId: 'l1', followers } }),
      'PUT /api/lists/l1/followers/dev_buildbox0001': (call) => {
        const follower = { ...following, uninstallRemoved: (call.body as { uninstallRemoved: boolean }).uninstallRemoved };
        followers = [follower];
        return { status: 200, data: { follower, installationId: null } };
      },
      'DELETE /api/lists/l1/followers/dev_buildbox0001': () => {
        followers = [];
        return { status: 200, data: { success: true } };
      },
    });
    const dialog = await openSync();
    const row = await within(dialog).findByRole('region', { name: 'Build box' });

    fireEvent.click(within(row).getByRole('checkbox', { name: 'Also uninstall apps removed from the list' }));
    await waitFor(() => expect(within(row).getByRole('checkbox', { name: 'Also uninstall apps removed from the list' })).toBeChecked());
    expect(api.callsTo('PUT', '/api/lists/l1/followers/dev_buildbox0001').map((call) => call.body)).toEqual([{ uninstallRemoved: true }]);

    fireEvent.click(within(row).getByRole('switch', { name: 'Keep this device in sync' }));
    await waitFor(() => expect(within(row).getByRole('switch', { name: 'Keep this device in sync' })).not.toBeChecked());
    expect(api.callsTo('DELETE', '/api/lists/l1/followers/dev_buildbox0001')).toHaveLength(1);
    expect(toasts()).toContain('Build box no longer keeps “Terminal toys” in sync. Nothing was uninstalled.');
  });

  it('tells a user without an enrolled machine to add one', async () => {
    routes({
      'GET /api/devices': { status: 200, data: devicesResponse([laptop]) },
      'GET /api/lists/l1/followers': { status: 200, data: { listId: 'l1', followers: [] } },
    });
    const dialog = await openSync();
    expect(await within(dialog).findByText('No machine to keep in sync yet')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Add a device' })).toHaveAttribute('href', '/devices');
    expect(within(dialog).queryByRole('switch')).not.toBeInTheDocument();
  });

  it('cannot follow a read-only list', async () => {
    const readOnly = makeList({ id: 'l2', name: 'Old tools', appCount: 9, readOnly: true });
    routes(
      {
        'GET /api/lists/l2/followers': { status: 200, data: { listId: 'l2', followers: [] } },
      },
      [list, readOnly],
    );
    const dialog = await openSync('Old tools');
    expect(await within(dialog).findByText(/This list is read-only on your current plan/)).toBeInTheDocument();
    const row = await within(dialog).findByRole('region', { name: 'Build box' });
    expect(within(row).getByRole('switch', { name: 'Keep this device in sync' })).toBeDisabled();
  });

  it('shows the server’s message when following fails', async () => {
    routes({
      'GET /api/lists/l1/followers': { status: 200, data: { listId: 'l1', followers: [] } },
      'PUT /api/lists/l1/followers/dev_studio000001': {
        status: 403,
        data: {
          code: ErrorCode.DEVICE_OVER_SEAT_LIMIT,
          message: 'Studio PC is beyond the 2 devices your plan includes. Deactivate 1 device or upgrade to install onto it.',
        },
      },
    });
    const dialog = await openSync();
    const row = await within(dialog).findByRole('region', { name: 'Studio PC' });
    fireEvent.click(within(row).getByRole('switch', { name: 'Keep this device in sync' }));
    await waitFor(() =>
      expect(toasts()).toContain(
        'Studio PC is beyond the 2 devices your plan includes. Deactivate 1 device or upgrade to install onto it.',
      ),
    );
    expect(within(row).getByRole('switch', { name: 'Keep this device in sync' })).not.toBeChecked();
  });
});
