// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { EMAIL_CHANGE_PASSWORD_MESSAGE } from '@shared/api/account';
import { PASSWORD_MESSAGES } from '@shared/api/common';
import { ErrorCode } from '@shared/api/error-codes';

import { mockApi } from '../../test/mock-api';
import { renderApp, signIn, testUser } from '../../test/render-app';
import { account, clearToasts, input, save, saved, type } from './settings-test-kit';

async function openSettings(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/account': { status: 200, data: account }, ...routes });
  const app = renderApp('/settings');
  await screen.findByDisplayValue('ada@example.com');
  return { api, app };
}

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signIn();
});
afterEach(cleanup);

describe('changing the e-mail address in settings', () => {
  it('asks for the current password first, without sending anything', async () => {
    const { api } = await openSettings();
    type('Email', 'ada@new.example');
    save();

    expect(await screen.findByText(EMAIL_CHANGE_PASSWORD_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(input('Current password')).toHaveFocus());
    expect(input('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', '/api/account')).toHaveLength(0);
  });

  it('does not count a change of case as a new address', async () => {
    const { api } = await openSettings({ 'PUT /api/account': saved() });
    type('Email', ' ADA@example.com ');
    save();
    expect(await screen.findByText('Account details updated successfully')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/account')[0]?.body).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
  });

  it('sends the current password with the new address and waits for it to confirm', async () => {
    const { api } = await openSettings({ 'PUT /api/account': saved({ pendingEmail: 'ada@new.example' }) });
    type('Email', 'ada@new.example');
    type('Current password', 'correct horse battery');
    save();

    expect(await screen.findByText('We sent a link to ada@new.example. Your email address changes when you open it.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/account')[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@new.example',
      currentPassword: 'correct horse battery',
    });
    // The account keeps its address until the link is opened; the password field is emptied.
    await waitFor(() => expect(input('Email').value).toBe('ada@example.com'));
    expect(input('Current password').value).toBe('');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ email: testUser.email });
  });

  it('shows the server’s demand for the current password on that field', async () => {
    await openSettings({
      'PUT /api/account': {
        status: 400,
        data: {
          code: ErrorCode.CURRENT_PASSWORD_REQUIRED,
          message: EMAIL_CHANGE_PASSWORD_MESSAGE,
          details: { currentPassword: EMAIL_CHANGE_PASSWORD_MESSAGE },
        },
      },
    });
    type('Email', 'ada@new.example');
    type('Current password', 'x');
    save();
    await waitFor(() => expect(input('Current password')).toHaveAttribute('aria-invalid', 'true'));
    expect(input('Current password')).toHaveAccessibleDescription(expect.stringContaining(EMAIL_CHANGE_PASSWORD_MESSAGE));
  });
});

describe('the new-password rules in settings', () => {
  it('refuses a password with the person’s name, and one too long, before sending', async () => {
    const { api } = await openSettings();
    type('Current password', 'old password 1');
    type('New password', 'i am lovelace');
    type('Confirm new password', 'i am lovelace');
    save();
    expect(await screen.findByText(PASSWORD_MESSAGES.personal)).toBeInTheDocument();
    expect(input('New password')).toHaveAttribute('aria-invalid', 'true');

    const long = 'z'.repeat(129);
    type('New password', long);
    type('Confirm new password', long);
    save();
    expect(await screen.findByText('Password must be at most 128 characters')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/account')).toHaveLength(0);
  });

  it('shows the server’s verdict on the new password under that field', async () => {
    await openSettings({
      'PUT /api/account': {
        status: 400,
        data: { code: ErrorCode.VALIDATION_ERROR, message: PASSWORD_MESSAGES.weak, details: { newPassword: PASSWORD_MESSAGES.weak } },
      },
    });
    type('Current password', 'old password 1');
    type('New password', 'password1234');
    type('Confirm new password', 'password1234');
    save();
    await waitFor(() => expect(input('New password')).toHaveFocus());
    expect(input('New password')).toHaveAccessibleDescription(expect.stringContaining(PASSWORD_MESSAGES.weak));
    expect(screen.getAllByText(PASSWORD_MESSAGES.weak)).toHaveLength(1);
    expect(screen.queryByText('Failed to update account details')).not.toBeInTheDocument();
  });
});
