// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';

import { mockApi } from '../../test/mock-api';
import { renderApp, signIn, testUser } from '../../test/render-app';
import { account, clearToasts, input, saved, type } from './settings-test-kit';

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signIn();
});
afterEach(cleanup);

describe('the settings screen', () => {
  it('refuses mismatched new passwords without sending anything', async () => {
    const api = mockApi({ 'GET /api/account': { status: 200, data: account } });
    renderApp('/settings');
    expect(await screen.findByDisplayValue('ada@example.com')).toBeInTheDocument();

    type('Current password', 'old password 1');
    type('New password', 'new password 1');
    type('Confirm new password', 'new password 2');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/account')).toHaveLength(0);
  });

  it('requires the last name as sign-up does, in its words, and shows the date of birth read-only', async () => {
    const api = mockApi({ 'GET /api/account': { status: 200, data: account } });
    renderApp('/settings');
    await screen.findByDisplayValue('ada@example.com');
    expect(input('Last name')).toBeRequired();
    const born = input('Date of birth');
    expect(born).toHaveValue(new Date('1990-12-10T00:00:00Z').toLocaleDateString(undefined, { dateStyle: 'long', timeZone: 'UTC' }));
    expect(born).toHaveAttribute('readonly');
    expect(screen.getByText('As given when you signed up. It cannot be changed here.')).toBeInTheDocument();

    type('Last name', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('First and last name are required')).toBeInTheDocument();
    expect(input('Last name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', '/api/account')).toHaveLength(0);
  });

  it('says so when the account has no date of birth (an account made with a third-party sign-in)', async () => {
    mockApi({ 'GET /api/account': { status: 200, data: { ...account, dateOfBirth: null } } });
    renderApp('/settings');
    await screen.findByDisplayValue('ada@example.com');
    expect(input('Date of birth')).toHaveValue('Not given');
  });

  it('asks for the current password before changing it', async () => {
    const api = mockApi({ 'GET /api/account': { status: 200, data: account } });
    renderApp('/settings');
    await screen.findByDisplayValue('ada@example.com');

    type('New password', 'new password 1');
    type('Confirm new password', 'new password 1');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Current password is required to change password')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/account')).toHaveLength(0);
  });

  it('saves a new password and says both things changed', async () => {
    const api = mockApi({
      'GET /api/account': { status: 200, data: account },
      'PUT /api/account': saved({ passwordChanged: true, user: { ...testUser, firstName: 'Augusta' } }),
    });
    renderApp('/settings');
    await screen.findByDisplayValue('ada@example.com');
    expect(screen.getByText('Not Verified')).toBeInTheDocument();

    type('First name', 'Augusta');
    type('Current password', 'old password 1');
    type('New password', 'new password 1');
    type('Confirm new password', 'new password 1');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Account details updated successfully')).toBeInTheDocument();
    expect(await screen.findByText('Password updated successfully!')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/account')[0]?.body).toEqual({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      currentPassword: 'old password 1',
      newPassword: 'new password 1',
    });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ firstName: 'Augusta' });
  });

  it('shows a wrong current password on its field and stays signed in', async () => {
    mockApi({
      'GET /api/account': { status: 200, data: account },
      'PUT /api/account': { status: 403, data: { code: ErrorCode.INVALID_CURRENT_PASSWORD, message: 'Current password is incorrect' } },
    });
    const app = renderApp('/settings');
    await screen.findByDisplayValue('ada@example.com');
    type('Current password', 'wrong password');
    type('New password', 'new password 1');
    type('Confirm new password', 'new password 1');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    await waitFor(() => expect(input('Current password')).toHaveFocus());
    expect(input('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Current password')).toHaveAccessibleDescription(expect.stringContaining('Current password is incorrect'));
    expect(app.currentPath()).toBe('/settings');
    expect(localStorage.getItem('token')).toBe('access-1');
  });

  it('explains a failed load and probes the diagnostic endpoint', async () => {
    mockApi({
      'GET /api/account': { status: 500, data: { code: ErrorCode.INTERNAL_ERROR, message: 'Internal error' } },
      'GET /api/account/debug': { status: 404, data: { code: ErrorCode.NOT_FOUND, message: 'Not found' } },
    });
    renderApp('/settings');
    expect(await screen.findByText('Failed to load account details')).toBeInTheDocument();
    expect(await screen.findByText('Account API routes not properly registered')).toBeInTheDocument();
  });
});
