// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { devicesResponse, makeDevice, makeHistoryEntry, planStatus } from '../../test/factories';
import { mockApi, type MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const buildBox = makeDevice({ device_id: 'dev_build00000001', device_name: 'Build box' });
const laptop = makeDevice({ device_id: 'dev_laptop0000001', device_name: 'Laptop' });

const upgrade = makeHistoryEntry({
  id: 'h2',
  appName: 'Firefox',
  versionBefore: '119.0',
  versionAfter: '120.0.1',
  createdAt: '2026-11-21T10:00:00.000Z',
});
const failedInstall = makeHistoryEntry({
  id: 'h1',
  deviceId: laptop.device_id,
  deviceName: 'Laptop',
  appName: 'VLC',
  listId: null,
  listName: null,
  kind: 'install',
  outcome: 'failed',
  versionBefore: null,
  versionAfter: null,
  message: 'E: Unable to locate package vlc',
  createdAt: '2026-11-20T09:00:00.000Z',
});

function routes(extra: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/devices': { status: 200, data: devicesResponse([buildBox, laptop]) },
    'GET /api/subscription/status': { status: 200, data: planStatus('free') },
    'GET /api/history': { status: 200, data: { entries: [upgrade, failedInstall], nextCursor: null } },
    ...extra,
  };
}

