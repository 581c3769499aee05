// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { REGISTER_ACCEPTED_MESSAGE } from '@shared/api/auth';
import { PASSWORD_MESSAGES } from '@shared/api/common';
import { ErrorCode } from '@shared/api/error-codes';

import { mockApi, type MockReply } from '../../test/mock-api';
import { renderApp, testUser } from '../../test/render-app';

const account = { ...testUser, careerField: null, dateOfBirth: '1990-12-10', receiveEmails: false, createdAt: '2026-01-01T00:00:00.000Z' };

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { exact: false, selector: 'input' });
}

function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

/** Everything but the e-mail, with the terms accepted. */
function fillTheRest(password = 'correct horse battery') {
  type('Password', password);
  type('Legal first name', 'Ada');
  type('Legal last name', 'Lovelace');
  type('Date of birth', '1990-12-10');
  fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Use/ }));
}

/** POST /api/auth/register answers alike for every address (docs/security.md). */
function accepted(): MockReply<'POST /api/auth/register'> {
  return { status: 202, data: { requiresVerification: true, email: 'ada@example.com', message: REGISTER_ACCEPTED_MESSAGE } };
}

function signedIn(): MockReply<'POST /api/auth/login'> {
  return { status: 200, data: { token: 'access', refreshToken: 'refresh', user: { ...testUser, id: 'u1' } } };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

describe('the sign-up screen', () => {
  it('keeps Create Account disabled until the terms are accepted', async () => {
    mockApi({});
    renderApp('/sign-up');
    const button = await screen.findByRole('button', { name: 'Create Account' });
    expect(button).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Use/ }));
    expect(button).toBeEnabled();
  });

  it('says what is missing, in order, without calling the server', async () => {
    const api = mockApi({});
    renderApp('/sign-up');
    await screen.findByRole('heading', { name: 'Create Your Account' });
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Use/ }));
    const submit = screen.getByRole('button', { name: 'Create Account' });

    fireEvent.click(submit);
    expect(await screen.findByText('Email and password are required')).toBeInTheDocument();

    type('Email', 'ada@example.com');
    type('Password', 'correct horse battery');
    fireEvent.click(submit);
    expect(await screen.findByText('First and last name are required')).toBeInTheDocument();

    type('Legal first name', 'Ada');
    type('Legal last name', 'Lovelace');
    fireEvent.click(submit);
    expect(await screen.findByText('Date of birth is required')).toBeInTheDocument();

    expect(api.callsTo('POST', '/api/auth/register')).toHaveLength(0);
  });

  it('prefills the email from the link, then signs the new account in with its password', async () => {
    const api = mockApi({ 'POST /api/auth/register': accepted(), 'POST /api/auth/login': signedIn() });
    const app = renderApp('/sign-up?email=ada%40example.com');
    await screen.findByRole('heading', { name: 'Create Your Account' });
    expect(field('Email').value).toBe('ada@example.com');
    fillTheRest();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Your Lists' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/app-list');
    expect(localStorage.getItem('token')).toBe('access');
    expect(await screen.findByText('We sent a verification link to ada@example.com.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/register')[0]?.body).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      dateOfBirth: '1990-12-10',
      agreeToTerms: true,
      receiveEmails: false,
    });
    expect(api.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({ email: 'ada@example.com', password: 'correct horse battery' });
  });

  it('goes to the redirect of the sign-in page it came from', async () => {
    mockApi({
      'POST /api/auth/register': accepted(),
      'POST /api/auth/login': signedIn(),
      'GET /api/account': { status: 200, data: account },
    });
    const app = renderApp('/sign-up?redirect=%2Fsettings');
    await screen.findByRole('heading', { name: 'Create Your Account' });
    type('Email', 'ada@example.com');
    fillTheRest();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/settings');
  });

  it('answers an address that already has an account like any sign-up, with the ways in', async () => {
    const api = mockApi({
      'POST /api/auth/register': accepted(),
      'POST /api/auth/login': { status: 401, data: { code: ErrorCode.INVALID_CREDENTIALS, message: 'Invalid email or password' } },
    });
    const app = renderApp('/sign-up?redirect=%2Fdevices');
    await screen.findByRole('heading', { name: 'Create Your Account' });
    type('Email', 'Ada@Example.com');
    fillTheRest();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Check your inbox: we sent a link to confirm your email address.')).toBeInTheDocument();
    expect(screen.getByText(/If you already have an account with this address, you can/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/sign-in?email=ada%40example.com&redirect=%2Fdevices');
    expect(screen.getByRole('link', { name: 'reset your password' })).toHaveAttribute('href', '/password-reset?email=ada%40example.com');
    // Nothing says the address was taken, and nobody is signed in.
    expect(screen.getByRole('status')).toHaveTextContent(REGISTER_ACCEPTED_MESSAGE);
    expect(screen.getByRole('status')).toHaveFocus();
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(app.currentPath()).toBe('/sign-up?redirect=%2Fdevices');
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(1);

    // The form comes back, as filled in, for a mistyped address.
    fireEvent.click(screen.getByRole('button', { name: 'Change my details' }));
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(field('Email').value).toBe('Ada@Example.com');
  });

  it('shows the server’s verdict on the password under the password field', async () => {
    const api = mockApi({
      'POST /api/auth/register': {
        status: 400,
        data: { code: ErrorCode.VALIDATION_ERROR, message: PASSWORD_MESSAGES.weak, details: { password: PASSWORD_MESSAGES.weak } },
      },
    });
    renderApp('/sign-up');
    await screen.findByRole('heading', { name: 'Create Your Account' });
    type('Email', 'ada@example.com');
    fillTheRest('password1234');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(field('Password')).toHaveAttribute('aria-invalid', 'true'));
    expect(field('Password')).toHaveAccessibleDescription(expect.stringContaining(PASSWORD_MESSAGES.weak));
    expect(field('Password')).toHaveFocus();
    // On the field only, not again at the head of the form.
    expect(screen.getAllByText(PASSWORD_MESSAGES.weak)).toHaveLength(1);
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(0);

    // Typing a new password clears the verdict.
    type('Password', 'another horse battery');
    expect(field('Password')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a password with the person’s name or address before sending it', async () => {
    const api = mockApi({});
    renderApp('/sign-up');
    await screen.findByRole('heading', { name: 'Create Your Account' });
    type('Email', 'ada@example.com');
    fillTheRest('lovelace forever');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.personal)).toBeInTheDocument();
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');

    type('Password', 'x'.repeat(129));
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at most 128 characters')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/register')).toHaveLength(0);
  });

  it('shows the server’s reason when registration is refused', async () => {
    mockApi({
      'POST /api/auth/register': {
        status: 429,
        data: { code: ErrorCode.RATE_LIMITED, message: 'Too many attempts. Please try again later.' },
      },
    });
    renderApp('/sign-up');
    await screen.findByRole('heading', { name: 'Create Your Account' });
    type('Email', 'ada@example.com');
    fillTheRest();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Too many attempts. Please try again later.')).toBeInTheDocument();
  });
});
