// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { SharedList } from '@shared/api/shared-lists';

import { devicesResponse, makeApp, makeDevice, makeList, planStatus } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const SHARE_ID = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const shared: SharedList = {
  shareId: SHARE_ID,
  visibility: 'public',
  name: 'Terminal toys',
  description: 'What I install first',
  categoryId: 7,
  categoryName: 'Developer tools',
  platforms: ['windows', 'linux'],
  copyCount: 2,
  sharedAt: '2026-11-26T07:00:00.000Z',
  apps: [
    {
      ...makeApp({
        app_id: 1,
        name: 'Ripgrep',
        platforms: ['windows', 'linux'],
        winget_id: 'BurntSushi.ripgrep.MSVC',
        apt_package: 'ripgrep',
      }),
      own_app: false,
      pinnedVersion: '14.1.1',
    },
    { ...makeApp({ app_id: 2, name: 'Tmux', platforms: ['linux'], apt_package: 'tmux' }), own_app: true, pinnedVersion: null },
  ],
};
const machine = makeDevice({ device_id: 'dev_buildbox0001', device_name: 'Build box', platform: 'linux' });

beforeEach(() => {
  localStorage.clear();
});
afterEach(cleanup);

describe('a shared list’s page', () => {
  it('shows a signed-out visitor the apps and platforms, and leads to sign-in and back to copy it', async () => {
    mockApi({ 'GET /api/shared-lists/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb': { status: 200, data: shared } });
    renderApp(`/shared/${SHARE_ID}`);
    expect(await screen.findByRole('heading', { name: 'Terminal toys', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('What I install first')).toBeInTheDocument();
    expect(screen.getByText('A shared list · Developer tools · copied 2 times')).toBeInTheDocument();
    expect(screen.getByText('Windows: 1 of 2 apps')).toBeInTheDocument();
    expect(screen.getByText('macOS: 0 of 2 apps')).toBeInTheDocument();
    expect(screen.getByText('Linux: 2 of 2 apps')).toBeInTheDocument();
    const apps = screen.getByRole('list', { name: 'Apps in this list' });
    expect(
      within(apps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Ripgrep'), expect.stringContaining('Tmux')]);
    // What each app installs, exactly: its package per manager, its pin, and whose app it is.
    const ripgrep = within(apps).getAllByRole('listitem')[0]!;
    expect(within(ripgrep).getByLabelText('Packages: winget id BurntSushi.ripgrep.MSVC, apt package ripgrep')).toBeInTheDocument();
    expect(within(ripgrep).getByText('pinned at 14.1.1')).toBeInTheDocument();
    const tmux = within(apps).getAllByRole('listitem')[1]!;
    expect(within(tmux).getByText('Not in the catalogue')).toBeInTheDocument();
    expect(within(tmux).getByLabelText('Packages: apt package tmux')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Copy to my lists' })).toHaveAttribute(
      'href',
      `/sign-in?redirect=${encodeURIComponent(`/shared/${SHARE_ID}`)}`,
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/sign-up?redirect=${encodeURIComponent(`/shared/${SHARE_ID}`)}`,
    );
    expect(screen.queryByRole('button', { name: 'Install on my devices' })).not.toBeInTheDocument();
  });

  it('says so when the link names no shared list', async () => {
    mockApi({
      'GET /api/shared-lists/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb': {
        status: 404,
        data: { code: 'SHARED_LIST_NOT_FOUND', message: 'This list is not shared, or the link is wrong.' },
      },
    });
    renderApp(`/shared/${SHARE_ID}`);
    expect(await screen.findByRole('heading', { name: 'This list is not shared', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the gallery' })).toHaveAttribute('href', '/gallery');
  });

  it('copies it for a signed-in user and opens the copy in their lists; a plan limit is explained', async () => {
    signIn();
    let refuse = false;
    const api = mockApi({
      'GET /api/shared-lists/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb': { status: 200, data: shared },
      'GET /api/devices': { status: 200, data: devicesResponse([machine]) },
      'GET /api/lists': { status: 200, data: [makeList({ id: 'copy-1', name: 'Terminal toys', appCount: 2 })] },
      'GET /api/subscription/status': { status: 200, data: planStatus('free') },
      'POST /api/shared-lists/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/copy': () =>
        refuse
          ? {
              status: 403,
              data: { code: 'LIST_LIMIT_REACHED', message: 'Your Free plan includes 1 app list. Upgrade to Premium for unlimited lists.' },
            }
          : { status: 201, data: { ...makeList({ id: 'copy-1', name: 'Terminal toys', appCount: 2 }), apps: [] } },
    });
    const app = renderApp(`/shared/${SHARE_ID}`);
    await screen.findByRole('heading', { name: 'Terminal toys', level: 1 });
    // A machine that can install: the second way in.
    expect(await screen.findByRole('button', { name: 'Install on my devices' })).toBeInTheDocument();

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Copy to my lists' }));
    expect(await screen.findByText('Your Free plan includes 1 app list. Upgrade to Premium for unlimited lists.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing-page');

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Copy to my lists' }));
    await waitFor(() => expect(app.currentPath()).toBe('/app-list?list=copy-1'));
    expect(api.callsTo('POST', `/api/shared-lists/${SHARE_ID}/copy`)).toHaveLength(2);
  });
});