const rowsOf = async () =>
  within(await screen.findByRole('table', { name: 'Update history' }))
    .getAllByRole('row')
    .slice(1);

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/history', () => {
  it('shows each entry newest first with its versions before and after, and how long the plan keeps it', async () => {
    mockApi(routes());
    renderApp('/history');
    expect(await screen.findByRole('heading', { name: 'Update history' })).toBeInTheDocument();
    const [first, second] = await rowsOf();
    expect(within(first!).getByText('Build box')).toBeInTheDocument();
    expect(within(first!).getByText('Firefox')).toBeInTheDocument();
    expect(within(first!).getByText('Browsers')).toBeInTheDocument();
    expect(within(first!).getByText('Update')).toBeInTheDocument();
    expect(within(first!).getByText('Succeeded')).toBeInTheDocument();
    expect(within(first!).getByText('119.0 → 120.0.1')).toBeInTheDocument();
    expect(within(second!).getByText('VLC')).toBeInTheDocument();
    expect(within(second!).getByText('Install')).toBeInTheDocument();
    expect(within(second!).getByText('Failed')).toBeInTheDocument();
    expect(within(second!).getByText('— → —')).toBeInTheDocument();
    expect(within(second!).getByText('E: Unable to locate package vlc')).toBeInTheDocument();
    expect(await screen.findByText(/Kept 7 days on your plan\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('sends the filters of the URL and puts a changed filter into the URL and the request', async () => {
    const api = mockApi(routes());
    const app = renderApp(`/history?deviceId=${buildBox.device_id}`);
    await rowsOf();
    expect(api.callsTo('GET', '/api/history')[0]?.query).toEqual({ deviceId: buildBox.device_id });
    const device = screen.getByRole('combobox', { name: 'Device' });
    await waitFor(() => expect(device).toHaveValue(buildBox.device_id));

    fireEvent.change(screen.getByRole('combobox', { name: 'Outcome' }), { target: { value: 'failed' } });
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/history').at(-1)?.query).toEqual({ deviceId: buildBox.device_id, outcome: 'failed' }),
    );
    expect(app.currentPath()).toBe(`/history?deviceId=${buildBox.device_id}&outcome=failed`);

    fireEvent.change(screen.getByRole('combobox', { name: 'Device' }), { target: { value: laptop.device_id } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), { target: { value: 'uninstall' } });
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/history').at(-1)?.query).toEqual({
        deviceId: laptop.device_id,
        outcome: 'failed',
        kind: 'uninstall',
      }),
    );
    expect(app.currentPath()).toBe(`/history?deviceId=${laptop.device_id}&outcome=failed&kind=uninstall`);

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(app.currentPath()).toBe('/history'));
    await waitFor(() => expect(api.callsTo('GET', '/api/history').at(-1)?.query).toEqual({}));
  });

  it("shows one app's history when its name is chosen, and all apps again from its filter", async () => {
    const api = mockApi(routes());
    const app = renderApp('/history');
    await rowsOf();
    fireEvent.click(screen.getByRole('button', { name: 'Show only the history of Firefox' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/history').at(-1)?.query).toEqual({ appId: String(upgrade.appId) }));
    expect(app.currentPath()).toBe(`/history?appId=${upgrade.appId}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Show all apps' }));
    await waitFor(() => expect(app.currentPath()).toBe('/history'));
  });

  it('turns a date range into the instants of local midnights, the last day included', async () => {
    const api = mockApi(routes());
    renderApp('/history?from=2026-11-01&to=2026-11-02');
    await rowsOf();
    expect(api.callsTo('GET', '/api/history')[0]?.query).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 3).toISOString(),
    });
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
  });

  it('appends the next page on Load more, asking with the cursor', async () => {
    const older = makeHistoryEntry({ id: 'h0', appName: 'GIMP', createdAt: '2026-11-19T08:00:00.000Z' });
    const api = mockApi(
      routes({
        'GET /api/history': (call) =>
          call.query.cursor
            ? { status: 200, data: { entries: [older], nextCursor: null } }
            : { status: 200, data: { entries: [upgrade, failedInstall], nextCursor: '2026-11-20T09:00:00.000Z~h1' } },
      }),
    );
    renderApp('/history?outcome=succeeded');
    expect(await rowsOf()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await rowsOf()).toHaveLength(3));
    const rows = await rowsOf();
    expect(within(rows[0]!).getByText('Firefox')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('GIMP')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/history').at(-1)?.query).toEqual({ outcome: 'succeeded', cursor: '2026-11-20T09:00:00.000Z~h1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('exports the CSV of the current filters, signed in, as a file', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:history');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const api = mockApi(
      routes({
        'GET /api/history/export.csv': {
          status: 200,
          data: 'When,Device\n',
          headers: { 'content-disposition': 'attachment; filename="loadout-history.csv"' },
        },
      }),
    );
    renderApp(`/history?deviceId=${laptop.device_id}&kind=install`);
    await rowsOf();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['loadout-history.csv']));
    const [call] = api.callsTo('GET', '/api/history/export.csv');
    expect(call?.query).toEqual({ deviceId: laptop.device_id, kind: 'install' });
    expect(call?.authorization).toBe('Bearer access-1');
  });

  it('tells a new user what fills the page', async () => {
    mockApi(routes({ 'GET /api/history': { status: 200, data: { entries: [], nextCursor: null } } }));
    renderApp('/history');
    expect(await screen.findByText('No update history yet')).toBeInTheDocument();
    expect(screen.getByText(/Install a list on a device to see its history here/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Lists' })).toHaveAttribute('href', '/app-list');
  });

  it('says when nothing matches the filters, and clears them', async () => {
    const api = mockApi(
      routes({
        'GET /api/history': (call) =>
          call.query.outcome
            ? { status: 200, data: { entries: [], nextCursor: null } }
            : { status: 200, data: { entries: [upgrade], nextCursor: null } },
      }),
    );
    const app = renderApp('/history?outcome=skipped');
    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await rowsOf()).toHaveLength(1);
    expect(app.currentPath()).toBe('/history');
    expect(api.callsTo('GET', '/api/history').at(-1)?.query).toEqual({});
  });

  it('shows a failure with a way to try again', async () => {
    let fail = true;
    mockApi(
      routes({
        'GET /api/history': () =>
          fail
            ? { status: 500, data: { code: 'INTERNAL_ERROR', message: 'Internal server error' } }
            : { status: 200, data: { entries: [upgrade], nextCursor: null } },
      }),
    );
    renderApp('/history');
    expect(await screen.findByText('Failed to load the history')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowsOf()).toHaveLength(1);
  });
});
