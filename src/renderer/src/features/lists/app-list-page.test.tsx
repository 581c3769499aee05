// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';

import { makeApp, makeList, makeListItem, planStatus, searchPage } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const firefox = makeApp({
  app_id: 11,
  name: 'Firefox',
  category_name: 'Browsers',
  file_size_kb: 524_288,
  winget_id: 'Mozilla.Firefox',
  homebrew_cask: 'firefox',
  apt_package: 'firefox-esr',
  platforms: ['windows', 'macos', 'linux'],
});
const vscode = makeApp({
  app_id: 12,
  name: 'Visual Studio Code',
  category_name: 'Development',
  file_size_kb: 1_048_576,
  winget_id: 'Microsoft.VisualStudioCode',
  homebrew_cask: 'visual-studio-code',
  platforms: ['windows', 'macos'],
});
const slack = makeApp({ app_id: 13, name: 'Slack', category_name: 'Communication', platforms: ['windows', 'macos', 'linux'] });
const list = makeList({ id: 'l1', name: 'Work laptop', appCount: 2, sizeKb: 1_572_864 });

function listRoutes(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/lists': { status: 200, data: [list] },
    'GET /api/lists/l1/items': { status: 200, data: { items: [makeListItem(firefox, 0), makeListItem(vscode, 1)] } },
    'GET /api/subscription/status': { status: 200, data: planStatus('free') },
    'GET /catalogue/categories': { status: 200, data: [{ category_id: 1, category_name: 'Browsers', app_count: 1 }] },
    'GET /catalogue/search': { status: 200, data: searchPage([firefox, vscode, slack]) },
    'GET /api/own-apps': { status: 200, data: { apps: [] } },
    ...extra,
  });
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(cleanup);

