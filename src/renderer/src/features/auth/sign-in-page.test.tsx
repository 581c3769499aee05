// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { mockApi } from '../../test/mock-api';
import { renderApp, testUser } from '../../test/render-app';

const account = { ...testUser, careerField: null, dateOfBirth: '1990-12-10', receiveEmails: false, createdAt: '2026-01-01T00:00:00.000Z' };

function signInAnswers() {
  return mockApi({
    'POST /api/auth/login': { status: 200, data: { token: 'access', refreshToken: 'refresh', user: testUser } },
    'GET /api/account': { status: 200, data: account },
  });
}

async function signInWithPassword() {
  await screen.findByRole('heading', { name: 'Sign In' });
  fireEvent.change(screen.getByLabelText('Email', { exact: false, selector: 'input' }), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password', { exact: false, selector: 'input' }), { target: { value: 'correct horse battery' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

describe('signing in with a redirect', () => {
  it('goes back to the page that asked for sign-in', async () => {
    signInAnswers();
    const app = renderApp('/sign-in?redirect=%2Fsettings%3Ftab%3D1');
    await signInWithPassword();
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/settings?tab=1');
  });

  it('lands on the lists when the redirect would leave the site', async () => {
    signInAnswers();
    const app = renderApp(`/sign-in?redirect=${encodeURIComponent('/.//evil.invalid')}`);
    await signInWithPassword();
    expect(await screen.findByRole('heading', { name: 'Your Lists' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/app-list');
  });

  it('keeps the redirect on the way to sign-up', async () => {
    mockApi({});
    renderApp('/sign-in?redirect=%2Fdevices');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up?redirect=%2Fdevices');
  });

  it('sends a user who is already signed in to the redirect too', async () => {
    localStorage.setItem('token', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    localStorage.setItem('user', JSON.stringify(testUser));
    mockApi({ 'GET /api/account': { status: 200, data: account } });
    const app = renderApp('/sign-in?redirect=%2Fsettings');
    await waitFor(() => expect(app.currentPath()).toBe('/settings'));
  });
});

describe('after being signed out', () => {
  it('says the one reason it was given', async () => {
    mockApi({});
    renderApp('/sign-in?message=session_ended');
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(screen.queryByText(/deactivated/)).toBeNull();
    cleanup();

    renderApp('/sign-in?message=device_deactivated');
    expect(await screen.findByText('Your device has been deactivated. Please sign in again.')).toBeInTheDocument();
  });

  it('says nothing for a reason it does not know', async () => {
    mockApi({});
    renderApp('/sign-in?message=constructor');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(screen.queryByText('Signed out')).toBeNull();
  });
});
