// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { CheckIn } from '@shared/api/monitoring';

import { devicesResponse, makeDevice, planStatus } from '../../test/factories';
import type { MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';
import { mockDevicesServer } from './devices-test-kit';

const box = makeDevice({ device_id: 'dev_buildbox0001', device_name: 'Build box', platform: 'linux', agent_version: '0.1.0' });

function checkIn(overrides: Partial<CheckIn> & { id: string; at: string }): CheckIn {
  return { kind: 'inventory', agentVersion: null, apps: 2, outdated: 0, changes: [], moreChanges: 0, ...overrides };
}

const history: CheckIn[] = [
  checkIn({
    id: 'c3',
    at: '2026-11-24T09:00:00.000Z',
    apps: 2,
    outdated: 1,
    changes: [
      { name: 'GNU Hello', manager: 'apt', packageId: 'hello', from: '2.10-2', to: '2.10-3' },
      { name: 'Cowsay', manager: 'apt', packageId: 'cowsay', from: null, to: '3.03' },
      { name: 'jq', manager: 'apt', packageId: 'jq', from: '1.6', to: null },
    ],
    moreChanges: 4,
  }),
  checkIn({ id: 'c2', at: '2026-11-24T08:00:00.000Z', apps: 1, outdated: 0 }),
  checkIn({ id: 'c1', at: '2026-11-24T07:59:00.000Z', kind: 'connected', agentVersion: '0.1.0', apps: null, outdated: null }),
];

function devicePage(routes: MockRoutes) {
  return mockDevicesServer({
    'GET /api/devices': { status: 200, data: devicesResponse([box]) },
    'GET /api/installations': { status: 200, data: { installations: [] } },
    'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: { checkedAt: null, apps: [] } },
    'GET /api/update-policies': { status: 200, data: { policies: [] } },
    'GET /api/devices/dev_buildbox0001/update-policy': {
      status: 200,
      data: { policy: null, reason: 'No policy decides.', machineTimeZone: null, nextWindow: null, listPolicies: [] },
    },
    ...routes,
  });
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(cleanup);

describe('Check-ins on the device page', () => {
  it('shows Premium each connection and report, newest first, with the versions that changed', async () => {
    devicePage({
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/devices/dev_buildbox0001/check-ins': { status: 200, data: { keptDays: 30, checkIns: history } },
    });
    renderApp('/devices/dev_buildbox0001');
    const section = await screen.findByRole('region', { name: 'Check-ins' }, { timeout: 10_000 });
    await within(section).findByText('Reported 2 apps, 1 out of date');
    const items = within(section)
      .getAllByText(/^(Reported|Connected)/)
      .map((item) => item.textContent);
    expect(items).toEqual(['Reported 2 apps, 1 out of date', 'Reported 1 app, all up to date', 'Connected (agent 0.1.0)']);
    expect(within(section).getByText('GNU Hello 2.10-2 → 2.10-3')).toBeInTheDocument();
    expect(within(section).getByText('Cowsay found installed (3.03)')).toBeInTheDocument();
    expect(within(section).getByText('jq removed (was 1.6)')).toBeInTheDocument();
    expect(within(section).getByText('and 4 more')).toBeInTheDocument();
    expect(within(section).getByText(/Kept 30 days/)).toBeInTheDocument();
  });

  it('tells a new machine what will appear, and offers the rest only after Show all', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      checkIn({ id: `c${i}`, at: new Date(Date.UTC(2026, 10, 24, 12 - i)).toISOString(), apps: 12 - i }),
    );
    const api = devicePage({
      'GET /api/subscription/status': { status: 200, data: planStatus('annual-premium') },
      'GET /api/devices/dev_buildbox0001/check-ins': { status: 200, data: { keptDays: 30, checkIns: many } },
    });
    renderApp('/devices/dev_buildbox0001');
    const section = await screen.findByRole('region', { name: 'Check-ins' }, { timeout: 10_000 });
    await within(section).findByText('Reported 12 apps, all up to date');
    expect(within(section).queryByText('Reported 1 app, all up to date')).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Show all 12' }));
    expect(within(section).getByText('Reported 1 app, all up to date')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/devices/dev_buildbox0001/check-ins')).toHaveLength(1);
  });

  it('says what to expect when there are none yet', async () => {
    devicePage({
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/devices/dev_buildbox0001/check-ins': { status: 200, data: { keptDays: 30, checkIns: [] } },
    });
    renderApp('/devices/dev_buildbox0001');
    const section = await screen.findByRole('region', { name: 'Check-ins' }, { timeout: 10_000 });
    expect(
      await within(section).findByText(
        'No check-ins yet. The machine checks in when its agent connects and each time it reports its installed apps.',
      ),
    ).toBeInTheDocument();
  });

  it('shows Free what advanced monitoring is, without asking for check-ins', async () => {
    const api = devicePage({ 'GET /api/subscription/status': { status: 200, data: planStatus('free') } });
    renderApp('/devices/dev_buildbox0001');
    const section = await screen.findByRole('region', { name: 'Check-ins' }, { timeout: 10_000 });
    expect(await within(section).findByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute('href', '/pricing-page');
    expect(api.callsTo('GET', '/api/devices/dev_buildbox0001/check-ins')).toHaveLength(0);
  });
});
