// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { DeviceSearch } from '@shared/api/device-searches';
import { SEARCH_QUERY_MESSAGE } from '@shared/machine-search';
import { perPackageField } from '@shared/package-managers';

import { devicesResponse, makeApp, makeDevice, makeList, makeListItem } from '../../test/factories';
import { renderApp, signIn } from '../../test/render-app';
import { clearToasts, mockDevicesServer, toastMessages } from './devices-test-kit';

const box = makeDevice({ device_id: 'dev_buildbox0001', device_name: 'Build box', platform: 'linux', agent_version: '0.1.0' });

function search(status: DeviceSearch['status'], managers: DeviceSearch['managers']): DeviceSearch {
  return { searchId: 'srch-1', deviceId: 'dev_buildbox0001', query: 'zstd', status, managers, createdAt: new Date().toISOString() };
}

const ZSTD = { id: 'zstd', name: 'zstd', description: 'fast lossless compression algorithm -- CLI tool' };

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signIn();
});
afterEach(cleanup);

describe('searching a machine from its page', () => {
  it('searches, shows each manager as it answers, and adds a result to a list as your own app', async () => {
    let reads = 0;
    let ownAppPosts = 0;
    const api = mockDevicesServer({
      'GET /api/devices': { status: 200, data: devicesResponse([box]) },
      'GET /api/installations': { status: 200, data: { installations: [] } },
      'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: { checkedAt: null, apps: [] } },
      'GET /api/lists': { status: 200, data: [makeList({ id: 'list-1', name: 'Work laptop' })] },
      'POST /api/devices/dev_buildbox0001/searches': {
        status: 202,
        data: search('searching', [
          { manager: 'apt', status: 'searching', results: [], truncated: false, error: null },
          { manager: 'snap', status: 'searching', results: [], truncated: false, error: null },
        ]),
      },
      'GET /api/devices/dev_buildbox0001/searches/srch-1': () => {
        reads += 1;
        return {
          status: 200,
          data:
            reads < 2
              ? search('searching', [
                  { manager: 'apt', status: 'done', results: [ZSTD], truncated: true, error: null },
                  { manager: 'snap', status: 'searching', results: [], truncated: false, error: null },
                ])
              : search('done', [
                  { manager: 'apt', status: 'done', results: [ZSTD], truncated: true, error: null },
                  { manager: 'snap', status: 'done', results: [], truncated: false, error: null },
                ]),
        };
      },
      // The first time a new app; then the person has it, and the server names it rather than making another.
      'POST /api/own-apps': () =>
        (ownAppPosts += 1) > 1
          ? {
              status: 409,
              data: {
                code: 'OWN_APP_EXISTS',
                message: 'You already have “zstd” with this apt package.',
                details: { appId: '9001', apt_package: 'Your app “zstd” has this id' },
              },
            }
          : {
              status: 201,
              data: {
                app_id: 9001,
                name: 'zstd',
                ...perPackageField(() => null),
                apt_package: 'zstd',
                platforms: ['linux'],
                createdAt: new Date().toISOString(),
              },
            },
      'POST /api/lists/list-1/items': { status: 201, data: makeListItem(makeApp({ app_id: 9001, name: 'zstd' }), 0) },
    });
    renderApp('/devices/dev_buildbox0001');
    fireEvent.click(await screen.findByRole('button', { name: 'Search this machine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search this machine' });
    expect(within(dialog).getByText(/Type a name and press Search/)).toBeInTheDocument();

    // A query that could be an option is refused before anything is asked.
    const field = within(dialog).getByRole('textbox', { name: 'Search for' });
    fireEvent.change(field, { target: { value: '--help' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText(SEARCH_QUERY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/devices/dev_buildbox0001/searches')).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'zstd' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/devices/dev_buildbox0001/searches')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/devices/dev_buildbox0001/searches')[0]!.body).toEqual({ query: 'zstd' });
    expect(await within(dialog).findByText('fast lossless compression algorithm -- CLI tool')).toBeInTheDocument();
    expect(within(dialog).getByText('1 result (more matched: type more to narrow it)')).toBeInTheDocument();
    expect(await within(dialog).findByText('No results')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add zstd to a list' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Work laptop' }));
    await waitFor(() => expect(toastMessages()).toContain('Added zstd to Work laptop as your app'));
    expect(api.callsTo('POST', '/api/own-apps')[0]!.body).toEqual({ name: 'zstd', apt_package: 'zstd' });
    expect(api.callsTo('POST', '/api/lists/list-1/items')[0]!.body).toEqual({ appId: 9001 });

    // Added again (say, to the list it left): the app the person has goes in, no error.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add zstd to a list' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Work laptop' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/lists/list-1/items')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/lists/list-1/items')[1]!.body).toEqual({ appId: 9001 });
    await waitFor(() => expect(toastMessages().filter((text) => text === 'Added zstd to Work laptop as your app')).toHaveLength(2));
  });

  it('says in plain words when the machine is offline', async () => {
    mockDevicesServer({
      'GET /api/devices': { status: 200, data: devicesResponse([box]) },
      'GET /api/installations': { status: 200, data: { installations: [] } },
      'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: { checkedAt: null, apps: [] } },
      'POST /api/devices/dev_buildbox0001/searches': {
        status: 409,
        data: { code: 'DEVICE_OFFLINE', message: 'Build box is offline: connect it to search its package managers' },
      },
    });
    renderApp('/devices/dev_buildbox0001');
    fireEvent.click(await screen.findByRole('button', { name: 'Search this machine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search this machine' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Search for' }), { target: { value: 'firefox' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('Build box is offline: connect it to search its package managers')).toBeInTheDocument();
  });
});
