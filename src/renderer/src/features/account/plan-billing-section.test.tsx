// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { makePayment, planStatus, planWithDowngrade } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';
import { account, clearToasts } from './settings-test-kit';

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signIn();
});
afterEach(cleanup);

const section = () => screen.findByRole('region', { name: 'Plan and billing' });

describe('Settings, Plan and billing', () => {
  it('shows the plan, its renewal date, a way to change it, and the payments', async () => {
    const { currentPlan } = planStatus('premium');
    mockApi({
      'GET /api/account': { status: 200, data: account },
      'GET /api/subscription/status': { status: 200, data: { currentPlan: { ...currentPlan, validUntil: '2026-02-15T10:00:00.000Z' } } },
      'GET /api/payments': {
        status: 200,
        data: {
          payments: [
            makePayment({ id: 'p3', status: 'requires_action', completedAt: null, createdAt: '2026-01-14T16:30:00.000Z' }),
            makePayment({
              id: 'p2',
              status: 'failed',
              completedAt: null,
              createdAt: '2026-01-14T09:00:00.000Z',
              failureMessage: 'Your card was declined.',
            }),
            makePayment({ id: 'p1' }),
          ],
        },
      },
    });
    renderApp('/settings');
    const plan = await section();
    expect((await within(plan).findByText('$9.99/month')).parentElement).toHaveTextContent(/^Premium\$9\.99\/month$/);
    expect(within(plan).getByText('Paid until February 15, 2026; pay again before then to keep it.')).toBeInTheDocument();
    expect(within(plan).getByRole('link', { name: 'Change plan' })).toHaveAttribute('href', '/pricing-page');

    const table = await within(plan).findByRole('table', { name: 'Payment history' });
    const rows = within(table).getAllByRole('row').slice(1);
    // Date and time in the person's locale: two tries on one day are told apart.
    const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    expect(when('2026-01-14T09:00:00.000Z')).toMatch(/\d{1,2}:\d{2}/);
    expect(rows.map((row) => row.textContent)).toEqual([
      `${when('2026-01-14T16:30:00.000Z')}Premium$9.99Needs authentication`,
      `${when('2026-01-14T09:00:00.000Z')}Premium$9.99Failed`,
      `${when('2026-01-15T10:00:05.000Z')}Premium$9.99Paid`,
    ]);
  });

  it('shows a scheduled downgrade and an empty history', async () => {
    mockApi({
      'GET /api/account': { status: 200, data: account },
      'GET /api/subscription/status': { status: 200, data: planWithDowngrade('annual-premium', 'free', '2027-01-01T12:00:00.000Z') },
      'GET /api/payments': { status: 200, data: { payments: [] } },
    });
    renderApp('/settings');
    const plan = await section();
    expect(await within(plan).findByText('Changes to Free on January 1, 2027.')).toBeInTheDocument();
    expect(await within(plan).findByText('No payments yet.')).toBeInTheDocument();
  });
});
