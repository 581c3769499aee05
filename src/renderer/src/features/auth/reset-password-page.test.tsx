// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { PASSWORD_MESSAGES } from '@shared/api/common';
import { ErrorCode } from '@shared/api/error-codes';

import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input' });
}

function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

async function choose(password: string, confirmation = password) {
  await screen.findByRole('heading', { name: 'Choose a New Password' });
  type('New password', password);
  type('Confirm password', confirmation);
  fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the reset-password screen', () => {
  it('holds the length limits on the field before sending', async () => {
    const api = mockApi({});
    renderApp('/reset-password?token=t1');
    await choose('short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(field('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('New password')).toHaveFocus();

    type('New password', 'y'.repeat(129));
    type('Confirm password', 'y'.repeat(129));
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at most 128 characters')).toBeInTheDocument();

    type('Confirm password', 'something else');
    type('New password', 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(field('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/auth/reset-password')).toHaveLength(0);
  });

  it('shows the server’s verdict on the new password under that field', async () => {
    const api = mockApi({
      'POST /api/auth/reset-password': {
        status: 400,
        data: {
          code: ErrorCode.VALIDATION_ERROR,
          message: PASSWORD_MESSAGES.personal,
          details: { newPassword: PASSWORD_MESSAGES.personal },
        },
      },
    });
    renderApp('/reset-password?token=t1');
    await choose('lovelace forever');
    await waitFor(() => expect(field('New password')).toHaveAttribute('aria-invalid', 'true'));
    expect(field('New password')).toHaveAccessibleDescription(expect.stringContaining(PASSWORD_MESSAGES.personal));
    // A refused password is not a broken link.
    expect(screen.queryByRole('link', { name: 'Request a new link' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/reset-password')[0]?.body).toEqual({ token: 't1', newPassword: 'lovelace forever' });
  });

  it('offers a new link when the token is spent', async () => {
    mockApi({
      'POST /api/auth/reset-password': {
        status: 400,
        data: { code: ErrorCode.EMAIL_TOKEN_INVALID, message: 'This reset link is invalid or has already been used.' },
      },
    });
    renderApp('/reset-password?token=t1');
    await choose('correct horse battery');
    expect(await screen.findByText('This reset link is invalid or has already been used.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/password-reset');
  });

  it('says so when the password is reset', async () => {
    mockApi({ 'POST /api/auth/reset-password': { status: 200, data: { success: true } } });
    renderApp('/reset-password?token=t1');
    await choose('correct horse battery');
    expect(await screen.findByText('Your password has been reset. You can now sign in with your new password.')).toBeInTheDocument();
  });
});

describe('the password-reset request screen', () => {
  it('prefills the address from the link', async () => {
    const api = mockApi({ 'POST /api/auth/reset-password-request': { status: 200, data: { success: true } } });
    renderApp('/password-reset?email=ada%40example.com');
    await screen.findByRole('heading', { name: 'Reset Your Password' });
    expect(field('Email').value).toBe('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('If an account exists for that address, we sent a link to reset your password.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/reset-password-request')[0]?.body).toEqual({ email: 'ada@example.com' });
  });
});
