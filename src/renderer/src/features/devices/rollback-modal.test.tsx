// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';
import type { RollbackPreview } from '@shared/api/generations';

import { devicesResponse, makeDevice, makeGeneration, makeRollbackStep } from '../../test/factories';
import type { MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';
import { clearToasts, mockDevicesServer } from './devices-test-kit';

const box = makeDevice({ device_id: 'dev_buildbox0001', device_name: 'Build box', platform: 'linux', agent_version: '0.1.0' });
const GENERATIONS = 'GET /api/devices/dev_buildbox0001/generations';
const PREVIEW = '/api/devices/dev_buildbox0001/generations/3/rollback/preview';
const ROLLBACK = '/api/devices/dev_buildbox0001/generations/3/rollback';

const generations = {
  deviceId: 'dev_buildbox0001',
  generations: [
    makeGeneration({ number: 4, kind: 'upgrade', changes: [{ appId: 1, name: 'Firefox', from: '128.0', to: '129.0' }] }),
    makeGeneration({ number: 3, kind: 'install', changes: [{ appId: 2, name: 'VLC', from: null, to: '3.0.21' }] }),
  ],
};

function plan(steps: RollbackPreview['steps']): RollbackPreview {
  return { deviceId: 'dev_buildbox0001', number: 3, steps };
}

const fullPlan = plan([
  makeRollbackStep({ appId: 2, name: 'VLC', action: 'install', to: '3.0.21' }),
  makeRollbackStep({
    appId: 3,
    name: 'Visual Studio Code',
    action: 'install',
    manager: 'brew',
    to: '1.90',
    exact: false,
    note: 'Homebrew installs only its newest version: it cannot go back to an older one.',
  }),
  makeRollbackStep({ appId: 4, name: 'Git', action: 'change', from: '2.45', to: '2.39' }),
  makeRollbackStep({ appId: 5, name: 'GIMP', action: 'remove', from: '2.10' }),
  makeRollbackStep({ appId: 6, name: 'Htop', action: 'remove', from: '3.3' }),
  makeRollbackStep({
    appId: 1,
    name: 'Firefox',
    action: 'change',
    manager: 'snap',
    from: '129.0',
    to: '128.0',
    exact: false,
    possible: false,
    note: 'Snap chooses a channel or a revision, not a version number: it cannot go back to a version.',
  }),
]);

function serve(routes: MockRoutes) {
  return mockDevicesServer({
    'GET /api/devices': { status: 200, data: devicesResponse([box]) },
    'GET /api/installations': { status: 200, data: { installations: [] } },
    'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: { checkedAt: null, apps: [] } },
    'GET /api/devices/dev_buildbox0001/followed-lists': { status: 200, data: { lists: [] } },
    [GENERATIONS]: { status: 200, data: generations },
    ...routes,
  });
}

/** Opens the page and the rollback to generation 3; answers the dialog once its plan is shown. */
async function openRollback(): Promise<HTMLElement> {
  renderApp('/devices/dev_buildbox0001');
  const section = await screen.findByRole('region', { name: 'Generations' });
  const button = await within(section).findByRole('button', { name: 'Roll back to this: generation 3' });
  // As a keyboard (or Chromium's click) leaves it: focused, then pressed.
  button.focus();
  fireEvent.click(button);
  return screen.findByRole('dialog', { name: 'Roll back to generation 3' });
}

function group(dialog: HTMLElement, name: string): HTMLElement {
  return within(dialog).getByRole('group', { name: new RegExp(`^${name}`) });
}

function checkboxNames(element: HTMLElement): string[] {
  return within(element)
    .getAllByRole('checkbox')
    .map((box) => box.closest('.mantine-Checkbox-root')?.querySelector('label')?.textContent ?? '');
}

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signIn();
});
afterEach(cleanup);

