// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { notificationsStore } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { BringBackPreview, Group, GroupDriftResponse } from '@shared/api/device-groups';
import { ErrorCode } from '@shared/api/error-codes';

import {
  devicesResponse,
  driftCounts,
  makeDevice,
  makeGroup,
  makeGroupList,
  makeGroupMember,
  makeList,
  planStatus,
} from '../../test/factories';
import { mockApi, type MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

const buildBox = makeGroupMember({ deviceId: 'dev_buildbox0001', deviceName: 'Build box', tags: ['lab', 'gpu'], source: 'hand' });
const office1 = makeGroupMember({ deviceId: 'dev_office000001', deviceName: 'office-1', source: 'rule' });
const newBox = makeGroupMember({ deviceId: 'dev_newbox000001', deviceName: 'New box', platform: 'windows', source: 'token' });
const devTools = makeGroupList({ listId: 'l1', listName: 'Dev tools', appCount: 5 });

function officeGroup(overrides: Partial<Group> = {}): Group {
  return makeGroup({
    id: 'g1',
    name: 'Office',
    rule: { platform: 'linux', namePattern: 'office-*', tag: null },
    members: [buildBox, office1, newBox],
    lists: [devTools],
    drift: driftCounts({ machines: 1, missing: 1, extra: 1, outdated: 1, offPin: 1 }),
    ...overrides,
  });
}

const drift: GroupDriftResponse = {
  groupId: 'g1',
  counts: driftCounts({ machines: 1, missing: 1, extra: 1, outdated: 1, offPin: 1 }),
  total: 3,
  offset: 0,
  machines: [
    {
      deviceId: 'dev_buildbox0001',
      deviceName: 'Build box',
      platform: 'linux',
      inventoryCheckedAt: daysAgo(0),
      entries: [
        { appId: 11, name: 'GIMP', kind: 'missing', installedVersion: null, wantedVersion: null, since: daysAgo(3) },
        { appId: 12, name: 'Git', kind: 'outdated', installedVersion: '1.0', wantedVersion: '2.0', since: daysAgo(1) },
        { appId: 13, name: 'Node.js', kind: 'off_pin', installedVersion: '2.0', wantedVersion: '1.0', since: daysAgo(2) },
        { appId: 14, name: 'Steam', kind: 'extra', installedVersion: '1.0.0.78', wantedVersion: null, since: daysAgo(5) },
      ],
    },
    { deviceId: 'dev_office000001', deviceName: 'office-1', platform: 'linux', inventoryCheckedAt: daysAgo(0), entries: [] },
    { deviceId: 'dev_newbox000001', deviceName: 'New box', platform: 'windows', inventoryCheckedAt: null, entries: [] },
  ],
};

const studioPc = makeDevice({ device_id: 'dev_studio000001', device_name: 'Studio PC', platform: 'windows' });
const laptop = makeDevice({
  device_id: 'dev_laptop000001',
  device_name: 'Laptop browser',
  device_type: 'primary',
  registration_method: 'account',
  capabilities: ['web_access', 'receive_installations'],
});
const devices = [
  makeDevice({ device_id: 'dev_buildbox0001', device_name: 'Build box', platform: 'linux' }),
  makeDevice({ device_id: 'dev_office000001', device_name: 'office-1', platform: 'linux' }),
  makeDevice({ device_id: 'dev_newbox000001', device_name: 'New box', platform: 'windows' }),
  studioPc,
  laptop,
];

function serve(routes: MockRoutes = {}, { available = true, group = officeGroup() }: { available?: boolean; group?: Group } = {}) {
  return mockApi({
    'GET /api/subscription/status': { status: 200, data: planStatus(available ? 'annual-premium' : 'premium') },
    'GET /api/groups': { status: 200, data: { available, groups: [group] } },
    'GET /api/groups/g1': { status: 200, data: group },
    'GET /api/groups/g1/drift': { status: 200, data: drift },
    'GET /api/groups/g1/removals': { status: 200, data: { removals: [] } },
    'GET /api/lists': {
      status: 200,
      data: [makeList({ id: 'l1', name: 'Dev tools', appCount: 5 }), makeList({ id: 'l2', name: 'Design', appCount: 4 })],
    },
    'GET /api/devices': { status: 200, data: devicesResponse(devices) },
    ...routes,
  });
}

function toasts(): Array<{ title: string; message: string }> {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((toast) => ({
    title: typeof toast.title === 'string' ? toast.title : '',
    message: typeof toast.message === 'string' ? toast.message : '',
  }));
}
const toastMessages = () => toasts().map((toast) => toast.message);

async function openGroup() {
  renderApp('/groups/g1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Office' })).toBeInTheDocument();
}

