// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Rollout, UpdatePolicy } from '@shared/api/update-policies';

import { planStatus } from '../../test/factories';
import { mockApi, type MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';
import { ringWords } from './rollouts-section';
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

const stopped: Rollout = {
  id: 'r1',
  policyId: 'a',
  policyName: 'Your account',
  appId: 3,
  appName: 'Firefox',
  version: '2.0',
  state: 'stopped',
  ring: 0,
  rings: [
    { name: 'Canary', openedAt: '2026-08-01T01:00:00.000Z', sent: 1, succeeded: 0, failed: 1 },
    { name: 'Everyone', openedAt: null, sent: 0, succeeded: 0, failed: 0 },
  ],
  failures: [
    {
      deviceId: 'dev_canary',
      deviceName: 'Canary box',
      ring: 0,
      message: 'Its post-installation script exited with status 1',
      at: '2026-08-01T01:04:00.000Z',
    },
  ],
  stoppedReason: '1 of 1 updates in Canary failed (100 %, more than 20 %)',
  createdAt: '2026-08-01T01:00:00.000Z',
  updatedAt: '2026-08-01T01:05:00.000Z',
};

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
      'GET /api/rollouts': { status: 200, data: { rollouts: [] } },
      'GET /api/groups': { status: 200, data: { available: true, groups: [] } },
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

  it('shows a stopped rollout with its rings, the machine that failed and why, and resumes it', async () => {
    let rollouts: Rollout[] = [stopped];
    const api = mockApi({
      ...search,
      'GET /api/subscription/status': { status: 200, data: planStatus('annual-premium') },
      'GET /api/update-policies': {
        status: 200,
        data: { policies: [policy({ id: 'a', rings: [{ groupId: 'g1', percent: null, name: 'Canary' }] })] },
      },
      'GET /api/groups': { status: 200, data: { available: true, groups: [] } },
      'GET /api/rollouts': () => ({ status: 200, data: { rollouts } }),
      'POST /api/rollouts/r1/resume': () => {
        rollouts = [{ ...stopped, state: 'done', ring: 1, stoppedReason: null }];
        return { status: 200, data: { success: true } };
      },
    });
    renderApp('/updates');
    const list = await screen.findByRole('list', { name: 'Rollouts' }, { timeout: 10_000 });
    const card = within(list).getByRole('listitem', { name: 'Firefox 2.0' });
    expect(card).toHaveTextContent('Firefox 2.0');
    expect(card).toHaveTextContent('Stopped');
    expect(within(card).getByRole('status')).toHaveTextContent('1 of 1 updates in Canary failed (100 %, more than 20 %).');
    const rings = within(card).getByRole('list', { name: 'Rings of Firefox 2.0' });
    expect(
      within(rings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`1. Canary — ${ringWords(stopped.rings[0]!)}`, '2. Everyone — Waiting']);
    expect(within(card).getByRole('link', { name: 'Canary box' })).toHaveAttribute('href', '/devices/dev_canary');
    expect(card).toHaveTextContent('Its post-installation script exited with status 1');
    // The account's policy shows its ring in the editor.
    expect(await screen.findByText('Ring 2: everyone else')).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Resume: open the next ring' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/rollouts/r1/resume')).toHaveLength(1));
    expect(await within(list).findByText('Everyone', { selector: 'span' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Resume: open the next ring' })).toBeNull();
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

  it('says a ring in words', () => {
    expect(ringWords({ name: 'Everyone', openedAt: null, sent: 0, succeeded: 0, failed: 0 })).toBe('Waiting');
    expect(ringWords({ name: '25 %', openedAt: '2026-08-01T01:00:00.000Z', sent: 0, succeeded: 0, failed: 0 })).toMatch(
      /^Open since .* · nothing sent yet$/,
    );
    expect(ringWords({ name: 'Canary', openedAt: '2026-08-01T01:00:00.000Z', sent: 3, succeeded: 2, failed: 1 })).toMatch(
      / · 3 sent, 2 updated, 1 failed$/,
    );
  });

  it('says a window’s timing in words', () => {
    expect(timingWords({ cadence: 'daily', weekday: null, time: '03:00', windowMinutes: 60 })).toBe('Daily, 03:00 for 1 hour');
    expect(timingWords({ cadence: 'weekly', weekday: 6, time: '22:15', windowMinutes: 15 })).toBe(
      'Weekly on Saturday, 22:15 for 15 minutes',
    );
    expect(timingWords({ cadence: 'daily', weekday: null, time: '01:00', windowMinutes: 720 })).toBe('Daily, 01:00 for 12 hours');
  });
});
