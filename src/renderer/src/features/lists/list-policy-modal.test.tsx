// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { UpdatePolicy } from '@shared/api/update-policies';

import { makeList, planStatus } from '../../test/factories';
import { mockApi, type MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const list = makeList({ id: 'l1', name: 'Terminal toys', appCount: 5 });

function routes(extra: MockRoutes) {
  return mockApi({
    'GET /api/lists': { status: 200, data: [list] },
    'GET /catalogue/search': { status: 200, data: { apps: [], total: 0, offset: 0, limit: 50 } },
    ...extra,
  });
}

async function openPolicy() {
  renderApp('/app-list');
  const card = await screen.findByRole('region', { name: 'Terminal toys' });
  fireEvent.click(within(card).getByRole('button', { name: 'More actions for Terminal toys' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Update policy' }));
  return screen.findByRole('dialog', { name: 'Update policy: Terminal toys' });
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(cleanup);

describe('a list’s update policy', () => {
  it('shows the premium prompt on the free plan', async () => {
    const api = routes({ 'GET /api/subscription/status': { status: 200, data: planStatus('free') } });
    const dialog = await openPolicy();
    expect(await within(dialog).findByText(/Update policies are part of Premium/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute('href', '/pricing-page');
    expect(api.callsTo('GET', '/api/update-policies')).toHaveLength(0);
  });

  it('saves a daily policy for the list', async () => {
    let policies: UpdatePolicy[] = [];
    const api = routes({
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/update-policies': () => ({ status: 200, data: { policies } }),
      'POST /api/update-policies': () => {
        policies = [
          {
            id: 's2',
            target: 'list',
            deviceId: null,
            groupId: null,
            listId: 'l1',
            targetName: 'Terminal toys',
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
          },
        ];
        return { status: 201, data: policies[0]! };
      },
    });
    const dialog = await openPolicy();
    expect(await within(dialog).findByText(/No policy for this list yet/, undefined, { timeout: 10_000 })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/update-policies')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/update-policies')[0]?.body).toMatchObject({
      listId: 'l1',
      cadence: 'daily',
      weekday: null,
      time: '03:00',
    });
    expect(await within(dialog).findByText(/^Next window: /)).toBeInTheDocument();
  });
});