const section = (name: string) => screen.getByRole('region', { name });

/** Picks an option of a searchable select by typing, as a person would (Mantine takes a change to an unfocused input for autofill). */
async function choose(container: HTMLElement, label: string, typed: string, option: string) {
  const input = within(container).getByRole('combobox', { name: label });
  // The options arrive with the lists or devices they are made of.
  await waitFor(() => expect(input).toBeEnabled());
  input.focus();
  fireEvent.change(input, { target: { value: typed } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  localStorage.clear();
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  signIn();
});
afterEach(cleanup);

describe('a group’s page', () => {
  it('shows the rule in words, the lists, and each machine with its platform, tags and how it joined', async () => {
    serve();
    await openGroup();
    expect(within(section('Rule')).getByText('Linux machines named office-*')).toBeInTheDocument();

    const lists = within(section('Lists')).getByRole('list', { name: 'Lists of Office' });
    expect(within(lists).getByRole('link', { name: 'Dev tools' })).toHaveAttribute('href', '/app-list?list=l1');
    expect(within(lists).getByText(/^5 apps · Attached/)).toBeInTheDocument();

    const machines = within(section('Machines')).getByRole('list', { name: 'Machines in Office' });
    const box = within(machines).getByRole('listitem', { name: 'Build box' });
    expect(within(box).getByText('Linux')).toBeInTheDocument();
    expect(within(box).getByText('lab')).toBeInTheDocument();
    expect(within(box).getByText('gpu')).toBeInTheDocument();
    expect(within(box).getByText(/^Added by hand · Joined/)).toBeInTheDocument();
    const byRule = within(machines).getByRole('listitem', { name: 'office-1' });
    expect(within(byRule).getByText(/^Matches the rule · Joined/)).toBeInTheDocument();
    // A machine in by the rule leaves by the rule: no Remove button to be refused.
    expect(within(byRule).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(byRule).getByText('Leaves when it no longer matches the rule.')).toBeInTheDocument();
    const byToken = within(machines).getByRole('listitem', { name: 'New box' });
    expect(within(byToken).getByText(/^Enrolled with the group’s token · Joined/)).toBeInTheDocument();
    expect(within(byToken).getByText('Windows')).toBeInTheDocument();
  });

  it('shows each machine’s drift grouped by kind, in words, with when it was first seen', async () => {
    serve();
    await openGroup();
    const driftSection = section('Drift');
    expect(await within(driftSection).findByText('1 of 3 machines drifted')).toBeInTheDocument();
    const list = await within(driftSection).findByRole('list', { name: 'Drift of Office' });

    const box = within(list).getByRole('listitem', { name: 'Build box' });
    const missing = within(box).getByRole('region', { name: 'Missing (1)' });
    expect(within(missing).getByText('GIMP')).toBeInTheDocument();
    expect(within(missing).getByText('Missing')).toBeInTheDocument();
    expect(within(missing).getByText('First seen 3d ago')).toBeInTheDocument();
    const outdated = within(box).getByRole('region', { name: 'Out of date (1)' });
    expect(within(outdated).getByText('Out of date: 1.0 → 2.0')).toBeInTheDocument();
    const offPin = within(box).getByRole('region', { name: 'Off its pin (1)' });
    expect(within(offPin).getByText('Off its pin: 2.0 installed, pinned 1.0')).toBeInTheDocument();
    const extra = within(box).getByRole('region', { name: 'Not declared (1)' });
    expect(within(extra).getByText('Steam')).toBeInTheDocument();
    expect(within(extra).getByText('Not declared: 1.0.0.78 installed')).toBeInTheDocument();

    const inLine = within(list).getByRole('listitem', { name: 'office-1' });
    expect(within(inLine).getByText(/In line with its groups’ lists/)).toBeInTheDocument();
    expect(within(inLine).queryByRole('button', { name: /Bring back in line/ })).not.toBeInTheDocument();
    const never = within(list).getByRole('listitem', { name: 'New box' });
    expect(within(never).getByText('Not checked yet: its agent has not reported its apps, so its drift is not known.')).toBeInTheDocument();
  });

  it('attaches a list and says what it started, with a link to the installation', async () => {
    let group = officeGroup();
    const api = serve({
      'GET /api/groups/g1': () => ({ status: 200, data: group }),
      'PUT /api/groups/g1/lists/l2': () => {
        group = officeGroup({ lists: [devTools, makeGroupList({ listId: 'l2', listName: 'Design', appCount: 4 })] });
        return { status: 200, data: { group, installationIds: ['inst-7'] } };
      },
    });
    await openGroup();
    const lists = section('Lists');
    // Lists already attached are not offered again.
    await choose(lists, 'Attach a list', 'De', 'Design');
    expect(screen.queryByRole('option', { name: 'Dev tools' })).not.toBeInTheDocument();
    fireEvent.click(within(lists).getByRole('button', { name: 'Attach' }));

    await waitFor(() => expect(toasts().map((toast) => toast.title)).toContain('Installing “Design” on 3 machines'));
    expect(api.callsTo('PUT', '/api/groups/g1/lists/l2')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'See the installation' })).toHaveAttribute('href', '/installations/inst-7');
    expect(await within(lists).findByRole('link', { name: 'Design' })).toHaveAttribute('href', '/app-list?list=l2');
  });

  it('detaches a list and says nothing was uninstalled', async () => {
    let group = officeGroup();
    const api = serve({
      'GET /api/groups/g1': () => ({ status: 200, data: group }),
      'DELETE /api/groups/g1/lists/l1': () => {
        group = officeGroup({ lists: [] });
        return { status: 200, data: group };
      },
    });
    await openGroup();
    fireEvent.click(within(section('Lists')).getByRole('button', { name: 'Detach Dev tools' }));
    await waitFor(() => expect(toastMessages()).toContain('“Dev tools” is no longer one of Office’s lists. Nothing was uninstalled.'));
    expect(api.callsTo('DELETE', '/api/groups/g1/lists/l1')).toHaveLength(1);
    expect(await within(section('Lists')).findByText(/^No lists yet/)).toBeInTheDocument();
  });

  it('adds one of the enrolled machines that is not a member yet', async () => {
    let group = officeGroup();
    const studioMember = makeGroupMember({ deviceId: 'dev_studio000001', deviceName: 'Studio PC', platform: 'windows' });
    const api = serve({
      'GET /api/groups/g1': () => ({ status: 200, data: group }),
      'PUT /api/groups/g1/members/dev_studio000001': () => {
        group = officeGroup({ members: [buildBox, office1, newBox, studioMember] });
        return { status: 200, data: { group, installationIds: ['inst-8', 'inst-9'] } };
      },
    });
    await openGroup();
    const machines = section('Machines');
    await choose(machines, 'Add a machine', 'S', 'Studio PC (Windows)');
    // Members and browsers are not offered.
    expect(screen.queryByRole('option', { name: /Build box/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Laptop browser/ })).not.toBeInTheDocument();
    fireEvent.click(within(machines).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(toasts().map((toast) => toast.title)).toContain('Installing Office’s lists on Studio PC'));
    expect(api.callsTo('PUT', '/api/groups/g1/members/dev_studio000001')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'See the installations' })).toHaveAttribute('href', '/installations');
    expect(await within(machines).findByRole('listitem', { name: 'Studio PC' })).toBeInTheDocument();
  });

  it('removes a machine added by hand, and shows the server’s refusal for one the rule holds', async () => {
    let group = officeGroup();
    const api = serve({
      'GET /api/groups/g1': () => ({ status: 200, data: group }),
      'DELETE /api/groups/g1/members/dev_buildbox0001': () => {
        group = officeGroup({ members: [office1, newBox] });
        return { status: 200, data: group };
      },
      'DELETE /api/groups/g1/members/dev_newbox000001': {
        status: 409,
        data: { code: ErrorCode.GROUP_RULE_MEMBER, message: 'New box matches the rule of Office: change the rule to leave it out.' },
      },
    });
    await openGroup();
    const machines = section('Machines');
    fireEvent.click(within(machines).getByRole('button', { name: 'Remove Build box' }));
    await waitFor(() => expect(toastMessages()).toContain('Build box left Office. Nothing was uninstalled.'));
    await waitFor(() => expect(within(machines).queryByRole('listitem', { name: 'Build box' })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/groups/g1/members/dev_buildbox0001')).toHaveLength(1);

    fireEvent.click(within(machines).getByRole('button', { name: 'Remove New box' }));
    await waitFor(() => expect(toastMessages()).toContain('New box matches the rule of Office: change the rule to leave it out.'));
    expect(within(machines).getByRole('listitem', { name: 'New box' })).toBeInTheDocument();
  });

  it('brings the group back in line: the preview lists installs, updates and the extras left alone, then Confirm starts it', async () => {
    const preview: BringBackPreview = {
      machines: [
        {
          deviceId: 'dev_buildbox0001',
          deviceName: 'Build box',
          install: [{ appId: 11, name: 'GIMP', version: null }],
          update: [
            { appId: 12, name: 'Git', from: '1.0', to: '2.0' },
            { appId: 13, name: 'Node.js', from: '2.0', to: '1.0' },
          ],
          extra: [{ appId: 14, name: 'Steam' }],
        },
      ],
    };
    const api = serve({
      'POST /api/groups/g1/bring-back/preview': { status: 200, data: preview },
      'POST /api/groups/g1/bring-back': { status: 200, data: { installationIds: ['inst-10'] } },
    });
    await openGroup();
    const driftSection = section('Drift');
    fireEvent.click(await within(driftSection).findByRole('button', { name: 'Bring back in line' }));

    const dialog = await screen.findByRole('dialog', { name: 'Bring Office back in line' });
    const machine = await within(dialog).findByRole('region', { name: 'Build box' });
    expect(within(machine).getByText('Will install (1)')).toBeInTheDocument();
    expect(within(machine).getByText('GIMP')).toBeInTheDocument();
    expect(within(machine).getByText('Will update (2)')).toBeInTheDocument();
    expect(within(machine).getByText('Git: 1.0 → 2.0')).toBeInTheDocument();
    expect(within(machine).getByText('Will not be removed (1)')).toBeInTheDocument();
    expect(within(machine).getByText('Steam')).toBeInTheDocument();
    expect(within(machine).getByText(/bringing a machine back in line never removes anything/)).toBeInTheDocument();
    expect(within(machine).getByRole('link', { name: 'Build box’s page' })).toHaveAttribute('href', '/devices/dev_buildbox0001');
    expect(api.callsTo('POST', '/api/groups/g1/bring-back/preview').map((call) => call.body)).toEqual([{}]);
    expect(api.callsTo('POST', '/api/groups/g1/bring-back')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasts().map((toast) => toast.title)).toContain('Bringing 1 machine back in line'));
    expect(api.callsTo('POST', '/api/groups/g1/bring-back').map((call) => call.body)).toEqual([{}]);
    expect(await screen.findByRole('link', { name: 'See the installation' })).toHaveAttribute('href', '/installations/inst-10');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bring Office back in line' })).not.toBeInTheDocument());
  });

  it('brings one machine back in line', async () => {
    const api = serve({
      'POST /api/groups/g1/bring-back/preview': {
        status: 200,
        data: {
          machines: [
            { deviceId: 'dev_buildbox0001', deviceName: 'Build box', install: [], update: [], extra: [{ appId: 14, name: 'Steam' }] },
          ],
        },
      },
    });
    await openGroup();
    const list = await within(section('Drift')).findByRole('list', { name: 'Drift of Office' });
    fireEvent.click(within(list).getByRole('button', { name: 'Bring back in line: Build box' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bring Build box back in line' });
    // Only extras: nothing to start, and Confirm says so by being disabled.
    expect(
      await within(dialog).findByText(/^Nothing to install or update: what differs is only apps the lists do not declare/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/groups/g1/bring-back/preview').map((call) => call.body)).toEqual([
      { deviceIds: ['dev_buildbox0001'] },
    ]);
  });

  it('shows a large group’s machines a page at a time', async () => {
    const machine = (index: number) => ({
      deviceId: `dev_fleet${String(index).padStart(7, '0')}`,
      deviceName: `fleet-${index}`,
      platform: 'linux',
      inventoryCheckedAt: daysAgo(0),
      entries: [],
    });
    const counts = driftCounts({ machines: 0 });
    const api = serve({
      'GET /api/groups/g1/drift': (call) => {
        const offset = Number(call.query.offset);
        const machines = Array.from({ length: offset === 0 ? 50 : 10 }, (_, index) => machine(offset + index));
        return { status: 200, data: { groupId: 'g1', counts, total: 60, offset, machines } };
      },
    });
    await openGroup();
    const driftSection = section('Drift');
    expect(await within(driftSection).findByText('50 of 60 machines shown')).toBeInTheDocument();
    expect(within(driftSection).getByText('All in line')).toBeInTheDocument();
    const list = within(driftSection).getByRole('list', { name: 'Drift of Office' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(within(list).queryByRole('listitem', { name: 'fleet-50' })).not.toBeInTheDocument();

    fireEvent.click(within(driftSection).getByRole('button', { name: 'Show more machines' }));
    expect(await within(list).findByRole('listitem', { name: 'fleet-59' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(60);
    expect(within(driftSection).queryByRole('button', { name: 'Show more machines' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/groups/g1/drift').map((call) => call.query)).toEqual([
      { offset: '0', limit: '50' },
      { offset: '50', limit: '50' },
    ]);
  });

  it('edits and removes the rule', async () => {
    let group = officeGroup();
    const api = serve({
      'GET /api/groups/g1': () => ({ status: 200, data: group }),
      'PATCH /api/groups/g1': (call) => {
        const body = call.body as { rule: Group['rule'] };
        group = officeGroup({ rule: body.rule });
        return { status: 200, data: group };
      },
    });
    await openGroup();
    fireEvent.click(within(section('Rule')).getByRole('button', { name: 'Edit rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the rule of Office' });
    expect(within(dialog).getByRole('textbox', { name: 'Name pattern' })).toHaveValue('office-*');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tag' }), { target: { value: 'lab' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await within(section('Rule')).findByText('Linux machines named office-* tagged lab')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/groups/g1').map((call) => call.body)).toEqual([
      { rule: { platform: 'linux', namePattern: 'office-*', tag: 'lab' } },
    ]);

    fireEvent.click(within(section('Rule')).getByRole('button', { name: 'Remove rule' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the rule?' });
    expect(within(confirm).getByText(/Nothing is uninstalled from any machine/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove rule' }));
    expect(await within(section('Rule')).findByText(/^No rule: machines join when you add them by hand/)).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/groups/g1').map((call) => call.body)[1]).toEqual({ rule: null });
  });

  it('deletes the group after a confirmation that says nothing is uninstalled', async () => {
    const api = serve({ 'DELETE /api/groups/g1': { status: 200, data: { success: true } } });
    const view = renderApp('/groups/g1');
    await screen.findByRole('heading', { level: 1, name: 'Office' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete group?' });
    expect(within(dialog).getByText(/Nothing is uninstalled from any machine, and the lists themselves stay/)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/groups/g1')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete group' }));
    await waitFor(() => expect(view.currentPath()).toBe('/groups'));
    expect(toastMessages()).toContain('Group “Office” deleted. Nothing was uninstalled from its machines.');
  });

  it('without Annual Premium: nothing can be added or changed, things can be taken out, with the note to upgrade', async () => {
    serve({}, { available: false });
    await openGroup();
    expect(
      await screen.findByText(
        /^Device groups are part of Annual Premium\. Your groups stay, and you can still take lists and machines out/,
      ),
    ).toBeInTheDocument();
    // The machines and their drift are still shown.
    expect(await within(section('Drift')).findByText('Out of date: 1.0 → 2.0')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit rule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Attach' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Bring back in line/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Attach a list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Add a machine' })).not.toBeInTheDocument();
    // Taking things out installs nothing: still possible, as deleting the group is.
    expect(within(section('Lists')).getByRole('button', { name: 'Detach Dev tools' })).toBeEnabled();
    expect(within(section('Machines')).getByRole('button', { name: 'Remove Build box' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('says when the group could not be loaded, and tries again', async () => {
    let broken = true;
    serve({
      'GET /api/groups/g1': () =>
        broken
          ? { status: 500, data: { code: ErrorCode.INTERNAL_ERROR, message: 'Internal error' } }
          : { status: 200, data: officeGroup() },
    });
    renderApp('/groups/g1');
    expect(await screen.findByText('We could not load this group.')).toBeInTheDocument();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Office' })).toBeInTheDocument();
  });

  it('says when the group does not exist', async () => {
    serve({ 'GET /api/groups/g1': { status: 404, data: { code: ErrorCode.GROUP_NOT_FOUND, message: 'Group not found' } } });
    renderApp('/groups/g1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Group not found' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Groups' })).toHaveAttribute('href', '/groups');
  });
});
