// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { planStatus } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';
import { account, clearToasts } from './settings-test-kit';

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signIn();
});
afterEach(cleanup);

describe('Settings → Webhooks', () => {
  it('says what webhooks are and leads a Premium account to the Webhooks screen', async () => {
    mockApi({
      'GET /api/account': { status: 200, data: account },
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/api-keys': { status: 200, data: { apiKeys: [] } },
    });
    renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Webhooks' });
    expect(await within(section).findByText(/^Loadout can post events to your own HTTPS addresses as they happen/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Manage webhooks' })).toHaveAttribute('href', '/webhooks');
  });

  it('tells a free account what they are and where to get them', async () => {
    mockApi({
      'GET /api/account': { status: 200, data: account },
      'GET /api/subscription/status': { status: 200, data: planStatus('free') },
    });
    renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Webhooks' });
    expect(await within(section).findByText(/^Webhooks are part of Premium\. Loadout can post events/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute('href', '/pricing-page');
    expect(within(section).queryByRole('link', { name: 'Manage webhooks' })).toBeNull();
  });
});
