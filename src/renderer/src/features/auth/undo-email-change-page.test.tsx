// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';

import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const UNDONE =
  'Your email address is back to ada@example.com. Every session was signed out and the password cleared: choose a new one to sign in.';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

describe('the undo-email-change screen', () => {
  it('puts the address back once, signed out, and offers a new password', async () => {
    // The server answers once the pending state has been seen, not before.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const api = mockApi({
      'POST /api/auth/undo-email-change': async () => {
        await answered;
        return { status: 200, data: { success: true, email: 'ada@example.com' } };
      },
    });
    const app = renderApp('/undo-email-change?token=undo-1');
    expect(await screen.findByText('Restoring your email address…')).toBeInTheDocument();
    answer();
    expect(await screen.findByText(UNDONE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a New Password' })).toHaveAttribute('href', '/password-reset?email=ada%40example.com');
    expect(api.callsTo('POST', '/api/auth/undo-email-change')).toEqual([expect.objectContaining({ body: { token: 'undo-1' } })]);
    expect(app.currentPath()).toBe('/undo-email-change?token=undo-1');
  });

  it('forgets this browser’s session, whose tokens the server revoked, and stays on the page', async () => {
    signIn();
    const api = mockApi({ 'POST /api/auth/undo-email-change': { status: 200, data: { success: true, email: 'ada@example.com' } } });
    const app = renderApp('/undo-email-change?token=undo-1');
    expect(await screen.findByText(UNDONE)).toBeInTheDocument();
    expect([localStorage.getItem('token'), localStorage.getItem('refreshToken'), localStorage.getItem('user')]).toEqual([null, null, null]);
    // The navbar follows: signed out, nobody to log out.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Lists' })).not.toBeInTheDocument());
    expect(app.currentPath()).toBe('/undo-email-change?token=undo-1');
    expect(api.callsTo('POST', '/api/auth/undo-email-change')).toHaveLength(1);
  });

  it('shows the server’s words for a spent or expired link and keeps the session', async () => {
    signIn();
    mockApi({
      'POST /api/auth/undo-email-change': {
        status: 400,
        data: {
          code: ErrorCode.EMAIL_TOKEN_EXPIRED,
          message: 'This link has expired. Reset your password and contact us if your account was taken over.',
        },
      },
    });
    renderApp('/undo-email-change?token=old');
    expect(
      await screen.findByText('This link has expired. Reset your password and contact us if your account was taken over.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Loadout' })).toHaveAttribute('href', '/app-list');
    expect(localStorage.getItem('token')).toBe('access-1');
  });

  it('says so when the link has no token, without calling the server', async () => {
    const api = mockApi({});
    renderApp('/undo-email-change');
    expect(await screen.findByText('This link is incomplete. Open it again from the email we sent you.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
    expect(api.callsTo('POST', '/api/auth/undo-email-change')).toHaveLength(0);
  });
});
