// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Notification } from '@shared/api/notifications';

import { planStatus } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const failed: Notification = {
  id: 'n2',
  kind: 'installation_failed',
  title: 'Installation failed on Build server',
  body: 'Cowsay: E: Unable to locate package cowsay',
  link: '/installations/i1',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  readAt: null,
};
const update: Notification = {
  id: 'n1',
  kind: 'updates_available',
  title: 'Update available on Build server',
  body: 'Hello: 2.10-2 → 2.10-3',
  link: '/devices/dev_abcdefabcdef',
  createdAt: new Date(Date.now() - 60 * 60_000).toISOString(),
  readAt: new Date(Date.now() - 30 * 60_000).toISOString(),
};

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(cleanup);

describe('navbar notification bell', () => {
  it('shows Premium the unread count and the notifications, newest first; Mark all as read clears the count', async () => {
    let items = [failed, update];
    const api = mockApi({
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/notifications': () => ({
        status: 200,
        data: { notifications: items, unreadCount: items.filter((item) => !item.readAt).length },
      }),
      'POST /api/notifications/read': () => {
        items = items.map((item) => ({ ...item, readAt: item.readAt ?? new Date().toISOString() }));
        return { status: 200, data: { unreadCount: 0 } };
      },
    });
    renderApp('/app-list');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(within(bell.parentElement as HTMLElement).getByText('1')).toBeInTheDocument();
    fireEvent.click(bell);

    const centre = await screen.findByRole('dialog', { name: 'Notifications' });
    const entries = within(centre).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Installation failed on Build server (unread)');
    expect(entries[0]).toHaveTextContent('Cowsay: E: Unable to locate package cowsay');
    expect(entries[0]).toHaveTextContent('5m ago');
    expect(entries[1]).toHaveTextContent('Update available on Build server');
    expect(entries[1]).not.toHaveTextContent('(unread)');

    fireEvent.click(within(centre).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/notifications/read')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/notifications/read')[0]?.body).toEqual({});
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('says what will appear when there is nothing yet', async () => {
    mockApi({
      'GET /api/subscription/status': { status: 200, data: planStatus('annual-premium') },
      'GET /api/notifications': { status: 200, data: { notifications: [], unreadCount: 0 } },
    });
    renderApp('/app-list');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const centre = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(centre).getByText(/No notifications yet\. Failed installations and new updates/)).toBeInTheDocument();
    expect(within(centre).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('opens a notification’s page and marks that one read', async () => {
    const api = mockApi({
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/notifications': { status: 200, data: { notifications: [failed], unreadCount: 1 } },
      'POST /api/notifications/read': { status: 200, data: { unreadCount: 0 } },
    });
    const { currentPath } = renderApp('/app-list');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const centre = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(within(centre).getByRole('button', { name: /Installation failed on Build server/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/notifications/read')[0]?.body).toEqual({ ids: ['n2'] }));
    await waitFor(() => expect(currentPath()).toBe('/installations/i1'));
  });

  it('is not there on Free, which never asks for notifications', async () => {
    const api = mockApi({
      'GET /api/subscription/status': { status: 200, data: planStatus('free') },
    });
    renderApp('/app-list');
    await waitFor(() => expect(api.callsTo('GET', '/api/subscription/status').length).toBeGreaterThan(0));
    await screen.findByRole('button', { name: 'Account' });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(api.callsTo('GET', '/api/notifications')).toHaveLength(0);
  });
});
