// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Schedule } from '@shared/api/schedules';

import { makeList, planStatus } from '../../test/factories';
import { mockApi, type MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const list = makeList({ id: 'l1', name: 'Terminal toys', appCount: 5 });

function routes(extra: MockRoutes) {
  return mockApi({ 'GET /api/lists': { status: 200, data: [list] }, ...extra });
}

async function openSchedule() {
  renderApp('/app-list');
  const card = await screen.findByRole('region', { name: 'Terminal toys' });
  fireEvent.click(within(card).getByRole('button', { name: 'More actions for Terminal toys' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Update schedule' }));
  return screen.findByRole('dialog', { name: 'Update schedule: Terminal toys' });
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(cleanup);

describe('a list’s update schedule', () => {
  it('shows the premium prompt on the free plan', async () => {
    const api = routes({ 'GET /api/subscription/status': { status: 200, data: planStatus('free') } });
    const dialog = await openSchedule();
    expect(await within(dialog).findByText(/Custom update schedules are part of Premium/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute('href', '/pricing-page');
    expect(api.callsTo('GET', '/api/schedules')).toHaveLength(0);
  });

  it('saves a daily schedule for the list', async () => {
    let schedules: Schedule[] = [];
    const api = routes({
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/schedules': () => ({ status: 200, data: { schedules } }),
      'POST /api/schedules': () => {
        schedules = [
          {
            id: 's2',
            target: 'list',
            deviceId: null,
            listId: 'l1',
            targetName: 'Terminal toys',
            cadence: 'daily',
            weekday: null,
            time: '03:00',
            timeZone: 'UTC',
            windowMinutes: null,
            enabled: true,
            nextRunAt: '2026-03-02T03:00:00.000Z',
            lastRunAt: null,
            createdAt: '2026-03-01T09:00:00.000Z',
            updatedAt: '2026-03-01T09:00:00.000Z',
          },
        ];
        return { status: 201, data: schedules[0]! };
      },
    });
    const dialog = await openSchedule();
    expect(await within(dialog).findByText(/No schedule yet/, undefined, { timeout: 10_000 })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/schedules')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/schedules')[0]?.body).toMatchObject({ listId: 'l1', cadence: 'daily', weekday: null, time: '03:00' });
    expect(await within(dialog).findByText(/^Next run: /)).toBeInTheDocument();
  });
});