describe('rolling a machine back to a generation', () => {
  it('groups the plan, ticks all but removals, and offers nothing that cannot go back', async () => {
    const api = serve({ [`POST ${PREVIEW}`]: { status: 200, data: fullPlan } });
    const dialog = await openRollback();
    await within(dialog).findByRole('group', { name: /^Install \(2\)/ });
    expect(api.callsTo('POST', PREVIEW)).toHaveLength(1);

    const install = group(dialog, 'Install \\(2\\)');
    expect(checkboxNames(install)).toEqual(['VLC 3.0.21', 'Visual Studio Code, newest version']);
    expect(
      within(install).getByText('With Homebrew. Homebrew installs only its newest version: it cannot go back to an older one.'),
    ).toBeInTheDocument();
    for (const box of within(install).getAllByRole('checkbox')) expect(box).toBeChecked();

    const change = group(dialog, 'Change version \\(1\\)');
    expect(checkboxNames(change)).toEqual(['Git 2.45 → 2.39']);
    expect(within(change).getByRole('checkbox')).toBeChecked();

    const remove = group(dialog, 'Remove \\(2\\)');
    expect(checkboxNames(remove)).toEqual(['GIMP 2.10', 'Htop 3.3']);
    for (const box of within(remove).getAllByRole('checkbox')) expect(box).not.toBeChecked();
    expect(remove).toHaveAccessibleDescription(
      /None is ticked: tick each one you want removed\. Removing an app takes only its own package; if the package manager would take anything else, the machine refuses and says so\./,
    );

    const cannot = within(dialog).getByRole('region', { name: 'Cannot go back (1)' });
    expect(within(cannot).getByText('Firefox')).toBeInTheDocument();
    expect(within(cannot).getByText(/129\.0 → 128\.0/)).toBeInTheDocument();
    expect(within(cannot).getByText(/Snap chooses a channel or a revision/)).toBeInTheDocument();
    expect(within(cannot).queryByRole('checkbox')).not.toBeInTheDocument();
    // Firefox is offered nowhere else either.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(5);

    expect(within(dialog).getByRole('button', { name: 'Roll back 3 apps' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    // Cancel starts nothing and gives the focus back to the button that opened the dialog.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Roll back to this: generation 3' })).toHaveFocus());
    expect(api.callsTo('POST', ROLLBACK)).toHaveLength(0);
  });

  it('sends exactly the apps ticked, and links to what it started', async () => {
    const api = serve({
      [`POST ${PREVIEW}`]: { status: 200, data: fullPlan },
      [`POST ${ROLLBACK}`]: { status: 200, data: { installationIds: ['inst-20', 'inst-21'] } },
    });
    const dialog = await openRollback();
    await within(dialog).findByRole('group', { name: /^Remove/ });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Visual Studio Code, newest version' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'GIMP 2.10' }));
    const confirm = within(dialog).getByRole('button', { name: 'Roll back 3 apps' });
    expect(api.callsTo('POST', ROLLBACK)).toHaveLength(0);
    fireEvent.click(confirm);

    await waitFor(() => expect(api.callsTo('POST', ROLLBACK)).toHaveLength(1));
    const [call] = api.callsTo('POST', ROLLBACK);
    expect((call?.body as { appIds: number[] }).appIds.toSorted((a, b) => a - b)).toEqual([2, 4, 5]);
    expect(await screen.findByText('Rolling Build box back to generation 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the installations' })).toHaveAttribute('href', '/installations');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Roll back to generation 3' })).not.toBeInTheDocument());
  });

  it('cannot confirm with nothing ticked', async () => {
    serve({
      [`POST ${PREVIEW}`]: { status: 200, data: plan([makeRollbackStep({ appId: 5, name: 'GIMP', action: 'remove', from: '2.10' })]) },
    });
    const dialog = await openRollback();
    const removal = await within(dialog).findByRole('checkbox', { name: 'GIMP 2.10' });
    expect(within(dialog).getByRole('button', { name: 'Roll back 0 apps' })).toBeDisabled();
    fireEvent.click(removal);
    expect(within(dialog).getByRole('button', { name: 'Roll back 1 app' })).toBeEnabled();
  });

  it('says so when the plan changed, and shows the new plan with its own ticks', async () => {
    let previews = 0;
    const api = serve({
      [`POST ${PREVIEW}`]: () => {
        previews += 1;
        return {
          status: 200,
          data:
            previews === 1
              ? plan([
                  makeRollbackStep({ appId: 2, name: 'VLC', action: 'install', to: '3.0.21' }),
                  makeRollbackStep({ appId: 4, name: 'Git', action: 'change', from: '2.45', to: '2.39' }),
                ])
              : plan([
                  makeRollbackStep({ appId: 2, name: 'VLC', action: 'remove', from: '3.0.22' }),
                  makeRollbackStep({ appId: 4, name: 'Git', action: 'change', from: '2.45', to: '2.39' }),
                ]),
        };
      },
      [`POST ${ROLLBACK}`]: {
        status: 409,
        data: { code: ErrorCode.ROLLBACK_NOT_OFFERED, message: 'Only the steps the rollback plan offers can run: look at the plan again' },
      },
    });
    const dialog = await openRollback();
    // The person keeps VLC's install and leaves Git as it is.
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Git 2.45 → 2.39' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Roll back 1 app' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was rolled back');
    expect(alert).toHaveTextContent('Only the steps the rollback plan offers can run: look at the plan again');
    // The new plan's ticks are its own: VLC, ticked to be installed, now goes and is not ticked.
    const removal = await within(dialog).findByRole('checkbox', { name: 'VLC 3.0.22' });
    expect(removal).not.toBeChecked();
    expect(api.callsTo('POST', PREVIEW)).toHaveLength(2);
    expect(within(dialog).getByRole('checkbox', { name: 'Git 2.45 → 2.39' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Roll back 1 app' })).toBeEnabled();
    expect(api.callsTo('POST', ROLLBACK).map((call) => call.body)).toEqual([{ appIds: [2] }]);
    expect(screen.queryByText(/Rolling Build box back/)).not.toBeInTheDocument();
  });

  it('says when the machine already has what the generation had', async () => {
    serve({ [`POST ${PREVIEW}`]: { status: 200, data: plan([]) } });
    const dialog = await openRollback();
    expect(await within(dialog).findByText('This machine already has what generation 3 had.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Roll back' })).toBeDisabled();
  });
});
