// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { QueryStatus } from '@reduxjs/toolkit/query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { DeviceDriftResponse } from '@shared/api/device-groups';
import { ErrorCode } from '@shared/api/error-codes';

import { devicesResponse, makeDevice } from '../../test/factories';
import type { MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';
import { clearToasts, mockDevicesServer } from './devices-test-kit';

const box = makeDevice({ device_id: 'dev_buildbox0001', device_name: 'Build box', platform: 'linux', agent_version: '0.1.0' });
const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000).toISOString();

function drift(overrides: Partial<DeviceDriftResponse> = {}): DeviceDriftResponse {
  return {
    deviceId: 'dev_buildbox0001',
    deviceName: 'Build box',
    platform: 'linux',
    inventoryCheckedAt: hourAgo,
    entries: [],
    groups: [],
    ...overrides,
  };
}

function serve(routes: MockRoutes) {
  return mockDevicesServer({
    'GET /api/devices': { status: 200, data: devicesResponse([box]) },
    'GET /api/installations': { status: 200, data: { installations: [] } },
    'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: { checkedAt: null, apps: [] } },
    'GET /api/devices/dev_buildbox0001/followed-lists': { status: 200, data: { lists: [] } },
    ...routes,
  });
}

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signIn();
});
afterEach(cleanup);

describe('the groups of a machine, on its page', () => {
  it('links each group and shows the machine’s drift from their lists in words', async () => {
    const api = serve({
      'GET /api/devices/dev_buildbox0001/drift': {
        status: 200,
        data: drift({
          groups: [
            { id: 'g1', name: 'Office' },
            { id: 'g2', name: 'Lab' },
          ],
          entries: [
            { appId: 1, name: 'GIMP', kind: 'missing', installedVersion: null, wantedVersion: '2.10', since: twoDaysAgo },
            { appId: 2, name: 'Git', kind: 'outdated', installedVersion: '2.39', wantedVersion: '2.45', since: hourAgo },
          ],
        }),
      },
    });
    renderApp('/devices/dev_buildbox0001');
    const section = await screen.findByRole('region', { name: 'Groups' });
    expect(within(section).getByRole('link', { name: 'Office' })).toHaveAttribute('href', '/groups/g1');
    expect(within(section).getByRole('link', { name: 'Lab' })).toHaveAttribute('href', '/groups/g2');
    const missing = within(section).getByRole('region', { name: 'Missing (1)' });
    expect(within(missing).getByText('GIMP')).toBeInTheDocument();
    expect(within(missing).getByText('Missing: pinned 2.10')).toBeInTheDocument();
    expect(within(missing).getByText('First seen 2d ago')).toBeInTheDocument();
    const outdated = within(section).getByRole('region', { name: 'Out of date (1)' });
    expect(within(outdated).getByText('Out of date: 2.39 → 2.45')).toBeInTheDocument();
    expect(within(outdated).getByText('First seen 1h ago')).toBeInTheDocument();
    expect(within(section).queryByRole('region', { name: /Not declared/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/devices/dev_buildbox0001/drift')).toHaveLength(1);
  });

  it('says a machine in line is in line', async () => {
    serve({ 'GET /api/devices/dev_buildbox0001/drift': { status: 200, data: drift({ groups: [{ id: 'g1', name: 'Office' }] }) } });
    renderApp('/devices/dev_buildbox0001');
    const section = await screen.findByRole('region', { name: 'Groups' });
    expect(within(section).getByText(/In line with its groups’ lists/)).toBeInTheDocument();
    expect(within(section).getByText('Checked 1h ago.')).toBeInTheDocument();
  });

  it('is not there for a machine in no group', async () => {
    serve({ 'GET /api/devices/dev_buildbox0001/drift': { status: 200, data: drift() } });
    const view = renderApp('/devices/dev_buildbox0001');
    await screen.findByRole('heading', { level: 1, name: 'Build box' });
    // Once the answer is in the store and rendered, the section is still absent.
    await waitFor(() =>
      expect(
        Object.values(view.store.getState().api.queries).some(
          (query) => query?.endpointName === 'getDeviceDrift' && query.status === QueryStatus.fulfilled,
        ),
      ).toBe(true),
    );
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Groups' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Recent installations' })).toBeInTheDocument();
  });

  it('says when its groups could not be loaded, and tries again', async () => {
    let broken = true;
    serve({
      'GET /api/devices/dev_buildbox0001/drift': () =>
        broken
          ? { status: 500, data: { code: ErrorCode.INTERNAL_ERROR, message: 'Internal error' } }
          : { status: 200, data: drift({ groups: [{ id: 'g1', name: 'Office' }] }) },
    });
    renderApp('/devices/dev_buildbox0001');
    expect(await screen.findByText("We could not load this machine's groups.")).toBeInTheDocument();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Office' })).toHaveAttribute('href', '/groups/g1');
  });
});
