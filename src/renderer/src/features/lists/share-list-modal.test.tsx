// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { notificationsStore } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Sharing } from '@shared/api/shared-lists';

import { makeList, planStatus } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const list = makeList({ id: 'l1', name: 'Terminal toys', appCount: 2 });
const SHARE_ID = 'a'.repeat(43);
const PRIVATE: Sharing = {
  visibility: 'private',
  shareId: null,
  shareUrl: null,
  description: '',
  categoryId: null,
  copyCount: 0,
  sharedAt: null,
};

function toasts(): string[] {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((toast) => (typeof toast.message === 'string' ? toast.message : ''));
}

async function openShare() {
  renderApp('/app-list');
  const card = await screen.findByRole('region', { name: 'Terminal toys' });
  fireEvent.click(within(card).getByRole('button', { name: 'More actions for Terminal toys' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Share…' }));
  return screen.findByRole('dialog', { name: 'Share “Terminal toys”' });
}

beforeEach(() => {
  localStorage.clear();
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  signIn();
});
afterEach(cleanup);

describe('sharing a list', () => {
  it('explains the three choices, makes the list public with a description, and shows the link', async () => {
    let sharing: Sharing = PRIVATE;
    const api = mockApi({
      'GET /api/lists': { status: 200, data: [list] },
      'GET /api/subscription/status': { status: 200, data: planStatus('free') },
      'GET /catalogue/categories': { status: 200, data: [{ category_id: 7, category_name: 'Developer tools', app_count: 3 }] },
      'GET /api/lists/l1/sharing': () => ({ status: 200, data: sharing }),
      'PUT /api/lists/l1/sharing': (call) => {
        const body = call.body as { visibility: 'public'; description: string; categoryId: number | null };
        sharing = {
          ...body,
          shareId: SHARE_ID,
          shareUrl: `http://loadout.test/shared/${SHARE_ID}`,
          copyCount: 3,
          sharedAt: '2026-11-26T07:00:00.000Z',
        };
        return { status: 200, data: sharing };
      },
    });
    const dialog = await openShare();
    const privately = await within(dialog).findByRole('radio', { name: /Private/ });
    expect(privately).toBeChecked();
    expect(within(dialog).getByText('Only you can see this list.')).toBeInTheDocument();
    expect(within(dialog).getByText(/People you send the link to can see the list and copy it/)).toBeInTheDocument();
    expect(within(dialog).getByText('Anyone can find the list in the gallery, see it and copy it.')).toBeInTheDocument();
    expect(within(dialog).getByText('Your name, e-mail and devices are never shown to people who open the link.')).toBeInTheDocument();
    expect(within(dialog).getByText('No one has copied this list yet.')).toBeInTheDocument();
    // Nothing to save until something changes; a private list has no link.
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('radio', { name: /Public/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'Shell tools' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await within(dialog).findByRole('button', { name: 'Copy link' });
    expect(within(dialog).getByText(`http://loadout.test/shared/${SHARE_ID}`)).toBeInTheDocument();
    expect(within(dialog).getByText('Copied 3 times.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/lists/l1/sharing').map((call) => call.body)).toEqual([
      { visibility: 'public', description: 'Shell tools', categoryId: null },
    ]);
    await waitFor(() => expect(toasts()).toContain('“Terminal toys” is public and in the gallery.'));
  });

  it('puts a refused field under its field and keeps the dialog open', async () => {
    mockApi({
      'GET /api/lists': { status: 200, data: [list] },
      'GET /api/subscription/status': { status: 200, data: planStatus('free') },
      'GET /catalogue/categories': { status: 200, data: [] },
      'GET /api/lists/l1/sharing': { status: 200, data: PRIVATE },
      'PUT /api/lists/l1/sharing': {
        status: 400,
        data: {
          code: 'VALIDATION_ERROR',
          message: 'Description must not contain control characters',
          details: { description: 'Description must not contain control characters' },
        },
      },
    });
    const dialog = await openShare();
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Public/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Description must not contain control characters')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Share “Terminal toys”' })).toBeInTheDocument();
  });
});
