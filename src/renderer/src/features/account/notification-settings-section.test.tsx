// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { NotificationSettings } from '@shared/api/notifications';

import { planStatus } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';
import { account, clearToasts } from './settings-test-kit';

const allOn: NotificationSettings = { failureMails: true, updateDigest: true, priorityMails: true, inApp: true };

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signIn();
});
afterEach(cleanup);

async function section(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Notifications' });
}

describe('Settings → Notifications', () => {
  it('lets a free account turn the failure mails off; the Premium switches are off and explain the plan', async () => {
    let settings = allOn;
    const api = mockApi({
      'GET /api/account': { status: 200, data: account },
      'GET /api/subscription/status': { status: 200, data: planStatus('free') },
      'GET /api/notification-settings': () => ({ status: 200, data: settings }),
      'PUT /api/notification-settings': () => {
        settings = { ...settings, failureMails: false };
        return { status: 200, data: settings };
      },
    });
    renderApp('/settings');
    const region = await section();
    const failures = await within(region).findByRole('switch', { name: /Installation failures/ });
    expect(failures).toBeChecked();
    expect(within(region).getByRole('switch', { name: /Update digest/ })).toBeChecked();
    const priority = within(region).getByRole('switch', { name: /Priority emails/ });
    expect(priority).toBeDisabled();
    expect(priority).not.toBeChecked();
    expect(within(region).getByRole('switch', { name: /In-app notifications/ })).toBeDisabled();
    expect(within(region).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute('href', '/pricing-page');

    fireEvent.click(failures);
    await waitFor(() => expect(api.callsTo('PUT', '/api/notification-settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/notification-settings')[0]?.body).toEqual({ failureMails: false });
    await waitFor(() => expect(within(region).getByRole('switch', { name: /Installation failures/ })).not.toBeChecked());
  });

  it('gives Premium every switch', async () => {
    const api = mockApi({
      'GET /api/account': { status: 200, data: account },
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/notification-settings': { status: 200, data: { ...allOn, inApp: false } },
      'PUT /api/notification-settings': { status: 200, data: allOn },
    });
    renderApp('/settings');
    const region = await section();
    const inApp = await within(region).findByRole('switch', { name: /In-app notifications/ });
    expect(inApp).toBeEnabled();
    expect(inApp).not.toBeChecked();
    expect(within(region).getByRole('switch', { name: /Priority emails/ })).toBeChecked();
    expect(within(region).queryByRole('link', { name: 'See plans and upgrade' })).toBeNull();
    fireEvent.click(inApp);
    await waitFor(() => expect(api.callsTo('PUT', '/api/notification-settings')[0]?.body).toEqual({ inApp: true }));
    await waitFor(() => expect(within(region).getByRole('switch', { name: /In-app notifications/ })).toBeChecked());
  });

  it('says so when a change fails, and the switch stays as it was', async () => {
    mockApi({
      'GET /api/account': { status: 200, data: account },
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/notification-settings': { status: 200, data: allOn },
      'PUT /api/notification-settings': { status: 500, data: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } },
    });
    renderApp('/settings');
    const region = await section();
    fireEvent.click(await within(region).findByRole('switch', { name: /Update digest/ }));
    expect(await screen.findByText(/Failed to update notification settings|Something went wrong/)).toBeInTheDocument();
    expect(within(region).getByRole('switch', { name: /Update digest/ })).toBeChecked();
  });
});
