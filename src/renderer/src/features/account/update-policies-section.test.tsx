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

describe('Settings → Update policies', () => {
  it('says what update policies are and leads a Premium account to their screen', async () => {
    mockApi({
      'GET /api/account': { status: 200, data: account },
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/api-keys': { status: 200, data: { apiKeys: [] } },
    });
    renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Update policies' });
    expect(
      await within(section).findByText(/^Update policies let your apps update by themselves in a maintenance window/),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Manage update policies' })).toHaveAttribute('href', '/updates');
  });

  it('tells a free account what they are and where to get them', async () => {
    mockApi({
      'GET /api/account': { status: 200, data: account },
      'GET /api/subscription/status': { status: 200, data: planStatus('free') },
    });
    renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Update policies' });
    expect(await within(section).findByText(/^Custom update schedules are part of Premium\. Update policies let/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute('href', '/pricing-page');
    expect(within(section).queryByRole('link', { name: 'Manage update policies' })).toBeNull();
  });
});
