// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { mockApi } from '../../test/mock-api';
import { renderApp, testUser } from '../../test/render-app';

const account = { ...testUser, careerField: null, dateOfBirth: null, receiveEmails: false, createdAt: '2026-01-01T00:00:00.000Z' };

/** What the sign-up page leaves behind before sending the user to Google's redirect flow. */
function startedAttempt(redirect: string | null) {
  sessionStorage.setItem('googleSignInNonce', 'nonce-1');
  if (redirect) sessionStorage.setItem('googleSignInRedirect', redirect);
}

function googleAnswers() {
  return mockApi({
    'POST /api/auth/google-login': {
      status: 200,
      data: { token: 'access', refreshToken: 'refresh', user: testUser, requiresVerification: false, tempPassword: null },
    },
    'GET /api/account': { status: 200, data: account },
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

describe('returning from Google', () => {
  it('signs in and goes to the page the attempt began for', async () => {
    startedAttempt('/settings');
    const api = googleAnswers();
    const app = renderApp('/auth/google/callback#id_token=id-1&state=nonce-1');
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/settings');
    expect(api.callsTo('POST', '/api/auth/google-login')[0]?.body).toMatchObject({ id_token: 'id-1', nonce: 'nonce-1' });
    expect(sessionStorage.getItem('googleSignInRedirect')).toBeNull();
  });

  it('goes to the lists without one, or with one that leaves the site', async () => {
    startedAttempt('//evil.invalid');
    googleAnswers();
    const app = renderApp('/auth/google/callback#id_token=id-1&state=nonce-1');
    expect(await screen.findByRole('heading', { name: 'Your Lists' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/app-list?showDeviceRegistration=1');
  });
});
