// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { notificationsStore } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Group, GroupRemoval, GroupRemovalMachine } from '@shared/api/device-groups';
import { ErrorCode } from '@shared/api/error-codes';

import {
  devicesResponse,
  driftCounts,
  makeDevice,
  makeGroup,
  makeGroupList,
  makeGroupMember,
  makeGroupRemoval,
  makeRemovalCheck,
  planStatus,
} from '../../test/factories';
import { mockApi, type MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const MINUTE_MS = 60_000;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE_MS).toISOString();

const members = [
  makeGroupMember({ deviceId: 'dev_buildbox0001', deviceName: 'Build box' }),
  makeGroupMember({ deviceId: 'dev_office000001', deviceName: 'office-1' }),
  makeGroupMember({ deviceId: 'dev_newbox000001', deviceName: 'New box' }),
];

function officeGroup(overrides: Partial<Group> = {}): Group {
  return makeGroup({
    id: 'g1',
    name: 'Office',
    members,
    lists: [makeGroupList({ listId: 'l1', listName: 'Dev tools' })],
    removeTakenOut: true,
    ...overrides,
  });
}

/** One machine's answer about removing GIMP (app 11): it can, taking these packages. */
function gimpOn(deviceId: string, deviceName: string, check: Partial<GroupRemovalMachine['check']> = {}): GroupRemovalMachine {
  return {
    deviceId,
    deviceName,
    installationId: null,
    check: makeRemovalCheck({
      checkId: `chk-${deviceName}`,
      deviceId,
      appId: 11,
      appName: 'GIMP',
      packageId: 'gimp',
      removes: [
        { name: 'gimp', version: '2.10' },
        { name: 'gimp-data', version: '2.10' },
      ],
      ...check,
    }),
  };
}

const gimp = (machines: GroupRemovalMachine[]): GroupRemoval => makeGroupRemoval({ id: 'rm-1', appId: 11, appName: 'GIMP', machines });

function serve(routes: MockRoutes = {}, group: Group = officeGroup()) {
  return mockApi({
    'GET /api/subscription/status': { status: 200, data: planStatus('annual-premium') },
    'GET /api/groups': { status: 200, data: { available: true, groups: [group] } },
    'GET /api/groups/g1': { status: 200, data: group },
    'GET /api/groups/g1/drift': {
      status: 200,
      data: { groupId: 'g1', counts: driftCounts(), total: 0, offset: 0, machines: [] },
    },
    'GET /api/groups/g1/removals': { status: 200, data: { removals: [] } },
    'GET /api/lists': { status: 200, data: [] },
    'GET /api/devices': { status: 200, data: devicesResponse([makeDevice({ device_id: 'dev_buildbox0001', device_name: 'Build box' })]) },
    ...routes,
  });
}

function toasts(): string[] {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((toast) => (typeof toast.message === 'string' ? toast.message : ''));
}

async function openGroup() {
  renderApp('/groups/g1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Office' })).toBeInTheDocument();
}

const removalsSection = () => screen.findByRole('region', { name: 'Removals to confirm' });
const card = async (appName: string) => within(await removalsSection()).findByRole('listitem', { name: appName });

beforeEach(() => {
  localStorage.clear();
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  signIn();
});
afterEach(cleanup);

