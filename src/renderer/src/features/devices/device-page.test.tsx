// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { RemovalCheck } from '@shared/api/removal-checks';

import type { DeviceInventory } from '../../api/installations';
import {
  devicesResponse,
  makeDevice,
  makeInstallation,
  makeInstallationItem,
  makeInstallationTarget,
  noCounts,
  summaryOf,
} from '../../test/factories';
import { renderApp, signIn } from '../../test/render-app';
import { recentTitle } from './device-page';
import { clearToasts, mockDevicesServer, toastMessages } from './devices-test-kit';

const inventory: DeviceInventory = {
  checkedAt: new Date().toISOString(),
  apps: [
    {
      appId: 30,
      name: 'Git',
      manager: 'apt',
      packageId: 'git',
      installedVersion: '1:2.39.5-0+deb12u1',
      availableVersion: '1:2.39.5-0+deb12u2',
      pinnedVersion: null,
      chosen: true,
      heldUpdate: null,
      securityUpdate: false,
    },
    {
      appId: 18,
      name: 'VLC',
      manager: 'apt',
      packageId: 'vlc',
      installedVersion: '3.0.21',
      availableVersion: null,
      pinnedVersion: null,
      chosen: true,
      heldUpdate: null,
      securityUpdate: false,
    },
    // The machine came with it: nobody chose it here.
    {
      appId: 7,
      name: 'Curl',
      manager: 'apt',
      packageId: 'curl',
      installedVersion: '7.88.1-10',
      availableVersion: '7.88.1-10+deb12u8',
      pinnedVersion: null,
      chosen: false,
      heldUpdate: null,
      securityUpdate: false,
    },
  ],
};

/** What the server answers to the create: an installation of that kind, on its way. */
function startedInstallation(id: string, kind: 'upgrade' | 'uninstall', appIds: number[]) {
  return makeInstallation({
    id,
    kind,
    listId: null,
    listName: null,
    status: 'waiting',
    targets: [
      makeInstallationTarget({
        deviceId: 'dev_buildbox0001',
        deviceName: 'Build box',
        status: 'running',
        items: appIds.map((appId, position) =>
          makeInstallationItem({ itemId: `item-${position}`, appId, status: position === 0 ? 'installing' : 'queued' }),
        ),
      }),
    ],
  });
}

const box = makeDevice({ device_id: 'dev_buildbox0001', device_name: 'Build box', platform: 'linux', agent_version: '0.1.0' });

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signIn();
});
afterEach(cleanup);

const VLC_REMOVES = [
  { name: 'vlc', version: '3.0.21' },
  { name: 'vlc-plugin-base', version: '3.0.21' },
  { name: 'vlc-l10n', version: '3.0.21' },
];

