// @vitest-environment happy-dom
import '../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';
import type { DevicePolicyResponse, UpdatePolicy } from '@shared/api/update-policies';

import { devicesResponse, makeDevice, planStatus } from '../test/factories';
import { mockApi, type MockRoutes } from '../test/mock-api';
import { renderApp, signIn } from '../test/render-app';
import { browserTimeZone, windowText } from './update-policy-form';

const box = makeDevice({ device_id: 'dev_buildbox0001', device_name: 'Build box', platform: 'linux', agent_version: '0.1.0' });

const saved: UpdatePolicy = {
  id: 'p1',
  target: 'device',
  deviceId: 'dev_buildbox0001',
  groupId: null,
  listId: null,
  targetName: 'Build box',
  mode: 'all',
  cadence: 'weekly',
  weekday: 3,
  time: '06:30',
  timeZone: 'Asia/Kolkata',
  windowMinutes: 60,
  offline: 'next-window',
  exceptions: [{ appId: 7, name: 'Firefox' }],
  rings: [],
  soakHours: 24,
  failureThresholdPercent: 20,
  nextWindow: { opensAt: '2026-03-04T01:00:00.000Z', closesAt: '2026-03-04T02:00:00.000Z', timeZone: 'Asia/Kolkata' },
  lastRunAt: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
};

const accountDecides: DevicePolicyResponse = {
  policy: { ...saved, id: 'p0', target: 'account', deviceId: null, targetName: 'Your account', exceptions: [] },
  reason: "Your account's policy decides.",
  machineTimeZone: 'Europe/Berlin',
  nextWindow: { opensAt: '2026-03-04T05:30:00.000Z', closesAt: '2026-03-04T06:30:00.000Z', timeZone: 'Europe/Berlin' },
  listPolicies: [],
};

/** The device page's own calls, answered; the test adds the plan and the policies. */
function mockDevicePage(routes: MockRoutes) {
  return mockApi({
    'GET /api/devices/check': {
      status: 200,
      data: { registered: true, reason: 'REGISTERED', seatAvailable: true, deviceCount: 1, seatLimit: 5 },
    },
    'GET /api/devices/logout-notifications': { status: 200, data: { notifications: [] } },
    'POST /api/devices/ping': { status: 200, data: { success: true, serverTime: new Date().toISOString() } },
    'POST /api/devices/update-status': { status: 200, data: { success: true, serverTime: new Date().toISOString() } },
    'GET /api/devices': { status: 200, data: devicesResponse([box]) },
    'GET /api/installations': { status: 200, data: { installations: [] } },
    'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: { checkedAt: null, apps: [] } },
    'GET /api/devices/dev_buildbox0001/update-policy': { status: 200, data: accountDecides },
    'GET /catalogue/search': { status: 200, data: { apps: [], total: 0, offset: 0, limit: 50 } },
    ...routes,
  });
}

async function section(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Update policy' }, { timeout: 10_000 });
}

/** The input labelled so (a Select's option list carries the same label). */
function field(scope: HTMLElement, label: string): HTMLInputElement {
  const input = within(scope)
    .getAllByLabelText(label)
    .find((element): element is HTMLInputElement => element instanceof HTMLInputElement);
  if (!input) throw new Error(`no input labelled ${label}`);
  return input;
}