describe('the lists screen', () => {
  it('shows a list with its size in GB, its apps and where each installs', async () => {
    listRoutes();
    renderApp('/app-list');
    const card = await screen.findByRole('region', { name: 'Work laptop' });
    expect(await within(card).findByText(/2 apps · 1\.50 GB · 2 of 5 apps/)).toBeInTheDocument();

    const row = await within(card).findByRole('listitem', { name: 'Visual Studio Code' });
    expect(within(row).getByText('Windows')).toBeInTheDocument();
    expect(within(row).getByText('macOS')).toBeInTheDocument();
    expect(within(row).queryByText('Linux')).not.toBeInTheDocument();
    expect(within(card).getByText(/Linux: 1 of 2 apps — not available: Visual Studio Code/)).toBeInTheDocument();
  });

  it('shows no size for an app whose size is not known, and a list size that says how many such apps it has', async () => {
    const chrome = makeApp({ app_id: 14, name: 'Google Chrome', category_name: 'Browsers', file_size_kb: null, platforms: ['windows'] });
    listRoutes({
      'GET /api/lists': { status: 200, data: [{ ...list, appCount: 3, unknownSizeCount: 1 }] },
      'GET /api/lists/l1/items': {
        status: 200,
        data: { items: [makeListItem(firefox, 0), makeListItem(vscode, 1), makeListItem(chrome, 2)] },
      },
      'GET /catalogue/search': { status: 200, data: searchPage([firefox, vscode, slack, chrome]) },
    });
    renderApp('/app-list');
    const card = await screen.findByRole('region', { name: 'Work laptop' });
    expect(await within(card).findByText(/3 apps · 1\.50 GB \(size of 1 app unknown\) · 3 of 5 apps/)).toBeInTheDocument();
    const row = await within(card).findByRole('listitem', { name: 'Google Chrome' });
    expect(within(row).getByText('Browsers')).toBeInTheDocument();
    expect(row.textContent).not.toMatch(/MB|GB|·/);
    expect(within(await within(card).findByRole('listitem', { name: 'Firefox' })).getByText('Browsers · 512.0 MB')).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Add apps' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add apps to Work laptop' });
    const drawerRow = await within(drawer).findByRole('listitem', { name: 'Google Chrome' });
    expect(within(drawerRow).getByText('Browsers')).toBeInTheDocument();
    expect(drawerRow.textContent).not.toMatch(/MB|GB/);
  });

  it('says how many lists the plan allows and disables New List at the limit', async () => {
    listRoutes();
    renderApp('/app-list');
    expect(await screen.findByText(/1 of 1 lists/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New List' })).toBeDisabled();
    // Which plan lifts the limit, and the way there.
    expect(screen.getByRole('link', { name: 'Upgrade to Premium for unlimited lists.' })).toHaveAttribute('href', '/pricing-page');
  });

  it('tells a new user what to do when there are no lists', async () => {
    listRoutes({ 'GET /api/lists': { status: 200, data: [] } });
    renderApp('/app-list');
    expect(await screen.findByText('Create your first list, then add apps from the catalogue.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New List' })).toBeEnabled();
  });

  it('shows the server message and the way to upgrade when the plan limit is hit', async () => {
    const message = 'Your plan allows 5 apps per list. Upgrade to add more.';
    const api = listRoutes({
      'POST /api/lists/l1/items': { status: 403, data: { code: ErrorCode.LIST_APP_LIMIT_REACHED, message } },
    });
    renderApp('/app-list');
    const card = await screen.findByRole('region', { name: 'Work laptop' });
    fireEvent.click(within(card).getByRole('button', { name: 'Add apps' }));

    const drawer = await screen.findByRole('dialog', { name: 'Add apps to Work laptop' });
    expect(await within(drawer).findByRole('button', { name: 'Firefox added' })).toBeDisabled();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add Slack' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/lists/l1/items')[0]?.body).toEqual({ appId: 13 }));
    const alert = await within(drawer).findByRole('alert');
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing-page');
    // The notification says it too.
    expect((await screen.findAllByText(message)).length).toBeGreaterThanOrEqual(2);
  });

  it('says when a search matches no app', async () => {
    listRoutes({ 'GET /catalogue/search': { status: 200, data: searchPage([]) } });
    renderApp('/app-list');
    const card = await screen.findByRole('region', { name: 'Work laptop' });
    fireEvent.click(within(card).getByRole('button', { name: 'Add apps' }));
    expect(await screen.findByText('No apps match your search.')).toBeInTheDocument();
  });

  // Renders up to 100 rows four times in happy-dom: about 10 s alone, more beside the other suites on two cores.
  it('shows the best matches of a large catalogue first, and more of them on request', { timeout: 60_000 }, async () => {
    // Apps an index brought: no description of ours, so each row says what it installs.
    const many = Array.from({ length: 130 }, (_, i) =>
      makeApp({
        app_id: 500 + i,
        name: `Tool ${i + 1}`,
        description: '',
        apt_package: `tool-${i + 1}`,
        curated: false,
        platforms: ['linux'],
      }),
    );
    const api = listRoutes({
      'GET /catalogue/search': ({ query }) => {
        const limit = Number(query.limit ?? 30);
        return { status: 200 as const, data: { apps: many.slice(0, limit), total: many.length, offset: 0, limit } };
      },
    });
    renderApp('/app-list');
    const card = await screen.findByRole('region', { name: 'Work laptop' });
    fireEvent.click(within(card).getByRole('button', { name: 'Add apps' }));
    expect(await screen.findByText('The best 30 of 130 apps.')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Tool 1' })).getByLabelText('Packages: apt package tool-1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('The best 60 of 130 apps.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/catalogue/search').at(-1)?.query).toEqual({ limit: '60' });
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('The best 90 of 130 apps.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    // One page holds at most 100: past that, a narrower search finds the rest.
    expect(await screen.findByText('The best 100 of 130 apps. Type more of the name to find the others.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('toasts the server message when the lists cannot be fetched', async () => {
    listRoutes({ 'GET /api/lists': { status: 429, data: { code: ErrorCode.RATE_LIMITED, message: 'Lists are resting' } } });
    renderApp('/app-list');
    expect(await screen.findByText('Lists are resting')).toBeInTheDocument();
  });

  it('puts the server’s refusal of a new list’s name under the name field, and keeps the dialog open', async () => {
    const message = 'List name must be at most 100 characters';
    const api = listRoutes({
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'POST /api/lists': { status: 400, data: { code: ErrorCode.VALIDATION_ERROR, message: 'Invalid input', details: { name: message } } },
    });
    renderApp('/app-list');
    await screen.findByRole('region', { name: 'Work laptop' });
    fireEvent.click(screen.getByRole('button', { name: 'New List' }));
    const dialog = await screen.findByRole('dialog', { name: 'New List' });
    const name = within(dialog).getByRole('textbox', { name: /List name/ });
    fireEvent.change(name, { target: { value: 'Studio' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create List' }));

    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(api.callsTo('POST', '/api/lists')[0]?.body).toEqual({ name: 'Studio' });
    expect(name).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(name).toHaveFocus();
    expect(screen.queryByText('Failed to create the list')).toBeNull();
  });

  it('toasts a refused rename that names no field, and keeps the dialog open', async () => {
    const api = listRoutes({ 'PUT /api/lists/l1': { status: 429, data: { code: ErrorCode.RATE_LIMITED, message: 'Lists are resting' } } });
    renderApp('/app-list');
    const card = await screen.findByRole('region', { name: 'Work laptop' });
    fireEvent.click(within(card).getByRole('button', { name: 'More actions for Work laptop' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename List' });
    const name = within(dialog).getByRole('textbox', { name: /List name/ });
    fireEvent.change(name, { target: { value: 'Home laptop' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/lists/l1')[0]?.body).toEqual({ name: 'Home laptop' }));

    expect(await screen.findByText('Lists are resting')).toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Rename List' })).toBeInTheDocument();
  });

  it('pins a version from the row, shows "pinned at", and puts a refused version under the field', async () => {
    const pinned = { ...makeListItem(firefox, 0), pinnedVersion: '128.0.3' };
    let pinnedNow = false;
    const api = listRoutes({
      'GET /api/lists/l1/items': () => ({
        status: 200,
        data: { items: [pinnedNow ? pinned : makeListItem(firefox, 0), makeListItem(vscode, 1)] },
      }),
      'PUT /api/lists/l1/items/11/pin': () => {
        pinnedNow = true;
        return { status: 200, data: pinned };
      },
      'GET /api/lists/l1/status': {
        status: 200,
        data: {
          listId: 'l1',
          listName: 'Work laptop',
          devices: [
            {
              deviceId: 'dev_box',
              deviceName: 'Box',
              platform: 'linux',
              online: true,
              inventoryCheckedAt: '2026-01-02T00:00:00.000Z',
              apps: [
                {
                  appId: 11,
                  name: 'Firefox',
                  state: 'outdated',
                  manager: 'apt',
                  installedVersion: '128.0.3',
                  availableVersion: '129.0',
                  unknownReason: null,
                },
              ],
            },
          ],
        },
      },
    });
    renderApp('/app-list');
    const card = await screen.findByRole('region', { name: 'Work laptop' });
    fireEvent.click(await within(card).findByRole('button', { name: 'Pin a version of Firefox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pin Firefox' });
    const version = within(dialog).getByRole('textbox', { name: /Version/ });
    // Checked before it is sent: an option-like version never leaves the browser.
    fireEvent.change(version, { target: { value: '--allow-unauthenticated' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(version).toHaveAttribute('aria-invalid', 'true'));
    expect(version).toHaveAccessibleDescription(expect.stringContaining('Not a valid version'));
    expect(api.callsTo('PUT', '/api/lists/l1/items/11/pin')).toEqual([]);

    // The versions the list's machines reported are one click away.
    const known = await within(dialog).findByRole('group', { name: 'Versions on your machines' });
    expect(within(known).getByRole('button', { name: '129.0' })).toBeInTheDocument();
    fireEvent.click(within(known).getByRole('button', { name: '128.0.3' }));
    expect(version).toHaveValue('128.0.3');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/lists/l1/items/11/pin')[0]?.body).toEqual({ version: '128.0.3' }));
    const row = await within(card).findByRole('listitem', { name: 'Firefox' });
    expect(await within(row).findByText('pinned at 128.0.3')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Firefox is pinned at 128.0.3: change' })).toBeInTheDocument();
  });

  it('marks a read-only list and keeps only trimming available', async () => {
    listRoutes({ 'GET /api/lists': { status: 200, data: [{ ...list, readOnly: true }] } });
    renderApp('/app-list');
    const card = await screen.findByRole('region', { name: 'Work laptop' });
    expect(within(card).getByText('Read-only')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add apps' })).toBeDisabled();
    expect(await within(card).findByRole('button', { name: 'Move Firefox down' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Remove Firefox from Work laptop' })).toBeEnabled();
  });

  it('opens the list chosen in the navbar', async () => {
    const home = makeList({ id: 'l2', name: 'Home PC', appCount: 0 });
    listRoutes({
      'GET /api/lists': { status: 200, data: [list, home] },
      'GET /api/lists/l2/items': { status: 200, data: { items: [] } },
    });
    const app = renderApp('/app-list');
    const homeCard = await screen.findByRole('region', { name: 'Home PC' });
    expect(within(homeCard).getByRole('button', { name: 'Show apps' })).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(screen.getByRole('button', { name: 'Lists' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Home PC' }));
    await waitFor(() => expect(app.currentPath()).toBe('/app-list?list=l2'));
    expect(await within(homeCard).findByText('This list has no apps yet. Add some from the catalogue.')).toBeInTheDocument();
    expect(within(homeCard).getByRole('button', { name: 'Hide apps' })).toHaveAttribute('aria-expanded', 'true');
    expect(homeCard).toHaveAttribute('data-highlighted', 'true');
  });
});
