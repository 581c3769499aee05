// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { UpdatePolicy } from '@shared/api/update-policies';

import { planStatus } from '../../test/factories';
import { mockApi, type MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';
import { timingWords } from './update-policies-page';

function policy(fields: Partial<UpdatePolicy>): UpdatePolicy {
  return {
    id: 'p',
    target: 'account',
    deviceId: null,
    groupId: null,
    listId: null,
    targetName: 'Your account',
    mode: 'all',
    cadence: 'daily',
    weekday: null,
    time: '03:00',
    timeZone: 'UTC',
    windowMinutes: 120,
    offline: 'next-connection',
    exceptions: [],
    rings: [],
    soakHours: 24,
    failureThresholdPercent: 20,
    nextWindow: { opensAt: '2026-03-02T03:00:00.000Z', closesAt: '2026-03-02T05:00:00.000Z', timeZone: 'UTC' },
    lastRunAt: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    ...fields,
  };
}

const search: MockRoutes = { 'GET /catalogue/search': { status: 200, data: { apps: [], total: 0, offset: 0, limit: 50 } } };

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(cleanup);

describe('the Update policies page', () => {
  it('edits the account’s policy and lists the others with where each is changed', async () => {
    mockApi({
      ...search,
      'GET /api/subscription/status': { status: 200, data: planStatus('annual-premium') },
      'GET /api/update-policies': {
        status: 200,
        data: {
          policies: [
            policy({ id: 'a' }),
            policy({
              id: 'g',
              target: 'group',
              groupId: 'grp1',
              targetName: 'Office',
              mode: 'security',
              cadence: 'weekly',
              weekday: 0,
              windowMinutes: 90,
            }),
            policy({
              id: 'd',
              target: 'device',
              deviceId: 'dev_kiosk',
              targetName: 'Kiosk',
              mode: 'off',
              exceptions: [{ appId: 3, name: 'Firefox' }],
            }),
          ],
        },
      },
    });
    renderApp('/updates');
    expect(await screen.findByRole('heading', { name: 'Update policies', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    const account = screen.getByRole('region', { name: 'Your account' });
    expect(await within(account).findByTestId('next-window', undefined, { timeout: 10_000 })).toHaveTextContent(/^Next window: /);
    expect(within(account).getByRole('button', { name: 'Save policy' })).toBeInTheDocument();

    const others = screen.getByRole('list', { name: 'Other update policies' });
    const items = within(others).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Office' })).toHaveAttribute('href', '/groups/grp1');
    expect(items[0]).toHaveTextContent('Security only');
    expect(items[0]).toHaveTextContent('Weekly on Sunday, 03:00 for 1 hour 30 minutes');
    expect(within(items[1]!).getByRole('link', { name: 'Kiosk' })).toHaveAttribute('href', '/devices/dev_kiosk');
    expect(items[1]).toHaveTextContent('Off');
    expect(items[1]).toHaveTextContent('leaves Firefox alone');
  });

  it('tells a new user where the other policies are made when there are none', async () => {
    mockApi({
      ...search,
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/update-policies': { status: 200, data: { policies: [] } },
    });
    renderApp('/updates');
    expect(
      await screen.findByText(/None yet\. A machine's page, a group's page and a list's menu/, undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const account = screen.getByRole('region', { name: 'Your account' });
    expect(await within(account).findByText(/No policy yet: apps update only when you update them/)).toBeInTheDocument();
  });

  it('shows the free plan what policies are, without asking for them', async () => {
    const api = mockApi({ ...search, 'GET /api/subscription/status': { status: 200, data: planStatus('free') } });
    renderApp('/updates');
    expect(await screen.findByText(/Update policies are part of Premium/, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/update-policies')).toHaveLength(0);
  });

  it('says a window’s timing in words', () => {
    expect(timingWords({ cadence: 'daily', weekday: null, time: '03:00', windowMinutes: 60 })).toBe('Daily, 03:00 for 1 hour');
    expect(timingWords({ cadence: 'weekly', weekday: 6, time: '22:15', windowMinutes: 15 })).toBe(
      'Weekly on Saturday, 22:15 for 15 minutes',
    );
    expect(timingWords({ cadence: 'daily', weekday: null, time: '01:00', windowMinutes: 720 })).toBe('Daily, 01:00 for 12 hours');
  });
});