function vlcCheck(status: RemovalCheck['status'], removes: RemovalCheck['removes']): RemovalCheck {
  const ready = status === 'ready';
  return {
    checkId: 'chk-1',
    deviceId: 'dev_buildbox0001',
    appId: 18,
    appName: 'VLC',
    status,
    manager: ready ? 'apt' : null,
    packageId: ready ? 'vlc' : null,
    installedVersion: ready ? '3.0.21' : null,
    removes,
    refused: null,
    purgeOffered: ready,
    createdAt: new Date().toISOString(),
  };
}

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
              pinnedVersion: null,
              chosen: true,
              heldUpdate: null,
              securityUpdate: false,
            },
            {
              appId: 18,
              name: 'VLC',
              manager: 'apt',
              packageId: 'vlc',
              installedVersion: '3.0.21',
              availableVersion: null,
              pinnedVersion: null,
              chosen: true,
              heldUpdate: null,
              securityUpdate: false,
            },
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

  it('shows a pinned app as "pinned at" instead of an Update button, and leaves it out of Update all', async () => {
    mockDevicesServer({
      'GET /api/devices': { status: 200, data: devicesResponse([box]) },
      'GET /api/installations': { status: 200, data: { installations: [] } },
      'GET /api/devices/dev_buildbox0001/inventory': {
        status: 200,
        data: {
          ...inventory,
          apps: inventory.apps.map((app) => (app.appId === 30 ? { ...app, pinnedVersion: '1:2.39.5-0+deb12u1' } : app)),
        },
      },
    });
    renderApp('/devices/dev_buildbox0001');
    const table = await screen.findByRole('table', { name: 'Installed apps' });
    const git = within(table).getByRole('row', { name: /^Git/ });
    expect(git).toHaveTextContent('pinned at 1:2.39.5-0+deb12u1');
    expect(within(table).queryByRole('button', { name: 'Update Git' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Update Curl' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update all (1)' })).toBeInTheDocument();
  });

  it('updates one app, or every out-of-date app, and follows the update on its live page', async () => {
    const api = mockDevicesServer({
      'GET /api/devices': { status: 200, data: devicesResponse([box]) },
      'GET /api/installations': { status: 200, data: { installations: [] } },
      'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: inventory },
      'POST /api/installations': (call) => {
        const body = call.body as { appIds: number[]; kind: 'upgrade' };
        return { status: 201, data: startedInstallation(`inst-${body.appIds.length}`, body.kind, body.appIds) };
      },
      'GET /api/installations/inst-1': { status: 200, data: startedInstallation('inst-1', 'upgrade', [30]) },
      'GET /api/installations/inst-2': { status: 200, data: startedInstallation('inst-2', 'upgrade', [30, 7]) },
    });
    renderApp('/devices/dev_buildbox0001');
    const table = await screen.findByRole('table', { name: 'Installed apps' });
    // Only the apps with a newer version can be updated; every one can be uninstalled.
    expect(within(table).queryByRole('button', { name: 'Update VLC' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Uninstall VLC' })).toBeInTheDocument();

    fireEvent.click(within(table).getByRole('button', { name: 'Update Git' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Update: 1 app' })).toBeInTheDocument();
    expect(screen.getAllByText('Updating').length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/installations')[0]?.body).toEqual({ appIds: [30], deviceIds: ['dev_buildbox0001'], kind: 'upgrade' });

    renderApp('/devices/dev_buildbox0001');
    fireEvent.click(await screen.findByRole('button', { name: 'Update all (2)' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Update: 2 apps' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/installations')[1]?.body).toEqual({
      appIds: [30, 7],
      deviceIds: ['dev_buildbox0001'],
      kind: 'upgrade',
    });
    // Each click is its own request: two different Idempotency-Keys.
    const keys = api.callsTo('POST', '/api/installations').map((call) => call.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('sends the same Idempotency-Key when an update is tried again after a failed answer', async () => {
    let attempts = 0;
    const api = mockDevicesServer({
      'GET /api/devices': { status: 200, data: devicesResponse([box]) },
      'GET /api/installations': { status: 200, data: { installations: [] } },
      'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: inventory },
      'POST /api/installations': () =>
        (attempts += 1) === 1
          ? { status: 500, data: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } }
          : { status: 201, data: startedInstallation('inst-1', 'upgrade', [30]) },
      'GET /api/installations/inst-1': { status: 200, data: startedInstallation('inst-1', 'upgrade', [30]) },
    });
    renderApp('/devices/dev_buildbox0001');
    const table = await screen.findByRole('table', { name: 'Installed apps' });
    fireEvent.click(within(table).getByRole('button', { name: 'Update Git' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/installations')).toHaveLength(1));
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Update Git' })).not.toBeDisabled());
    fireEvent.click(within(table).getByRole('button', { name: 'Update Git' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Update: 1 app' })).toBeInTheDocument();
    const [first, second] = api.callsTo('POST', '/api/installations').map((call) => call.headers['idempotency-key']);
    expect(first).toMatch(/^upgrade-/);
    expect(second).toBe(first);
  });

  it('shows every package an uninstall would remove before it asks to confirm, and does nothing on Cancel', async () => {
    const api = mockDevicesServer({
      'GET /api/devices': { status: 200, data: devicesResponse([box]) },
      'GET /api/installations': { status: 200, data: { installations: [] } },
      'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: inventory },
      'POST /api/devices/dev_buildbox0001/removal-checks': { status: 202, data: vlcCheck('pending', []) },
      'GET /api/devices/dev_buildbox0001/removal-checks/chk-1': { status: 200, data: vlcCheck('ready', VLC_REMOVES) },
      'POST /api/installations': { status: 201, data: startedInstallation('inst-9', 'uninstall', [18]) },
      'GET /api/installations/inst-9': { status: 200, data: startedInstallation('inst-9', 'uninstall', [18]) },
    });
    renderApp('/devices/dev_buildbox0001');
    const table = await screen.findByRole('table', { name: 'Installed apps' });
    // Only apps the person chose (in a list, or installed by Loadout) are offered for removal.
    expect(within(table).getByRole('button', { name: 'Uninstall Curl' })).toBeDisabled();
    fireEvent.click(within(table).getByRole('button', { name: 'Uninstall VLC' }));
    let dialog = await screen.findByRole('dialog', { name: 'Uninstall App' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(await within(dialog).findByText('2 other packages go with it')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Uninstalling VLC from Build box removes these 3 packages with apt.');
    const listed = within(within(dialog).getByRole('list', { name: 'Packages that would be removed' })).getAllByRole('listitem');
    expect(listed.map((item) => item.textContent)).toEqual([
      'vlc3.0.21the app',
      'vlc-plugin-base3.0.21also removed',
      'vlc-l10n3.0.21also removed',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Uninstall App' })).toBeNull());
    expect(api.callsTo('POST', '/api/installations')).toHaveLength(0);

    fireEvent.click(within(table).getByRole('button', { name: 'Uninstall VLC' }));
    dialog = await screen.findByRole('dialog', { name: 'Uninstall App' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Uninstall 3 packages' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Uninstall: 1 app' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/devices/dev_buildbox0001/removal-checks').map((call) => call.body)).toEqual([
      { appId: 18 },
      { appId: 18 },
    ]);
    expect(api.callsTo('POST', '/api/installations')[0]?.body).toEqual({
      appIds: [18],
      deviceIds: ['dev_buildbox0001'],
      kind: 'uninstall',
      removalCheckId: 'chk-1',
    });
  });

  it('asks for the app name before a removal that takes more than a few packages, and offers to remove its settings', async () => {
    const many = [...VLC_REMOVES, ...['a', 'b', 'c', 'd'].map((letter) => ({ name: `libvlc-${letter}`, version: '3.0.21' }))];
    const api = mockDevicesServer({
      'GET /api/devices': { status: 200, data: devicesResponse([box]) },
      'GET /api/installations': { status: 200, data: { installations: [] } },
      'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: inventory },
      'POST /api/devices/dev_buildbox0001/removal-checks': { status: 202, data: vlcCheck('pending', []) },
      'GET /api/devices/dev_buildbox0001/removal-checks/chk-1': { status: 200, data: vlcCheck('ready', many) },
      'POST /api/installations': { status: 201, data: startedInstallation('inst-9', 'uninstall', [18]) },
      'GET /api/installations/inst-9': { status: 200, data: startedInstallation('inst-9', 'uninstall', [18]) },
    });
    renderApp('/devices/dev_buildbox0001');
    const table = await screen.findByRole('table', { name: 'Installed apps' });
    fireEvent.click(within(table).getByRole('button', { name: 'Uninstall VLC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uninstall App' });
    const typed = await within(dialog).findByRole('textbox', { name: 'Type VLC to confirm' });
    const button = within(dialog).getByRole('button', { name: 'Uninstall 7 packages' });
    expect(button).toBeDisabled();
    fireEvent.change(typed, { target: { value: 'vlc' } });
    expect(button).toBeDisabled();
    const purge = within(dialog).getByRole('checkbox', { name: /Also remove its settings \(purge\)/ });
    expect(purge).not.toBeChecked();
    fireEvent.click(purge);
    fireEvent.change(typed, { target: { value: 'VLC' } });
    expect(button).toBeEnabled();
    fireEvent.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: 'Uninstall: 1 app' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/installations')[0]?.body).toEqual({
      appIds: [18],
      deviceIds: ['dev_buildbox0001'],
      kind: 'uninstall',
      removalCheckId: 'chk-1',
      confirmName: 'VLC',
      purge: true,
    });
  });

  it('says why the agent will not remove an app, and offers no way to confirm it', async () => {
    const refusal = "Removing vlc would also remove nodejs, which Loadout's agent runs on: the agent never removes it";
    mockDevicesServer({
      'GET /api/devices': { status: 200, data: devicesResponse([box]) },
      'GET /api/installations': { status: 200, data: { installations: [] } },
      'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: inventory },
      'POST /api/devices/dev_buildbox0001/removal-checks': { status: 202, data: vlcCheck('pending', []) },
      'GET /api/devices/dev_buildbox0001/removal-checks/chk-1': {
        status: 200,
        data: { ...vlcCheck('ready', [...VLC_REMOVES, { name: 'nodejs', version: '18.19.0' }]), refused: refusal },
      },
    });
    renderApp('/devices/dev_buildbox0001');
    const table = await screen.findByRole('table', { name: 'Installed apps' });
    fireEvent.click(within(table).getByRole('button', { name: 'Uninstall VLC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uninstall App' });
    expect(await within(dialog).findByText('Loadout will not remove this')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(refusal);
    expect(within(dialog).getByRole('button', { name: 'Uninstall' })).toBeDisabled();
  });

  it('says when another agent with this enrolment connected, and from where', async () => {
    const copied = { ...box, duplicate_agent: { at: '2026-11-25T14:02:00.000Z', from: '203.0.113.7' } };
    mockDevicesServer({
      'GET /api/devices': { status: 200, data: devicesResponse([copied]) },
      'GET /api/installations': { status: 200, data: { installations: [] } },
      'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: inventory },
    });
    renderApp('/devices/dev_buildbox0001');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Another agent with this enrolment connected');
    expect(notice).toHaveTextContent('connected from 203.0.113.7 on');
    expect(notice).toHaveTextContent('enrol that machine with a token of its own');
  });

  it('names the app of an uninstall or update of single apps under Recent installations', async () => {
    const removed = startedInstallation('inst-rm', 'uninstall', [18]);
    removed.targets[0]!.items[0]!.name = 'VLC';
    const updated = startedInstallation('inst-up', 'upgrade', [30, 18, 7, 9]);
    updated.targets[0]!.items.forEach((item, i) => (item.name = ['Git', 'VLC', 'Curl', 'jq'][i]!));
    mockDevicesServer({
      'GET /api/devices': { status: 200, data: devicesResponse([box]) },
      'GET /api/installations': { status: 200, data: { installations: [summaryOf(removed), summaryOf(updated)] } },
      'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: inventory },
    });
    renderApp('/devices/dev_buildbox0001');
    const recent = await screen.findByRole('region', { name: 'Recent installations' });
    expect(await within(recent).findByText('Uninstall VLC')).toBeInTheDocument();
    expect(within(recent).getByText('Update Git, VLC, Curl and 1 more')).toBeInTheDocument();
    expect(within(recent).queryByText('Single apps')).toBeNull();
  });
});

describe('recentTitle', () => {
  const counts = (n: number) => ({ ...noCounts(), succeeded: n });
  it("says a list's name, and what was done to single apps by their names", () => {
    expect(recentTitle({ kind: 'install', listName: 'Dev tools', appNames: ['Git'], counts: counts(4) })).toBe('Dev tools');
    expect(recentTitle({ kind: 'upgrade', listName: 'Dev tools', appNames: ['Git'], counts: counts(4) })).toBe('Update: Dev tools');
    expect(recentTitle({ kind: 'install', listName: null, appNames: ['Git', 'VLC'], counts: counts(2) })).toBe('Git, VLC');
    expect(recentTitle({ kind: 'uninstall', listName: null, appNames: ['perl-base'], counts: counts(1) })).toBe('Uninstall perl-base');
    expect(recentTitle({ kind: 'uninstall', listName: null, appNames: [], counts: counts(1) })).toBe('Uninstall 1 app');
  });
});
