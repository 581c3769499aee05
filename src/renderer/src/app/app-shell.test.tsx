// @vitest-environment happy-dom
import '../test/dom-stubs';

import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';

import { makeList } from '../test/factories';
import { mockApi } from '../test/mock-api';
import { renderApp, signIn, testUser } from '../test/render-app';

function colorScheme(): string | null {
  return document.documentElement.getAttribute('data-mantine-color-scheme');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

describe('theme', () => {
  it('is toggled from the account menu, saved, and followed across tabs', async () => {
    signIn();
    mockApi({});
    renderApp('/app-list');
    await screen.findByRole('heading', { name: 'Your Lists' });
    expect(colorScheme()).toBe('light');

    fireEvent.click(await screen.findByRole('button', { name: 'Account' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Dark theme' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    await waitFor(() => expect(colorScheme()).toBe('dark'));

    // Another tab switches back to light.
    act(() => {
      localStorage.setItem('theme', 'light');
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'light', storageArea: localStorage }));
    });
    await waitFor(() => expect(colorScheme()).toBe('light'));
  });

  it('is forced light on the sign-in screen without forgetting the choice', async () => {
    localStorage.setItem('theme', 'dark');
    mockApi({});
    renderApp('/sign-in');
    await screen.findByRole('heading', { name: 'Sign In' });
    await waitFor(() => expect(colorScheme()).toBe('light'));
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});

describe('routes and guards', () => {
  it('sends a signed-out visitor to sign-in with a way back', async () => {
    mockApi({});
    const app = renderApp('/settings');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(app.currentPath()).toBe('/sign-in?redirect=%2Fsettings');
  });

  it('hides sign-in from a signed-in user and redirects unknown paths', async () => {
    signIn();
    mockApi({});
    const app = renderApp('/sign-in');
    await screen.findByRole('heading', { name: 'Your Lists' });
    expect(app.currentPath()).toBe('/app-list');
    app.unmount();
    const again = renderApp('/no/such/page');
    await screen.findByRole('heading', { name: 'Your Lists' });
    expect(again.currentPath()).toBe('/app-list');
  });

  it('keeps the admin console for admins', async () => {
    signIn();
    mockApi({});
    const app = renderApp('/admin-console');
    await screen.findByRole('heading', { name: 'Your Lists' });
    expect(app.currentPath()).toBe('/app-list');
    app.unmount();
    signIn({ ...testUser, isAdmin: true });
    renderApp('/admin-console');
    expect(await screen.findByRole('heading', { name: 'Admin Console' })).toBeInTheDocument();
  });

  it('lets navigation proceed when the background device check fails with 404', async () => {
    signIn();
    const api = mockApi({});
    const app = renderApp('/devices');
    expect(await screen.findByRole('heading', { name: 'Device Management' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/devices')).not.toHaveLength(0));
    expect(app.currentPath()).toBe('/devices');
  });

  it('signs out when the background device check says the session is gone', async () => {
    signIn();
    mockApi({
      'GET /api/devices': { status: 401, data: { code: ErrorCode.TOKEN_EXPIRED, message: 'expired' } },
      'POST /api/auth/refresh': { status: 401, data: { code: ErrorCode.REFRESH_TOKEN_INVALID, message: 'invalid' } },
    });
    renderApp('/devices');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('follows a logout in another tab', async () => {
    signIn();
    mockApi({});
    renderApp('/app-list');
    await screen.findByRole('heading', { name: 'Your Lists' });
    act(() => {
      localStorage.removeItem('token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'access-1', newValue: null, storageArea: localStorage }));
    });
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows "No lists" when the lists API is not there', async () => {
    signIn();
    mockApi({});
    renderApp('/app-list');
    fireEvent.click(await screen.findByRole('button', { name: 'Lists' }));
    expect(await screen.findByText('No lists')).toBeInTheDocument();
  });
});

describe('navigation', () => {
  it('links the top-level pages and marks the current one', async () => {
    signIn();
    mockApi({});
    const app = renderApp('/installations');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const current = await within(nav).findByRole('link', { name: 'Installations' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Devices' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Update history' })).toHaveAttribute('href', '/history');

    fireEvent.click(within(nav).getByRole('link', { name: 'Catalogue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogue' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/app-catalogue');
    expect(within(nav).getByRole('link', { name: 'Catalogue' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers the same pages and the lists in the phone menu, which closes on the way', async () => {
    signIn();
    mockApi({ 'GET /api/lists': { status: 200, data: [makeList({ id: 'l1', name: 'Work laptop' })] } });
    // happy-dom applies Mantine's breakpoints: a phone's width hides the header's links and shows the burger.
    (window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }).happyDOM.setViewport({
      width: 390,
      height: 844,
    });
    const app = renderApp('/devices');
    await screen.findByRole('heading', { name: 'Device Management' });
    expect(screen.queryByRole('link', { name: 'Installations' })).not.toBeInTheDocument();
    const burger = screen.getByRole('button', { name: 'Menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(burger);

    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(await within(menu).findByRole('link', { name: 'Work laptop' }));
    await waitFor(() => expect(app.currentPath()).toBe('/app-list?list=l1'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    (window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }).happyDOM.setViewport({
      width: 1024,
      height: 768,
    });
  });
});
