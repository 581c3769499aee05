// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Installation } from '@shared/api/installations';

import { makeInstallation, makeInstallationItem, makeInstallationTarget } from '../../test/factories';
import { mockApi, type MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const build = makeInstallationTarget({
  deviceId: 'dev_build00000001',
  deviceName: 'Build box',
  status: 'done',
  finishedAt: '2026-01-02T00:05:00.000Z',
  items: [
    makeInstallationItem({ itemId: 'b1', appId: 21, name: 'hello', status: 'succeeded', manager: 'apt', version: '2.10-3' }),
    makeInstallationItem({
      itemId: 'b2',
      appId: 22,
      name: 'cowsay',
      status: 'failed',
      manager: 'apt',
      exitCode: 100,
      message: 'Not found in the apt sources',
      hasLog: true,
    }),
    makeInstallationItem({ itemId: 'b3', appId: 23, name: 'Paint.NET', status: 'skipped', message: 'Not available on Linux' }),
  ],
});
const laptop = makeInstallationTarget({
  deviceId: 'dev_laptop0000001',
  deviceName: 'Old laptop',
  status: 'waiting',
  deviceOnline: false,
  startedAt: null,
  items: [
    makeInstallationItem({ itemId: 'l1', appId: 21, name: 'hello' }),
    makeInstallationItem({ itemId: 'l2', appId: 22, name: 'cowsay' }),
    makeInstallationItem({ itemId: 'l3', appId: 23, name: 'Paint.NET', status: 'skipped', message: 'Not available on Linux' }),
  ],
});
const expired = makeInstallationTarget({
  deviceId: 'dev_cellar0000001',
  deviceName: 'Cellar server',
  status: 'expired',
  deviceOnline: false,
  reason: 'No agent took this job within 7 days',
  items: [
    makeInstallationItem({ itemId: 'c1', appId: 21, name: 'hello', status: 'cancelled', message: 'No agent took this job within 7 days' }),
  ],
});
const installation = makeInstallation({ id: 'inst-1', listName: 'Terminal toys', status: 'running', targets: [build, laptop, expired] });

function open(routes: MockRoutes = {}, data: Installation = installation) {
  const api = mockApi({ 'GET /api/installations/inst-1': { status: 200, data }, ...routes });
  renderApp('/installations/inst-1');
  return api;
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(cleanup);

describe('/installations/:id', () => {
  it('shows a device × app grid with every status in words', async () => {
    open();
    const grid = await screen.findByRole('table', { name: 'Apps on each device' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terminal toys' })).toBeInTheDocument();
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'App',
      expect.stringContaining('Build box'),
      expect.stringContaining('Old laptop'),
      expect.stringContaining('Cellar server'),
    ]);
    expect(within(headers[1]!).getByText('Finished with failures')).toBeInTheDocument();
    expect(within(headers[2]!).getByText('Waiting for device')).toBeInTheDocument();
    expect(within(headers[3]!).getByText('Expired')).toBeInTheDocument();
    expect(within(headers[3]!).getByText('No agent took this job within 7 days')).toBeInTheDocument();

    const hello = within(grid).getByRole('row', { name: /^hello/ });
    const cells = within(hello).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Installed2.10-3 with apt');
    expect(cells[1]).toHaveTextContent('Queued');
    expect(cells[2]).toHaveTextContent('Cancelled');
    const cowsay = within(grid).getByRole('row', { name: /^cowsay/ });
    expect(within(cowsay).getAllByRole('cell')[0]).toHaveTextContent('FailedNot found in the apt sources · Exit code 100');
    const paint = within(grid).getByRole('row', { name: /^Paint\.NET/ });
    expect(within(paint).getAllByRole('cell')[0]).toHaveTextContent('SkippedNot available on Linux');
  });

  it('says a running job waits for its machine, offline since when, instead of "Installing"', async () => {
    const seen = new Date();
    seen.setHours(14, 2, 0, 0);
    const away = makeInstallationTarget({
      deviceId: 'dev_build00000001',
      deviceName: 'Build box',
      status: 'running',
      deviceOnline: false,
      deviceSeenAt: seen.toISOString(),
      items: [makeInstallationItem({ itemId: 'b1', appId: 21, name: 'hello', status: 'installing' })],
    });
    open({}, makeInstallation({ id: 'inst-1', listName: 'Terminal toys', status: 'running', targets: [away] }));
    const grid = await screen.findByRole('table', { name: 'Apps on each device' });
    const header = within(grid).getAllByRole('columnheader')[1]!;
    expect(within(header).getByText('Waiting for Build box (offline since 14:02)')).toBeInTheDocument();
    expect(within(header).queryByText('Installing')).not.toBeInTheDocument();
  });

  it('shows an app waiting for the person at the machine in words, and counts it among what Cancel stops', async () => {
    const running = makeInstallationTarget({
      deviceId: 'dev_build00000001',
      deviceName: 'Build box',
      status: 'running',
      items: [
        makeInstallationItem({
          itemId: 'b1',
          appId: 21,
          name: 'Firefox',
          status: 'deferred',
          message: 'Firefox is open: the person at the machine asked to update it in 1 hour',
        }),
        makeInstallationItem({ itemId: 'b2', appId: 22, name: 'cowsay', status: 'installing' }),
      ],
    });
    open({}, makeInstallation({ id: 'inst-1', listName: 'Terminal toys', status: 'running', targets: [running] }));
    const grid = await screen.findByRole('table', { name: 'Apps on each device' });
    const firefox = within(grid).getByRole('row', { name: /^Firefox/ });
    expect(within(firefox).getAllByRole('cell')[0]).toHaveTextContent(
      'Waiting for the userFirefox is open: the person at the machine asked to update it in 1 hour',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Installation' });
    // The one waiting is stopped; the one installing right now is not.
    expect(dialog).toHaveTextContent('Stop the 1 app that has not started yet?');
  });

  it("fetches a failed app's log and exit code only when asked", async () => {
    const api = open({
      'GET /api/installations/inst-1/items/b2/log': {
        status: 200,
        data: { log: 'E: Unable to locate package cowsay', exitCode: 100, message: 'Not found in the apt sources' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show log of cowsay on Build box' }));
    const dialog = await screen.findByRole('dialog', { name: 'cowsay on Build box' });
    expect(await within(dialog).findByText('E: Unable to locate package cowsay')).toBeInTheDocument();
    expect(within(dialog).getByText(/Exit code:/).parentElement).toHaveTextContent('Exit code: 100');
    expect(api.callsTo('GET', '/api/installations/inst-1/items/b2/log')).toHaveLength(1);
    // No other log was fetched.
    expect(api.calls.filter((call) => call.url.endsWith('/log'))).toHaveLength(1);
  });

  it('cancels what has not started, after a confirmation', async () => {
    const cancelledLaptop = {
      ...laptop,
      status: 'cancelled' as const,
      items: laptop.items.map((item) => (item.status === 'queued' ? { ...item, status: 'cancelled' as const } : item)),
    };
    const after = makeInstallation({ ...installation, status: 'failed', targets: [build, cancelledLaptop, expired] });
    let cancelled = false;
    const api = mockApi({
      'GET /api/installations/inst-1': () => ({ status: 200, data: cancelled ? after : installation }),
      'POST /api/installations/inst-1/cancel': () => {
        cancelled = true;
        return { status: 200, data: after };
      },
    });
    renderApp('/installations/inst-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Installation' });
    expect(dialog).toHaveTextContent('Stop the 2 apps that have not started yet?');
    expect(api.callsTo('POST', '/api/installations/inst-1/cancel')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Installation' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/installations/inst-1/cancel')).toHaveLength(1));
    // Nothing is left to cancel: the button goes.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument());
  });

  it('retries the failed apps, after a confirmation', async () => {
    const api = open({ 'POST /api/installations/inst-1/retry': { status: 200, data: installation } });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry failed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry Failed Apps' });
    expect(dialog).toHaveTextContent('Queue the 1 failed app again');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/installations/inst-1/retry')).toHaveLength(1));
  });

  it('offers neither cancel nor retry when nothing is left to stop and nothing failed', async () => {
    const done = makeInstallation({
      id: 'inst-1',
      status: 'succeeded',
      targets: [makeInstallationTarget({ deviceId: 'dev_build00000001', status: 'done', items: [build.items[0]!] })],
    });
    open({}, done);
    await screen.findByRole('table', { name: 'Apps on each device' });
    expect(screen.getByText('Succeeded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry failed' })).not.toBeInTheDocument();
  });
});
