// @vitest-environment happy-dom
import '../../test/dom-stubs';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { exact: false, selector: 'input' });
}

function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

beforeEach(() => localStorage.clear());
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

  it('prefills the email from the link and signs the new user in', async () => {
    const api = mockApi({
      'POST /api/auth/register': {
        status: 201,
        data: {
          token: 'access',
          refreshToken: 'refresh',
          requiresVerification: true,
          user: { id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', isEmailVerified: false, isAdmin: false },
        },
      },
    });
    const app = renderApp('/sign-up?email=ada%40example.com');
    await screen.findByRole('heading', { name: 'Create Your Account' });
    expect(field('Email').value).toBe('ada@example.com');
    type('Password', 'correct horse battery');
    type('Legal first name', 'Ada');
    type('Legal last name', 'Lovelace');
    type('Date of birth', '1990-12-10');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Use/ }));
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
  });

  it('shows the server’s reason when registration is refused', async () => {
    mockApi({ 'POST /api/auth/register': { status: 409, data: { code: 'EMAIL_IN_USE', message: 'An account with this email already exists' } } });
    renderApp('/sign-up');
    await screen.findByRole('heading', { name: 'Create Your Account' });
    type('Email', 'ada@example.com');
    type('Password', 'correct horse battery');
    type('Legal first name', 'Ada');
    type('Legal last name', 'Lovelace');
    type('Date of birth', '1990-12-10');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Use/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
  });
});