async function choose(scope: HTMLElement, label: string, option: string): Promise<void> {
  fireEvent.click(field(scope, label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(cleanup);

describe('Update policy on the device page', () => {
  it('shows a free account the premium prompt, without asking for policies', async () => {
    const api = mockDevicePage({ 'GET /api/subscription/status': { status: 200, data: planStatus('free') } });
    renderApp('/devices/dev_buildbox0001');
    const region = await section();
    expect(await within(region).findByText(/Update policies are part of Premium/)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute('href', '/pricing-page');
    expect(within(region).queryByRole('button', { name: 'Save policy' })).toBeNull();
    expect(api.callsTo('GET', '/api/update-policies')).toHaveLength(0);
  });

  it('says which policy decides now, then gives the machine its own weekly policy in the browser’s zone', async () => {
    let policies: UpdatePolicy[] = [];
    const api = mockDevicePage({
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/update-policies': () => ({ status: 200, data: { policies } }),
      'POST /api/update-policies': () => {
        policies = [{ ...saved, timeZone: browserTimeZone() }];
        return { status: 201, data: policies[0]! };
      },
    });
    renderApp('/devices/dev_buildbox0001');
    const region = await section();
    const deciding = await within(region).findByTestId('deciding-policy', undefined, { timeout: 10_000 });
    expect(deciding).toHaveTextContent(/^Your account's policy decides\. Next window on this machine: .*\(Europe\/Berlin\)\.$/);
    expect(await within(region).findByText(/This machine has no policy of its own/)).toBeInTheDocument();
    expect(field(region, 'Time zone')).toHaveValue(browserTimeZone());
    expect(within(region).queryAllByLabelText('Weekday')[0] ?? null).toBeNull();

    fireEvent.click(within(region).getByRole('radio', { name: 'Security only' }));
    expect(within(region).getByText(/Only apt tells security updates apart/)).toBeInTheDocument();
    fireEvent.click(within(region).getByRole('radio', { name: 'Weekly' }));
    await choose(region, 'Weekday', 'Wednesday');
    fireEvent.change(within(region).getByLabelText('Window opens at'), { target: { value: '06:30' } });
    await choose(region, 'Window length', '1 hour');
    await choose(region, 'A machine that was off during its window', 'Wait for the next window');
    fireEvent.click(within(region).getByRole('button', { name: 'Save policy' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/update-policies')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/update-policies')[0]?.body).toEqual({
      deviceId: 'dev_buildbox0001',
      mode: 'security',
      cadence: 'weekly',
      weekday: 3,
      time: '06:30',
      timeZone: browserTimeZone(),
      windowMinutes: 60,
      offline: 'next-window',
      rings: [],
      soakHours: 24,
      failureThresholdPercent: 20,
      exceptAppIds: [],
    });
    expect(await within(region).findByText(`Next window: ${windowText(saved.nextWindow!)}`)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Delete policy' })).toBeInTheDocument();
  });

  it('refuses a window without a time, and puts the server’s refusals on their fields', async () => {
    const api = mockDevicePage({
      'GET /api/subscription/status': { status: 200, data: planStatus('annual-premium') },
      'GET /api/update-policies': { status: 200, data: { policies: [saved] } },
      'PUT /api/update-policies/p1': {
        status: 400,
        data: { code: ErrorCode.INVALID_TIME_ZONE, message: 'Not a time zone we know', details: { timeZone: 'Unknown time zone' } },
      },
    });
    renderApp('/devices/dev_buildbox0001');
    const region = await section();
    expect(
      await within(region).findByText(`Next window: ${windowText(saved.nextWindow!)}`, undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(field(region, 'Weekday')).toHaveValue('Wednesday');
    expect(field(region, 'Time zone')).toHaveValue('Asia/Kolkata');
    // The app it leaves alone is shown by name.
    expect(within(region).getAllByText('Firefox').length).toBeGreaterThan(0);

    fireEvent.change(within(region).getByLabelText('Window opens at'), { target: { value: '' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save policy' }));
    expect(await within(region).findByText('Time must be HH:MM (00:00 to 23:59)')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/update-policies/p1')).toHaveLength(0);

    fireEvent.change(within(region).getByLabelText('Window opens at'), { target: { value: '07:45' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save policy' }));
    expect(await within(region).findByText('Unknown time zone')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/update-policies/p1')[0]?.body).toEqual({
      mode: 'all',
      cadence: 'weekly',
      weekday: 3,
      time: '07:45',
      timeZone: 'Asia/Kolkata',
      windowMinutes: 60,
      offline: 'next-window',
      rings: [],
      soakHours: 24,
      failureThresholdPercent: 20,
      exceptAppIds: [7],
    });
  });

  it('shows the server’s refusal of security only beside the choice', async () => {
    mockDevicePage({
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/update-policies': { status: 200, data: { policies: [] } },
      'POST /api/update-policies': {
        status: 400,
        data: {
          code: ErrorCode.SECURITY_ONLY_UNAVAILABLE,
          message: 'Only apt tells security updates apart, and this machine has no apt: choose all updates or none',
          details: { mode: 'Security updates only needs apt' },
        },
      },
    });
    renderApp('/devices/dev_buildbox0001');
    const region = await section();
    fireEvent.click(await within(region).findByRole('radio', { name: 'Security only' }, { timeout: 10_000 }));
    fireEvent.click(within(region).getByRole('button', { name: 'Save policy' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Security updates only needs apt');
  });

  it('deletes the policy and shows the empty state again', async () => {
    let policies: UpdatePolicy[] = [saved];
    const api = mockDevicePage({
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/update-policies': () => ({ status: 200, data: { policies } }),
      'DELETE /api/update-policies/p1': () => {
        policies = [];
        return { status: 200, data: { success: true } };
      },
    });
    renderApp('/devices/dev_buildbox0001');
    const region = await section();
    fireEvent.click(await within(region).findByRole('button', { name: 'Delete policy' }, { timeout: 10_000 }));
    expect(await within(region).findByText(/This machine has no policy of its own/)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/update-policies/p1')).toHaveLength(1);
  });
});
