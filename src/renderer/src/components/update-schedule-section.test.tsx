// @vitest-environment happy-dom
import '../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';
import type { Schedule } from '@shared/api/schedules';

import { devicesResponse, makeDevice, planStatus } from '../test/factories';
import { mockApi, type MockRoutes } from '../test/mock-api';
import { renderApp, signIn } from '../test/render-app';
import { browserTimeZone } from './update-schedule-form';

const box = makeDevice({ device_id: 'dev_buildbox0001', device_name: 'Build box', platform: 'linux', agent_version: '0.1.0' });

const saved: Schedule = {
  id: 's1',
  target: 'device',
  deviceId: 'dev_buildbox0001',
  listId: null,
  targetName: 'Build box',
  cadence: 'weekly',
  weekday: 3,
  time: '06:30',
  timeZone: 'Asia/Kolkata',
  windowMinutes: 60,
  enabled: true,
  nextRunAt: '2026-03-04T01:00:00.000Z',
  lastRunAt: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
};

/** The device page's own calls, answered; the test adds the plan and the schedules. */
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
    ...routes,
  });
}

async function section(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Update schedule' }, { timeout: 10_000 });
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

const expectedNextRun = new Date(saved.nextRunAt).toLocaleString(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(cleanup);

describe('Update schedule on the device page', () => {
  it('shows a free account the premium prompt, without asking for schedules', async () => {
    const api = mockDevicePage({ 'GET /api/subscription/status': { status: 200, data: planStatus('free') } });
    renderApp('/devices/dev_buildbox0001');
    const region = await section();
    expect(await within(region).findByText(/Custom update schedules are part of Premium/)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute('href', '/pricing-page');
    expect(within(region).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(api.callsTo('GET', '/api/schedules')).toHaveLength(0);
  });

  it('creates a weekly schedule in the browser’s time zone and then shows its next run', async () => {
    let schedules: Schedule[] = [];
    const api = mockDevicePage({
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/schedules': () => ({ status: 200, data: { schedules } }),
      'POST /api/schedules': () => {
        schedules = [{ ...saved, timeZone: browserTimeZone() }];
        return { status: 201, data: schedules[0]! };
      },
    });
    renderApp('/devices/dev_buildbox0001');
    const region = await section();
    expect(await within(region).findByText(/No schedule yet/, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(field(region, 'Time zone')).toHaveValue(browserTimeZone());
    expect(within(region).queryAllByLabelText('Weekday')[0] ?? null).toBeNull();

    fireEvent.click(within(region).getByRole('radio', { name: 'Weekly' }));
    await choose(region, 'Weekday', 'Wednesday');
    fireEvent.change(within(region).getByLabelText('Time'), { target: { value: '06:30' } });
    await choose(region, 'Maintenance window', '1 hour');
    fireEvent.click(within(region).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/schedules')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/schedules')[0]?.body).toEqual({
      deviceId: 'dev_buildbox0001',
      cadence: 'weekly',
      weekday: 3,
      time: '06:30',
      timeZone: browserTimeZone(),
      windowMinutes: 60,
      enabled: true,
    });
    expect(await within(region).findByText(`Next run: ${expectedNextRun}`)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('refuses a weekly schedule without a time, and puts the server’s time zone refusal on its field', async () => {
    const api = mockDevicePage({
      'GET /api/subscription/status': { status: 200, data: planStatus('annual-premium') },
      'GET /api/schedules': { status: 200, data: { schedules: [saved] } },
      'PUT /api/schedules/s1': {
        status: 400,
        data: { code: ErrorCode.INVALID_TIME_ZONE, message: 'Not a time zone we know', details: { timeZone: 'Unknown time zone' } },
      },
    });
    renderApp('/devices/dev_buildbox0001');
    const region = await section();
    expect(await within(region).findByText(`Next run: ${expectedNextRun}`, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(field(region, 'Weekday')).toHaveValue('Wednesday');
    expect(field(region, 'Time zone')).toHaveValue('Asia/Kolkata');

    fireEvent.change(within(region).getByLabelText('Time'), { target: { value: '' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await within(region).findByText('Time must be HH:MM (00:00 to 23:59)')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/schedules/s1')).toHaveLength(0);

    fireEvent.change(within(region).getByLabelText('Time'), { target: { value: '07:45' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await within(region).findByText('Unknown time zone')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/schedules/s1')[0]?.body).toEqual({
      cadence: 'weekly',
      weekday: 3,
      time: '07:45',
      timeZone: 'Asia/Kolkata',
      windowMinutes: 60,
      enabled: true,
    });
  });

  it('deletes the schedule and shows the empty state again', async () => {
    let schedules: Schedule[] = [saved];
    const api = mockDevicePage({
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/schedules': () => ({ status: 200, data: { schedules } }),
      'DELETE /api/schedules/s1': () => {
        schedules = [];
        return { status: 200, data: { success: true } };
      },
    });
    renderApp('/devices/dev_buildbox0001');
    const region = await section();
    fireEvent.click(await within(region).findByRole('button', { name: 'Delete' }, { timeout: 10_000 }));
    expect(await within(region).findByText(/No schedule yet/)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/schedules/s1')).toHaveLength(1);
  });
});
