// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';
import type { ListStatus } from '@shared/api/installations';

import { makeInstallation, makeInstallationItem, makeInstallationTarget, makeList, planStatus } from '../../test/factories';
import { mockApi, type MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const list = makeList({ id: 'l1', name: 'Terminal toys', appCount: 5 });

const status: ListStatus = {
  listId: 'l1',
  listName: 'Terminal toys',
  devices: [
    {
      deviceId: 'dev_build00000001',
      deviceName: 'Build box',
      platform: 'linux',
      online: true,
      inventoryCheckedAt: new Date(Date.now() - 10 * 60_000).toISOString(),
      apps: [
        {
          appId: 21,
          name: 'hello',
          state: 'installed',
          manager: 'apt',
          installedVersion: '2.10-3',
          availableVersion: null,
          unknownReason: null,
        },
        {
          appId: 22,
          name: 'cowsay',
          state: 'installed',
          manager: 'apt',
          installedVersion: '3.03',
          availableVersion: null,
          unknownReason: null,
        },
        { appId: 24, name: 'jq', state: 'installed', manager: 'apt', installedVersion: '1.6', availableVersion: null, unknownReason: null },
        {
          appId: 25,
          name: 'curl',
          state: 'outdated',
          manager: 'apt',
          installedVersion: '1.2',
          availableVersion: '1.3',
          unknownReason: null,
        },
        { appId: 26, name: 'htop', state: 'missing', manager: null, installedVersion: null, availableVersion: null, unknownReason: null },
        {
          appId: 23,
          name: 'Paint.NET',
          state: 'unknown',
          manager: null,
          installedVersion: null,
          availableVersion: null,
          unknownReason: 'not_available',
        },
      ],
    },
    {
      deviceId: 'dev_studio0000001',
      deviceName: 'Studio PC',
      platform: 'windows',
      online: false,
      inventoryCheckedAt: null,
      apps: [
        {
          appId: 21,
          name: 'hello',
          state: 'unknown',
          manager: null,
          installedVersion: null,
          availableVersion: null,
          unknownReason: 'no_inventory',
        },
      ],
    },
  ],
};

function routes(extra: MockRoutes = {}) {
  return mockApi({
    'GET /api/lists': { status: 200, data: [list] },
    'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
    ...extra,
  });
}

async function openStatus() {
  renderApp('/app-list');
  const card = await screen.findByRole('region', { name: 'Terminal toys' });
  fireEvent.click(within(card).getByRole('button', { name: 'More actions for Terminal toys' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Status on devices' }));
  return screen.findByRole('dialog', { name: 'Terminal toys on your devices' });
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(cleanup);

describe('a list’s status on devices', () => {
  it('shows per device each app’s state in words, with versions, and a summary', async () => {
    const api = routes({ 'GET /api/lists/l1/status': { status: 200, data: status } });
    const dialog = await openStatus();

    const box = await within(dialog).findByRole('region', { name: 'Build box' });
    expect(within(box).getByText('Online')).toBeInTheDocument();
    expect(within(box).getByText('Checked 10m ago')).toBeInTheDocument();
    expect(within(box).getByText('3 installed, 1 out of date, 1 missing, 1 not available')).toBeInTheDocument();
    const rows = within(box).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'helloInstalled 2.10-3',
      'cowsayInstalled 3.03',
      'jqInstalled 1.6',
      'curlOut of date 1.2 → 1.3',
      'htopMissing',
      'Paint.NETNot available on Linux',
    ]);

    const studio = within(dialog).getByRole('region', { name: 'Studio PC' });
    expect(within(studio).getByText('Offline')).toBeInTheDocument();
    expect(within(studio).getByText('Not checked yet')).toBeInTheDocument();
    expect(within(studio).getByText('Unknown: not checked yet')).toBeInTheDocument();
    expect(within(studio).getByText('1 not checked yet')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/lists/l1/status')).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Terminal toys on your devices' })).not.toBeInTheDocument());
  });

  it('updates the list on the devices where it is out of date, one device or all of them, and follows it live', async () => {
    const update = makeInstallation({
      id: 'inst-up',
      kind: 'upgrade',
      listId: 'l1',
      listName: 'Terminal toys',
      status: 'running',
      targets: [
        makeInstallationTarget({
          deviceId: 'dev_build00000001',
          deviceName: 'Build box',
          items: [makeInstallationItem({ itemId: 'i1', appId: 25, name: 'curl', status: 'installing' })],
        }),
      ],
    });
    const api = routes({
      'GET /api/lists/l1/status': { status: 200, data: status },
      'POST /api/installations': { status: 201, data: update },
      'GET /api/installations/inst-up': { status: 200, data: update },
    });
    const dialog = await openStatus();
    const box = await within(dialog).findByRole('region', { name: 'Build box' });
    // The Studio PC has nothing known to be out of date: no button there, and "all" means the Build box.
    expect(within(within(dialog).getByRole('region', { name: 'Studio PC' })).queryByRole('button', { name: /Update/ })).toBeNull();
    expect(within(box).getByRole('button', { name: 'Update 1 app on Build box' })).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Update all on 1 device' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Update: Terminal toys' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Terminal toys on your devices' })).toBeNull();
    expect(api.callsTo('POST', '/api/installations')[0]?.body).toEqual({ listId: 'l1', deviceIds: ['dev_build00000001'], kind: 'upgrade' });
  });

  it('says on the card where the list stands, and opens the status from there', async () => {
    routes({
      'GET /api/lists/status': {
        status: 200,
        data: { lists: [{ listId: 'l1', devices: 2, installed: 3, outdated: 1, missing: 1, unchecked: 1 }] },
      },
      'GET /api/lists/l1/status': { status: 200, data: status },
    });
    renderApp('/app-list');
    const card = await screen.findByRole('region', { name: 'Terminal toys' });
    fireEvent.click(await within(card).findByRole('button', { name: 'On 2 devices: 1 out of date, 1 missing, 1 not checked yet' }));
    expect(await screen.findByRole('dialog', { name: 'Terminal toys on your devices' })).toBeInTheDocument();
  });

  it('says nothing on the card of a list that is on no device', async () => {
    routes({
      'GET /api/lists/status': {
        status: 200,
        data: { lists: [{ listId: 'l1', devices: 0, installed: 0, outdated: 0, missing: 0, unchecked: 0 }] },
      },
    });
    renderApp('/app-list');
    const card = await screen.findByRole('region', { name: 'Terminal toys' });
    await within(card).findByRole('button', { name: 'Install' });
    expect(within(card).queryByRole('button', { name: /^On \d/ })).toBeNull();
  });

  it('says so when the list is not on any device yet', async () => {
    routes({ 'GET /api/lists/l1/status': { status: 200, data: { listId: 'l1', listName: 'Terminal toys', devices: [] } } });
    const dialog = await openStatus();
    expect(
      await within(dialog).findByText('This list is not on any device yet. Install it to see where its apps stand.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers to try again when the status cannot be loaded, and shows it once it can', async () => {
    let calls = 0;
    routes({
      'GET /api/lists/l1/status': () =>
        ++calls === 1 ? { status: 500, data: { code: ErrorCode.INTERNAL_ERROR, message: 'x' } } : { status: 200, data: status },
    });
    const dialog = await openStatus();
    expect(await within(dialog).findByText('Failed to load the status of this list')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Out of date 1.2 → 1.3')).toBeInTheDocument();
    expect(within(dialog).queryByText('Failed to load the status of this list')).not.toBeInTheDocument();
  });
});
