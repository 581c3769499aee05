// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';
import type { PreviewResponse } from '@shared/api/installations';

import {
  devicesResponse,
  makeApp,
  makeDevice,
  makeInstallation,
  makeInstallationItem,
  makeInstallationTarget,
  makeList,
  makeListItem,
  planStatus,
} from '../../test/factories';
import { mockApi, type MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';
import { checkedAgo } from './install-preview-modal';

const hello = makeApp({ app_id: 21, name: 'hello', apt_package: 'hello', platforms: ['linux'] });
const cowsay = makeApp({ app_id: 22, name: 'cowsay', apt_package: 'cowsay', platforms: ['linux'] });
const paint = makeApp({ app_id: 23, name: 'Paint.NET', winget_id: 'dotPDN.PaintDotNet', platforms: ['windows'] });
const list = makeList({ id: 'l1', name: 'Terminal toys', appCount: 3 });
const devices = [
  makeDevice({ device_id: 'dev_build00000001', device_name: 'Build box', platform: 'linux' }),
  makeDevice({ device_id: 'dev_studio0000001', device_name: 'Studio PC', platform: 'windows' }),
];

const preview: PreviewResponse = {
  devices: [
    {
      deviceId: 'dev_build00000001',
      deviceName: 'Build box',
      platform: 'linux',
      inventoryCheckedAt: new Date(Date.now() - 10 * 60_000).toISOString(),
      items: [
        { appId: 21, name: 'hello', action: 'install', manager: 'apt', packageId: 'hello', installedVersion: null, reason: null },
        {
          appId: 22,
          name: 'cowsay',
          action: 'already_installed',
          manager: 'apt',
          packageId: 'cowsay',
          installedVersion: '3.03+dfsg2-8',
          reason: null,
        },
        {
          appId: 23,
          name: 'Paint.NET',
          action: 'unavailable',
          manager: null,
          packageId: null,
          installedVersion: null,
          reason: 'Not available on Linux',
        },
      ],
    },
  ],
};

const created = makeInstallation({
  id: 'inst-42',
  listName: 'Terminal toys',
  status: 'waiting',
  targets: [
    makeInstallationTarget({
      deviceId: 'dev_build00000001',
      deviceName: 'Build box',
      status: 'waiting',
      items: [makeInstallationItem({ itemId: 'i1', appId: 21, name: 'hello' })],
    }),
  ],
});

function routes(extra: MockRoutes = {}) {
  return mockApi({
    'GET /api/lists': { status: 200, data: [list] },
    'GET /api/lists/l1/items': { status: 200, data: { items: [makeListItem(hello, 0), makeListItem(cowsay, 1), makeListItem(paint, 2)] } },
    'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
    'GET /api/devices': { status: 200, data: devicesResponse(devices) },
    'POST /api/installations/preview': { status: 200, data: preview },
    'GET /api/installations/inst-42': { status: 200, data: created },
    ...extra,
  });
}

async function openPreview() {
  const view = renderApp('/app-list');
  const card = await screen.findByRole('region', { name: 'Terminal toys' });
  fireEvent.click(await within(card).findByRole('button', { name: 'Install' }));
  const select = await screen.findByRole('dialog', { name: 'Select Installation Device' });
  fireEvent.click(await within(select).findByRole('checkbox', { name: /Build box/ }));
  fireEvent.click(within(select).getByRole('button', { name: 'Install to Build box' }));
  const review = await screen.findByRole('dialog', { name: 'Review Installation' });
  return { view, review };
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(cleanup);

describe('installing a list: the preview step', () => {
  it('shows per device what will install, what is already there (with its version) and what is not available, and why', async () => {
    const api = routes();
    const { review } = await openPreview();
    const box = await within(review).findByRole('region', { name: 'Build box' });
    expect(within(box).getByText('Will be installed with apt')).toBeInTheDocument();
    // The exact package, beside each app that has one there.
    expect(
      within(within(box).getByText('hello', { selector: 'p' }).parentElement!).getByText('hello', { selector: 'code' }),
    ).toBeInTheDocument();
    expect(within(box).getByText('Already installed (3.03+dfsg2-8)')).toBeInTheDocument();
    expect(within(box).getByText('Not available on Linux')).toBeInTheDocument();
    expect(within(box).getByText('1 to install')).toBeInTheDocument();
    // When the inventory was taken, beside each "already installed", and that the agent looks again.
    expect(within(box).getByText('Already installed (3.03+dfsg2-8)')).toHaveTextContent(
      /^Already installed \(3\.03\+dfsg2-8\) · checked 10 minutes ago$/,
    );
    expect(within(box).getByText(/Installed apps checked 10 minutes ago\. The agent checks again before installing/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/installations/preview')[0]?.body).toEqual({ listId: 'l1', deviceIds: ['dev_build00000001'] });
    // Nothing was created by looking.
    expect(api.callsTo('POST', '/api/installations')).toHaveLength(0);
  });

  it('confirming creates the installation with an Idempotency-Key and opens its page', async () => {
    const api = routes({ 'POST /api/installations': { status: 201, data: created } });
    const { view, review } = await openPreview();
    await within(review).findByText('Will be installed with apt');
    fireEvent.click(within(review).getByRole('button', { name: 'Install to Build box' }));
    await waitFor(() => expect(view.currentPath()).toBe('/installations/inst-42'));
    const [call] = api.callsTo('POST', '/api/installations');
    expect(call?.body).toEqual({ listId: 'l1', deviceIds: ['dev_build00000001'], kind: 'install' });
    expect(call?.headers['idempotency-key']).toMatch(/^install-[0-9a-f]{32}$/);
    expect(await screen.findByRole('heading', { name: 'Terminal toys' })).toBeInTheDocument();
  });

  it('installs at each machine’s next start when asked, with the deadline chosen', async () => {
    const api = routes({ 'POST /api/installations': { status: 201, data: created } });
    const { view, review } = await openPreview();
    await within(review).findByText('Will be installed with apt');
    expect(within(review).getByText('Machines that are off install when they next connect.')).toBeInTheDocument();
    const when = within(review)
      .getAllByLabelText('When')
      .find((element): element is HTMLInputElement => element instanceof HTMLInputElement)!;
    fireEvent.click(when);
    fireEvent.click(await screen.findByRole('option', { name: 'At its next start, within 3 days' }));
    expect(within(review).getByText(/Not now, even on a machine that is on: when it next starts or connects/)).toBeInTheDocument();
    const before = Date.now();
    fireEvent.click(within(review).getByRole('button', { name: 'Install to Build box' }));
    await waitFor(() => expect(view.currentPath()).toBe('/installations/inst-42'));
    const body = api.callsTo('POST', '/api/installations')[0]?.body as { atNextStart: { deadline: string } };
    expect(body).toMatchObject({ listId: 'l1', deviceIds: ['dev_build00000001'], kind: 'install' });
    const ahead = Date.parse(body.atNextStart.deadline) - before;
    expect(ahead).toBeGreaterThanOrEqual(3 * 86_400_000);
    expect(ahead).toBeLessThan(3 * 86_400_000 + 60_000);
  });

  it('sends the same key when the confirmation is repeated after a failure', async () => {
    const api = routes({ 'POST /api/installations': { status: 500, data: { code: ErrorCode.INTERNAL_ERROR, message: 'x' } } });
    const { review } = await openPreview();
    await within(review).findByText('Will be installed with apt');
    const install = within(review).getByRole('button', { name: 'Install to Build box' });
    fireEvent.click(install);
    await waitFor(() => expect(api.callsTo('POST', '/api/installations')).toHaveLength(1));
    await waitFor(() => expect(install).not.toHaveAttribute('data-loading'));
    fireEvent.click(install);
    await waitFor(() => expect(api.callsTo('POST', '/api/installations')).toHaveLength(2));
    const [first, second] = api.callsTo('POST', '/api/installations');
    expect(first?.headers['idempotency-key']).toBe(second?.headers['idempotency-key']);
  });

  it('goes back to the device choice, which is kept', async () => {
    routes();
    const { review } = await openPreview();
    fireEvent.click(within(review).getByRole('button', { name: 'Back' }));
    const select = await screen.findByRole('dialog', { name: 'Select Installation Device' });
    expect(await within(select).findByRole('checkbox', { name: /Build box/ })).toBeChecked();
  });
});

describe('how old the inventory is, in words', () => {
  it('says just now only within the first minute, then minutes, hours and days', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
    expect(checkedAgo(at(0.5), now)).toBe('checked just now');
    expect(checkedAgo(at(1), now)).toBe('checked 1 minute ago');
    expect(checkedAgo(at(3), now)).toBe('checked 3 minutes ago');
    expect(checkedAgo(at(125), now)).toBe('checked 2 hours ago');
    expect(checkedAgo(at(3 * 1440), now)).toBe('checked 3 days ago');
  });
});
