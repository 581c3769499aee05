// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { CatalogueSyncRun } from '@shared/api/admin';

import { mockApi } from '../../test/mock-api';
import { renderApp, signIn, testUser } from '../../test/render-app';

function run(overrides: Partial<CatalogueSyncRun>): CatalogueSyncRun {
  return {
    id: 'r1',
    index: 'Debian trixie main, amd64',
    source: 'https://deb.debian.org/debian/dists/trixie/main',
    outcome: 'applied',
    created: 0,
    linked: 0,
    changed: 0,
    gone: 0,
    examples: { created: [], changed: [], gone: [] },
    error: null,
    startedAt: new Date().toISOString(),
    finishedAt: new Date().toISOString(),
    ...overrides,
  };
}

beforeEach(() => {
  localStorage.clear();
  signIn({ ...testUser, isAdmin: true });
});
afterEach(cleanup);

describe('the catalogue syncs in the admin console', () => {
  it('says what each reading of an index changed, with some names, and why one failed', async () => {
    mockApi({
      'GET /api/admin/catalogue/syncs': {
        status: 200,
        data: {
          runs: [
            run({ id: 'r3', outcome: 'failed', error: 'https://deb.debian.org/… answered 503' }),
            run({ id: 'r2', outcome: 'unchanged' }),
            run({ id: 'r1', created: 1234, gone: 2, examples: { created: ['jq', 'fzf'], changed: [], gone: ['oldtool', 'gonetool'] } }),
          ],
        },
      },
    });
    renderApp('/admin-console');
    const section = await screen.findByRole('region', { name: 'Catalogue syncs' });
    expect(await within(section).findByText('https://deb.debian.org/… answered 503')).toBeInTheDocument();
    expect(within(section).getByText('Nothing changed')).toBeInTheDocument();
    expect(within(section).getByText('1,234 added (jq, fzf…) · 2 no longer in the index, kept (oldtool, gonetool)')).toBeInTheDocument();
  });

  it('reads the index at once on Sync now, and says how it went', async () => {
    const api = mockApi({
      'GET /api/admin/catalogue/syncs': { status: 200, data: { runs: [] } },
      'POST /api/admin/catalogue/syncs': { status: 200, data: run({ outcome: 'unchanged' }) },
    });
    renderApp('/admin-console');
    const section = await screen.findByRole('region', { name: 'Catalogue syncs' });
    expect(await within(section).findByText(/No sync yet/)).toBeInTheDocument();
    fireEvent.click(within(section).getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('The index has not changed since the last sync')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/catalogue/syncs')).toHaveLength(1);
  });
});
