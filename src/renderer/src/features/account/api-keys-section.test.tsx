// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { ApiKey } from '@shared/api/api-keys';
import { ErrorCode } from '@shared/api/error-codes';

import { planStatus } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';
import { account, clearToasts } from './settings-test-kit';

const KEY = `lo_live_${'x'.repeat(39)}Ab9Z`;
const existing: ApiKey = {
  id: 'k1',
  name: 'Backup script',
  lastFour: 'Qw7e',
  createdAt: '2026-01-02T10:00:00.000Z',
  lastUsedAt: null,
};

beforeEach(() => {
  localStorage.clear();
  clearToasts();
  signIn();
});
afterEach(cleanup);

async function apiKeysSection(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'API Keys' });
}

describe('Settings → API Keys', () => {
  it('explains the feature to a free account and links to the plans, without asking for keys', async () => {
    const api = mockApi({
      'GET /api/account': { status: 200, data: account },
      'GET /api/subscription/status': { status: 200, data: planStatus('free') },
    });
    renderApp('/settings');
    const section = await apiKeysSection();
    expect(await within(section).findByText(/API access is part of Premium/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute('href', '/pricing-page');
    expect(within(section).queryByRole('button', { name: 'Create API Key' })).toBeNull();
    expect(api.callsTo('GET', '/api/api-keys')).toHaveLength(0);
  });

  it('lists a premium account’s keys by name, dates and last four characters', async () => {
    mockApi({
      'GET /api/account': { status: 200, data: account },
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/api-keys': {
        status: 200,
        data: { apiKeys: [existing, { ...existing, id: 'k2', name: 'CI', lastFour: 'Zz12', lastUsedAt: '2026-01-03T09:30:00.000Z' }] },
      },
    });
    renderApp('/settings');
    const table = await screen.findByRole('table', { name: 'API keys' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Backup script')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('••••Qw7e')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Never')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('••••Zz12')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByText('Never')).toBeNull();
  });

  it('creates a key and shows it once, with a copy button and an example call', async () => {
    let keys: ApiKey[] = [];
    const api = mockApi({
      'GET /api/account': { status: 200, data: account },
      'GET /api/subscription/status': { status: 200, data: planStatus('annual-premium') },
      'GET /api/api-keys': () => ({ status: 200, data: { apiKeys: keys } }),
      'POST /api/api-keys': () => {
        keys = [{ ...existing, id: 'k9', name: 'Deploy bot', lastFour: 'Ab9Z' }];
        return { status: 201, data: { ...existing, id: 'k9', name: 'Deploy bot', lastFour: 'Ab9Z', key: KEY } };
      },
    });
    renderApp('/settings');
    expect(await screen.findByText('You have no API keys yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create API Key' }));

    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create API Key' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/api-keys')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: '  Deploy bot ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create API Key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(api.callsTo('POST', '/api/api-keys')[0]?.body).toEqual({ name: 'Deploy bot' });
    expect(within(shown).getByText(KEY)).toBeInTheDocument();
    expect(within(shown).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(within(shown).getByText(`curl -H "Authorization: Bearer ${KEY}" ${window.location.origin}/api/lists`)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy API key' })).toBeInTheDocument();

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('••••Ab9Z')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(KEY)).toBeNull());
  });

  it('puts the server’s field error under the name', async () => {
    mockApi({
      'GET /api/account': { status: 200, data: account },
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/api-keys': { status: 200, data: { apiKeys: [] } },
      'POST /api/api-keys': {
        status: 400,
        data: { code: ErrorCode.VALIDATION_ERROR, message: 'Invalid input', details: { name: 'Name must be at most 100 characters' } },
      },
    });
    renderApp('/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Create API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Bot' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create API Key' }));
    expect(await within(dialog).findByText('Name must be at most 100 characters')).toBeInTheDocument();
  });

  it('revokes a key only after confirmation', async () => {
    let keys: ApiKey[] = [existing];
    const api = mockApi({
      'GET /api/account': { status: 200, data: account },
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'GET /api/api-keys': () => ({ status: 200, data: { apiKeys: keys } }),
      'DELETE /api/api-keys/k1': () => {
        keys = [];
        return { status: 200, data: { success: true } };
      },
    });
    renderApp('/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Backup script' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke API key' })).toBeNull());
    expect(api.callsTo('DELETE', '/api/api-keys/k1')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Backup script' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Revoke API key' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('You have no API keys yet.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/api-keys/k1')).toHaveLength(1);
  });
});
