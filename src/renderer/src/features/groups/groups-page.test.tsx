// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { notificationsStore } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';
import { DEVICE_TAG_MESSAGE } from '@shared/device-tags';
import type { PlanId } from '@shared/plans';

import { driftCounts, makeGroup, makeGroupSummary, planStatus } from '../../test/factories';
import { mockApi, type MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const office = makeGroupSummary({
  id: 'g1',
  name: 'Office',
  rule: { platform: 'linux', namePattern: 'office-*', tag: 'lab' },
  memberCount: 3,
  listCount: 2,
  drift: driftCounts({ machines: 1, missing: 2 }),
});
const studio = makeGroupSummary({ id: 'g2', name: 'Studio', memberCount: 1, listCount: 1 });

function serve(routes: MockRoutes, plan: PlanId = 'annual-premium') {
  return mockApi({
    'GET /api/subscription/status': { status: 200, data: planStatus(plan) },
    'GET /api/lists': { status: 200, data: [] },
    ...routes,
  });
}

function toasts(): string[] {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((toast) => (typeof toast.message === 'string' ? toast.message : ''));
}

beforeEach(() => {
  localStorage.clear();
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  signIn();
});
afterEach(cleanup);

describe('the Groups screen', () => {
  it('is in the signed-in navigation, after Devices', async () => {
    serve({ 'GET /api/groups': { status: 200, data: { available: true, groups: [] } } });
    renderApp('/groups');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.indexOf('Groups')).toBe(names.indexOf('Devices') + 1);
    expect(within(nav).getByRole('link', { name: 'Groups' })).toHaveAttribute('aria-current', 'page');
  });

  it('tells a new user what a group is for and how to start', async () => {
    serve({ 'GET /api/groups': { status: 200, data: { available: true, groups: [] } } });
    renderApp('/groups');
    expect(await screen.findByRole('heading', { level: 1, name: 'Groups' })).toBeInTheDocument();
    expect(await screen.findByText('No groups yet')).toBeInTheDocument();
    expect(screen.getByText(/^Group machines to give them the same apps/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New group' })).toBeEnabled();
    expect(screen.queryByText(/part of Annual Premium/)).not.toBeInTheDocument();
  });

  it('shows each group with its rule in words, its size and its drift', async () => {
    serve({ 'GET /api/groups': { status: 200, data: { available: true, groups: [office, studio] } } });
    renderApp('/groups');
    const list = await screen.findByRole('list', { name: 'Groups' });
    const first = within(list).getByRole('listitem', { name: 'Office' });
    expect(within(first).getByRole('link', { name: 'Office' })).toHaveAttribute('href', '/groups/g1');
    expect(within(first).getByText('Rule: Linux machines named office-* tagged lab')).toBeInTheDocument();
    expect(within(first).getByText('3 machines · 2 lists')).toBeInTheDocument();
    expect(within(first).getByText('1 of 3 machines drifted')).toBeInTheDocument();

    const second = within(list).getByRole('listitem', { name: 'Studio' });
    expect(within(second).getByText('No rule: machines join by hand or with its token')).toBeInTheDocument();
    expect(within(second).getByText('1 machine · 1 list')).toBeInTheDocument();
    expect(within(second).getByText('All in line')).toBeInTheDocument();
  });

  it('creates a group with a rule and opens it', async () => {
    const created = makeGroup({ id: 'g3', name: 'Lab machines', rule: { platform: 'linux', namePattern: 'office-*', tag: 'lab' } });
    const api = serve({
      'GET /api/groups': { status: 200, data: { available: true, groups: [] } },
      'POST /api/groups': { status: 201, data: created },
      'GET /api/groups/g3': { status: 200, data: created },
      'GET /api/groups/g3/drift': { status: 200, data: { groupId: 'g3', counts: driftCounts(), total: 0, offset: 0, machines: [] } },
      'GET /api/devices': {
        status: 200,
        data: { devices: [], seatLimit: 25, seatsUsed: 0, activeToday: 0, deactivationAvailableAt: null },
      },
    });
    const view = renderApp('/groups');
    fireEvent.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Group name/ }), { target: { value: '  Lab machines ' } });
    // A tag the agent could never report is refused before anything is sent.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tag' }), { target: { value: 'lab room' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText(DEVICE_TAG_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/groups')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Platform' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Linux' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name pattern' }), { target: { value: 'office-*' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tag' }), { target: { value: 'Lab' } });
    // Off unless chosen: apps taken out of the lists stay on the machines.
    const removals = within(dialog).getByRole('switch', { name: /^Offer to remove apps taken out of this group's lists/ });
    expect(removals).not.toBeChecked();
    fireEvent.click(removals);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));

    await waitFor(() => expect(view.currentPath()).toBe('/groups/g3'));
    expect(api.callsTo('POST', '/api/groups').map((call) => call.body)).toEqual([
      { name: 'Lab machines', rule: { platform: 'linux', namePattern: 'office-*', tag: 'lab' }, removeTakenOut: true },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lab machines' })).toBeInTheDocument();
    expect(toasts()).toContain('Group “Lab machines” created');
  });

  it('creates a group without a rule, and keeps the dialog open when the name is taken', async () => {
    let attempts = 0;
    const api = serve({
      'GET /api/groups': { status: 200, data: { available: true, groups: [studio] } },
      'POST /api/groups': () =>
        attempts++ === 0
          ? { status: 409, data: { code: ErrorCode.GROUP_EXISTS, message: 'A group with this name already exists' } }
          : { status: 201, data: makeGroup({ id: 'g4', name: 'Studio 2' }) },
    });
    renderApp('/groups');
    await screen.findByRole('list', { name: 'Groups' });
    fireEvent.click(screen.getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Group name/ }), { target: { value: 'Studio' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));

    await waitFor(() => expect(toasts()).toContain('A group with this name already exists'));
    expect(screen.getByRole('dialog', { name: 'New group' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/groups').map((call) => call.body)).toEqual([{ name: 'Studio', rule: null, removeTakenOut: false }]);
  });

  it('without Annual Premium: shows the groups read-only, a note to upgrade, and New group disabled with why', async () => {
    serve({ 'GET /api/groups': { status: 200, data: { available: false, groups: [studio] } } }, 'premium');
    renderApp('/groups');
    await screen.findByRole('list', { name: 'Groups' });
    expect(
      screen.getByText(/^Device groups are part of Annual Premium\. Your groups stay, and you can still take lists and machines out/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute('href', '/pricing-page');
    const create = screen.getByRole('button', { name: 'New group' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(/Device groups are part of Annual Premium/);
    expect(within(screen.getByRole('list', { name: 'Groups' })).getByRole('link', { name: 'Studio' })).toBeInTheDocument();
  });

  it('says what groups would do to someone without the plan and without groups', async () => {
    serve({ 'GET /api/groups': { status: 200, data: { available: false, groups: [] } } }, 'free');
    renderApp('/groups');
    expect(await screen.findByText('No groups yet')).toBeInTheDocument();
    expect(screen.getByText(/^Device groups are part of Annual Premium: machines you group/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New group' })).toBeDisabled();
  });

  it('says so when the groups cannot be loaded, and tries again', async () => {
    let calls = 0;
    serve({
      'GET /api/groups': () =>
        calls++ === 0
          ? { status: 500, data: { code: ErrorCode.INTERNAL_ERROR, message: 'Internal error' } }
          : { status: 200, data: { available: true, groups: [studio] } },
    });
    renderApp('/groups');
    expect(await screen.findByText('We could not load your groups.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Studio' })).toBeInTheDocument();
  });
});
