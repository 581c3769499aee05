// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { PlanId } from '@shared/plans';

import { devicesResponse, makeDevice, makeGroupSummary, planStatus } from '../../test/factories';
import type { MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';
import { clearToasts, makeToken, mockDevicesServer } from './devices-test-kit';

const browser = makeDevice({
  device_id: 'dev_111111111111',
  device_name: 'Chrome on Linux',
  device_type: 'primary',
  is_current: true,
  is_admin: true,
});
const groups = [makeGroupSummary({ id: 'g1', name: 'Office' }), makeGroupSummary({ id: 'g2', name: 'Lab' })];

async function openDevices(plan: PlanId, routes: MockRoutes = {}) {
  const api = mockDevicesServer({
    'GET /api/subscription/status': { status: 200, data: planStatus(plan) },
    'GET /api/devices': { status: 200, data: devicesResponse([browser], { seatLimit: 25, seatsUsed: 1 }) },
    'GET /api/groups': { status: 200, data: { available: plan === 'annual-premium', groups } },
    ...routes,
  });
  renderApp('/devices');
  await screen.findByText('Chrome on Linux');
  return api;
}

async function openGenerate() {
  fireEvent.click(screen.getByRole('button', { name: 'Generate Token' }));
  return screen.findByRole('dialog', { name: 'Generate Registration Token' });
}

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signIn();
});
afterEach(cleanup);

describe('a registration token for a device group', () => {
  it('offers the groups on Annual Premium, sends the one chosen, and the token says which group it joins', async () => {
    let tokens = [makeToken()];
    const api = await openDevices('annual-premium', {
      'GET /api/tokens': () => ({ status: 200, data: { tokens } }),
      'POST /api/device-tokens': () => {
        const token = makeToken({ id: 'tok-2', code: 'GRUP-0001', groupId: 'g1', groupName: 'Office' });
        tokens = [...tokens, token];
        return { status: 201, data: { token } };
      },
    });
    const dialog = await openGenerate();
    const select = await within(dialog).findByRole('combobox', { name: 'Join group' });
    expect(within(dialog).getByText('Machines enrolled with this token join the group and get its lists. Optional.')).toBeInTheDocument();
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Office' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));

    const result = await screen.findByRole('dialog', { name: 'Registration Token Generated' });
    expect(within(result).getByText('Machines enrolled with it join the group Office and get its lists.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/device-tokens').map((call) => call.body)).toEqual([{ maxUses: 1, groupId: 'g1' }]);
    fireEvent.click(within(result).getByRole('button', { name: 'Done' }));

    const row = await screen.findByRole('listitem', { name: 'Token GRUP-0001' });
    expect(within(row).getByText('Joins Office')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Token ABCD-1234' })).queryByText(/^Joins/)).not.toBeInTheDocument();
  });

  it('sends no group when none is chosen', async () => {
    const api = await openDevices('annual-premium', {
      'POST /api/device-tokens': { status: 201, data: { token: makeToken() } },
    });
    const dialog = await openGenerate();
    await within(dialog).findByRole('combobox', { name: 'Join group' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await screen.findByRole('dialog', { name: 'Registration Token Generated' });
    expect(api.callsTo('POST', '/api/device-tokens').map((call) => call.body)).toEqual([{ maxUses: 1 }]);
  });

  it('offers no group on a plan without groups, and does not ask for them', async () => {
    const api = await openDevices('premium');
    const dialog = await openGenerate();
    await waitFor(() => expect(api.callsTo('GET', '/api/subscription/status').length).toBeGreaterThan(0));
    expect(within(dialog).getByRole('textbox', { name: /Max Uses/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Join group' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/groups')).toHaveLength(0);
  });

  it('offers no group select to an account with no groups', async () => {
    const api = await openDevices('annual-premium', { 'GET /api/groups': { status: 200, data: { available: true, groups: [] } } });
    const dialog = await openGenerate();
    await waitFor(() => expect(api.callsTo('GET', '/api/groups')).toHaveLength(1));
    expect(within(dialog).queryByRole('combobox', { name: 'Join group' })).not.toBeInTheDocument();
  });
});
