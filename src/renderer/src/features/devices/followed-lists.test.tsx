// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { devicesResponse, makeDevice } from '../../test/factories';
import { renderApp, signIn } from '../../test/render-app';
import { clearToasts, mockDevicesServer } from './devices-test-kit';

const box = makeDevice({ device_id: 'dev_buildbox0001', device_name: 'Build box', platform: 'linux', agent_version: '0.1.0' });

function serve(lists: { listId: string; listName: string; uninstallRemoved: boolean }[]) {
  return mockDevicesServer({
    'GET /api/devices': { status: 200, data: devicesResponse([box]) },
    'GET /api/installations': { status: 200, data: { installations: [] } },
    'GET /api/devices/dev_buildbox0001/inventory': { status: 200, data: { checkedAt: null, apps: [] } },
    'GET /api/devices/dev_buildbox0001/followed-lists': { status: 200, data: { lists } },
  });
}

/** The "Keeps in sync with" fact of the device page. */
async function syncFact() {
  renderApp('/devices/dev_buildbox0001');
  const label = await screen.findByText('Keeps in sync with');
  return label.parentElement as HTMLElement;
}

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signIn();
});
afterEach(cleanup);

describe('the lists a machine keeps in sync with, on its page', () => {
  it('names each list, linked, and says where removals are uninstalled too', async () => {
    const api = serve([
      { listId: 'l1', listName: 'Terminal toys', uninstallRemoved: true },
      { listId: 'l2', listName: 'Workstation', uninstallRemoved: false },
    ]);
    const fact = await syncFact();
    expect(await within(fact).findByRole('link', { name: 'Terminal toys' })).toHaveAttribute('href', '/app-list?list=l1');
    expect(within(fact).getByRole('link', { name: 'Workstation' })).toHaveAttribute('href', '/app-list?list=l2');
    expect(fact.textContent).toBe('Keeps in sync withTerminal toys (removals uninstalled too), Workstation');
    expect(api.callsTo('GET', '/api/devices/dev_buildbox0001/followed-lists')).toHaveLength(1);
  });

  it('says how to start when the machine follows no list', async () => {
    serve([]);
    const fact = await syncFact();
    expect(await within(fact).findByText("No list. Choose Keep in sync in a list's menu.")).toBeInTheDocument();
  });
});