describe('a group’s removals', () => {
  it('turns on offering to remove apps taken out of the lists, and says so on the page', async () => {
    let group = officeGroup({ removeTakenOut: false });
    const api = serve({
      'GET /api/groups/g1': () => ({ status: 200, data: group }),
      'PATCH /api/groups/g1': (call) => {
        group = officeGroup({ removeTakenOut: (call.body as { removeTakenOut: boolean }).removeTakenOut });
        return { status: 200, data: group };
      },
    });
    await openGroup();
    const lists = screen.getByRole('region', { name: 'Lists' });
    expect(within(lists).getByText('Apps taken out stay on the machines.')).toBeInTheDocument();
    // Nothing to confirm: no section.
    expect(screen.queryByRole('region', { name: 'Removals to confirm' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit group' });
    const offer = within(dialog).getByRole('switch', { name: /^Offer to remove apps taken out of this group's lists/ });
    expect(offer).not.toBeChecked();
    expect(
      within(dialog).getByText(/Nothing is removed until you confirm, after seeing what each machine would remove\./),
    ).toBeInTheDocument();
    fireEvent.click(offer);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(lists).findByText('Apps taken out are offered for removal.')).toBeInTheDocument();
    // Only what changed is sent.
    expect(api.callsTo('PATCH', '/api/groups/g1').map((call) => call.body)).toEqual([{ removeTakenOut: true }]);
    expect(toasts()).toContain(
      'Apps taken out of Office’s lists from now on are offered for removal. Nothing is removed until you confirm.',
    );
  });

  it('detaching a list says its apps are offered for removal, and shows the removal once the server has made it', async () => {
    let group = officeGroup();
    let removals: GroupRemoval[] = [];
    const api = serve({
      'GET /api/groups/g1': () => ({ status: 200, data: group }),
      'GET /api/groups/g1/removals': () => ({ status: 200, data: { removals } }),
      'DELETE /api/groups/g1/lists/l1': () => {
        group = officeGroup({ lists: [] });
        return { status: 200, data: group };
      },
    });
    await openGroup();
    fireEvent.click(within(screen.getByRole('region', { name: 'Lists' })).getByRole('button', { name: 'Detach Dev tools' }));
    await waitFor(() =>
      expect(toasts()).toContain(
        '“Dev tools” is no longer one of Office’s lists. Machines that have its apps are asked what removing them would take; nothing is removed until you confirm.',
      ),
    );
    // The server makes the removal after it answered the detach: the page reads the removals again a moment later.
    const reads = api.callsTo('GET', '/api/groups/g1/removals').length;
    removals = [gimp([gimpOn('dev_buildbox0001', 'Build box')])];
    expect(await card('GIMP')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/groups/g1/removals').length).toBeGreaterThan(reads);
  });

  it('shows what removing takes on each machine, and confirming removes it once, saying what started and what was left out', async () => {
    let removals = [
      gimp([
        gimpOn('dev_buildbox0001', 'Build box'),
        gimpOn('dev_newbox000001', 'New box', {
          status: 'unanswered',
          manager: null,
          packageId: null,
          installedVersion: null,
          removes: [],
        }),
      ]),
    ];
    const api = serve({
      'GET /api/groups/g1/removals': () => ({ status: 200, data: { removals } }),
      'POST /api/groups/g1/removals/rm-1/confirm': () => {
        removals = [];
        return {
          status: 200,
          data: {
            installationIds: ['inst-9'],
            skipped: [
              { deviceId: 'dev_newbox000001', deviceName: 'New box', reason: 'The machine did not answer (offline?): it keeps the app' },
            ],
          },
        };
      },
    });
    await openGroup();
    const removal = await card('GIMP');
    const machines = within(removal).getByRole('list', { name: 'What removing GIMP takes on each machine' });
    const box = within(machines).getAllByRole('listitem')[0]!;
    expect(within(box).getByRole('link', { name: 'Build box' })).toHaveAttribute('href', '/devices/dev_buildbox0001');
    expect(within(box).getByText('Can remove')).toBeInTheDocument();
    expect(within(box).getByText('Removing it takes these 2 packages, with apt; 1 other package depends on gimp:')).toBeInTheDocument();
    const packages = within(box).getByRole('list', { name: 'Packages removed from Build box' });
    expect(within(packages).getByText('gimp-data')).toBeInTheDocument();
    expect(within(packages).getByText('also removed')).toBeInTheDocument();
    expect(
      within(removal).getByText('It did not answer: it may be offline. It keeps GIMP unless you check again while it is online.'),
    ).toBeInTheDocument();

    // Two packages besides none of note: one click confirms, without the name.
    expect(within(removal).queryByRole('textbox')).not.toBeInTheDocument();
    fireEvent.click(within(removal).getByRole('button', { name: 'Remove from 1 machine' }));

    const outcome = await screen.findByRole('alert', { name: 'Removing GIMP from 1 machine' });
    expect(within(outcome).getByRole('link', { name: 'see the uninstall' })).toHaveAttribute('href', '/installations/inst-9');
    expect(within(outcome).getByText('New box: The machine did not answer (offline?): it keeps the app')).toBeInTheDocument();
    expect(outcome).toHaveFocus();
    expect(api.callsTo('POST', '/api/groups/g1/removals/rm-1/confirm').map((call) => call.body)).toEqual([{}]);
    // The removal is closed; what it did stays until dismissed.
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'GIMP' })).not.toBeInTheDocument());
    fireEvent.click(within(outcome).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Removals to confirm' })).not.toBeInTheDocument());
  });

  it('asks for the app’s name when a machine’s removal takes more than a few other packages', async () => {
    const many = [
      { name: 'gimp', version: '2.10' },
      ...Array.from({ length: 6 }, (_, index) => ({ name: `libgimp${index}`, version: '2.10' })),
    ];
    const api = serve({
      'GET /api/groups/g1/removals': {
        status: 200,
        data: { removals: [gimp([gimpOn('dev_buildbox0001', 'Build box', { removes: many })])] },
      },
      'POST /api/groups/g1/removals/rm-1/confirm': { status: 200, data: { installationIds: ['inst-9'], skipped: [] } },
    });
    await openGroup();
    const removal = await card('GIMP');
    const remove = within(removal).getByRole('button', { name: 'Remove from 1 machine' });
    expect(remove).toBeDisabled();
    const name = within(removal).getByRole('textbox', { name: 'Type GIMP to confirm' });
    expect(within(removal).getByText('On Build box, removing it takes more than a few other packages.')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'gimp' } });
    expect(remove).toBeDisabled();
    fireEvent.change(name, { target: { value: ' GIMP ' } });
    expect(remove).toBeEnabled();
    fireEvent.keyDown(name, { key: 'Enter' });

    expect(await screen.findByRole('alert', { name: 'Removing GIMP from 1 machine' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/groups/g1/removals/rm-1/confirm').map((call) => call.body)).toEqual([{ confirmName: ' GIMP ' }]);
  });

  it('keeps the app: nothing is removed, and the removal is closed', async () => {
    let removals = [gimp([gimpOn('dev_buildbox0001', 'Build box')])];
    const api = serve({
      'GET /api/groups/g1/removals': () => ({ status: 200, data: { removals } }),
      'POST /api/groups/g1/removals/rm-1/keep': () => {
        removals = [];
        return { status: 200, data: { success: true } };
      },
    });
    await openGroup();
    fireEvent.click(within(await card('GIMP')).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(toasts()).toContain('GIMP stays on the machines. It shows as not declared in the drift.'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Removals to confirm' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/groups/g1/removals/rm-1/keep')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/groups/g1/removals/rm-1/confirm')).toHaveLength(0);
  });

  it('says why a machine will not remove it, offers nothing to remove, and asks again', async () => {
    const refused = gimp([
      gimpOn('dev_buildbox0001', 'Build box', { refused: 'Removing it would take the agent’s own runtime', removes: [] }),
      gimpOn('dev_office000001', 'office-1', { installedVersion: null, removes: [] }),
    ]);
    let removals = [refused];
    const api = serve({
      'GET /api/groups/g1/removals': () => ({ status: 200, data: { removals } }),
      'POST /api/groups/g1/removals/rm-1/check': () => {
        const asked = gimp(
          refused.machines.map((machine) => ({
            ...machine,
            check: makeRemovalCheck({
              checkId: 'chk-new',
              deviceId: machine.deviceId,
              appId: 11,
              appName: 'GIMP',
              status: 'pending',
              removes: [],
            }),
          })),
        );
        removals = [asked];
        return { status: 200, data: asked };
      },
    });
    await openGroup();
    const removal = await card('GIMP');
    expect(within(removal).getByText('Will not remove')).toBeInTheDocument();
    expect(
      within(removal).getByText('Loadout will not remove GIMP here: Removing it would take the agent’s own runtime. It keeps the app.'),
    ).toBeInTheDocument();
    expect(within(removal).getByText('GIMP is no longer installed here: there is nothing to remove.')).toBeInTheDocument();
    expect(within(removal).getByRole('button', { name: 'Remove' })).toBeDisabled();
    expect(
      within(removal).getByText('No machine has said it can remove it. Check again once the machines are online, or keep it.'),
    ).toBeInTheDocument();

    fireEvent.click(within(removal).getByRole('button', { name: 'Check again' }));
    expect(await within(removal).findAllByText('Asking it what removing GIMP would take…')).toHaveLength(2);
    expect(within(removal).getByRole('button', { name: 'Check again' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/groups/g1/removals/rm-1/check')).toHaveLength(1);
  });

  it('reads a pending check again until the machine answers', async () => {
    let reads = 0;
    serve({
      'GET /api/groups/g1/removals': () => {
        reads += 1;
        const machine =
          reads === 1
            ? gimpOn('dev_buildbox0001', 'Build box', {
                status: 'pending',
                manager: null,
                packageId: null,
                installedVersion: null,
                removes: [],
              })
            : gimpOn('dev_buildbox0001', 'Build box');
        return { status: 200, data: { removals: [gimp([machine])] } };
      },
    });
    await openGroup();
    const removal = await card('GIMP');
    expect(within(removal).getByText('Asking it what removing GIMP would take…')).toBeInTheDocument();
    expect(await within(removal).findByText('Can remove', undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(removal).getByRole('button', { name: 'Remove from 1 machine' })).toBeEnabled();
  });

  it('asks to check again before removing on an answer older than a quarter of an hour', async () => {
    serve({
      'GET /api/groups/g1/removals': {
        status: 200,
        data: { removals: [gimp([gimpOn('dev_buildbox0001', 'Build box', { createdAt: minutesAgo(16) })])] },
      },
    });
    await openGroup();
    const removal = await card('GIMP');
    expect(within(removal).getByText('Answer too old')).toBeInTheDocument();
    expect(within(removal).getByText('Some answers are too old to act on: check again, then remove.')).toBeInTheDocument();
    expect(within(removal).getByRole('button', { name: 'Remove from 1 machine' })).toBeDisabled();
  });

  it('says why the server refused the confirmation, and leaves the removal to confirm', async () => {
    serve({
      'GET /api/groups/g1/removals': { status: 200, data: { removals: [gimp([gimpOn('dev_buildbox0001', 'Build box')])] } },
      'POST /api/groups/g1/removals/rm-1/confirm': {
        status: 409,
        data: { code: ErrorCode.REMOVAL_NOT_CONFIRMED, message: 'What the machine said is too old: check again before removing' },
      },
    });
    await openGroup();
    const removal = await card('GIMP');
    fireEvent.click(within(removal).getByRole('button', { name: 'Remove from 1 machine' }));
    await waitFor(() => expect(toasts()).toContain('What the machine said is too old: check again before removing'));
    expect(screen.getByRole('listitem', { name: 'GIMP' })).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: /^Removing GIMP/ })).not.toBeInTheDocument();
  });
});
