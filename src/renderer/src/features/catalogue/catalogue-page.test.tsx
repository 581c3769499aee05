// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';

import { makeApp, makeList, makeListItem, planStatus } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const firefox = makeApp({
  app_id: 11,
  name: 'Firefox',
  category: 1,
  category_name: 'Browsers',
  description: 'A free web browser.',
  platforms: ['windows', 'macos', 'linux'],
});
const notepad = makeApp({ app_id: 12, name: 'Notepad++', category: 2, category_name: 'Editors', platforms: ['windows'] });
const iterm = makeApp({ app_id: 13, name: 'iTerm2', category: 3, category_name: 'Terminals', platforms: ['macos'] });
const work = makeList({ id: 'l1', name: 'Work laptop', appCount: 4 });
/** Brought by an index: no description of ours, a publisher. */
const jq = makeApp({
  app_id: 14,
  name: 'jq',
  description: '',
  publisher: 'jqlang',
  curated: false,
  category: 3,
  category_name: 'Development',
  homebrew_formula: 'jq',
  apt_package: 'jq',
  platforms: ['macos', 'linux'],
});
const ALL = [firefox, notepad, iterm, jq];

/** The server's search, as far as these tests need it: category and platform filters, pages. */
function searched(query: Record<string, string>, apps = ALL) {
  const matching = apps.filter(
    (app) =>
      (!query.category || String(app.category) === query.category) &&
      (!query.platform || app.platforms.includes(query.platform as 'windows' | 'macos' | 'linux')),
  );
  const offset = Number(query.offset ?? 0);
  const limit = Number(query.limit ?? 30);
  return { status: 200 as const, data: { apps: matching.slice(offset, offset + limit), total: matching.length, offset, limit } };
}

function catalogueRoutes(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/lists': { status: 200, data: [work] },
    'GET /api/subscription/status': { status: 200, data: planStatus('free') },
    'GET /catalogue/categories': {
      status: 200,
      data: [
        { category_id: 1, category_name: 'Browsers', app_count: 1 },
        { category_id: 2, category_name: 'Editors', app_count: 1 },
      ],
    },
    'GET /catalogue/search': ({ query }) => searched(query),
    ...extra,
  });
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(cleanup);

describe('the catalogue page', () => {
  it('shows each app with its description and platforms, and asks the server for one platform', async () => {
    const api = catalogueRoutes();
    renderApp('/app-catalogue');
    const card = await screen.findByRole('article', { name: 'Firefox' });
    expect(within(card).getByText('A free web browser.')).toBeInTheDocument();
    expect(within(card).getByText('macOS')).toBeInTheDocument();
    expect(screen.getByText('4 apps')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'macOS' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Notepad++' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'iTerm2' })).toBeInTheDocument();
    expect(screen.getByText('3 apps')).toBeInTheDocument();
    expect(api.callsTo('GET', '/catalogue/search').at(-1)?.query).toEqual({ platform: 'macos' });
  });

  it('shows an app an index brought by its publisher and the packages it installs, as it has no description', async () => {
    catalogueRoutes();
    renderApp('/app-catalogue');
    const card = await screen.findByRole('article', { name: 'jq' });
    expect(within(card).getByText('jqlang · Development')).toBeInTheDocument();
    expect(within(card).getByLabelText('Packages: Homebrew formula jq, apt package jq')).toBeInTheDocument();
  });

  it('says where an app comes from when asked: each package, what its index says, and why it is this app', async () => {
    const api = catalogueRoutes({
      'GET /catalogue/apps/14/sources': {
        status: 200,
        data: {
          sources: [
            {
              field: 'apt_package',
              packageId: 'jq',
              name: 'jq',
              version: '1.7.1-6',
              homepage: 'https://jqlang.github.io/jq',
              licence: '',
              evidence: "Made from Debian trixie main, amd64's index: no other app had this package.",
              goneAt: null,
            },
          ],
        },
      },
    });
    renderApp('/app-catalogue');
    const card = await screen.findByRole('article', { name: 'jq' });
    expect(api.callsTo('GET', '/catalogue/apps/14/sources')).toHaveLength(0);
    fireEvent.click(within(card).getByRole('button', { name: /Where it comes from/ }));
    expect(await within(card).findByText('apt package jq (version 1.7.1-6)')).toBeInTheDocument();
    expect(within(card).getByText("Made from Debian trixie main, amd64's index: no other app had this package.")).toBeInTheDocument();
  });

  it('pages through a large catalogue, saying where the page is, and starts a new search at its first page', async () => {
    const many = Array.from({ length: 65 }, (_, i) => makeApp({ app_id: 100 + i, name: `Tool ${i + 1}`, platforms: ['linux'] }));
    const api = catalogueRoutes({ 'GET /catalogue/search': ({ query }) => searched(query, many) });
    renderApp('/app-catalogue');
    expect(await screen.findByText('1–30 of 65 apps')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('61–65 of 65 apps')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Tool 65' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/catalogue/search').at(-1)?.query).toEqual({ offset: '60' });

    fireEvent.click(screen.getByRole('radio', { name: 'Linux' }));
    expect(await screen.findByText('1–30 of 65 apps')).toBeInTheDocument();
    expect(api.callsTo('GET', '/catalogue/search').at(-1)?.query).toEqual({ platform: 'linux' });
  });

  it('asks the server for one category', async () => {
    const api = catalogueRoutes();
    renderApp('/app-catalogue');
    await screen.findByRole('article', { name: 'Firefox' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Editors' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Firefox' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Notepad++' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/catalogue/search').at(-1)?.query).toEqual({ category: '2' });
  });

  it('adds an app to the list the person picks', async () => {
    const api = catalogueRoutes({ 'POST /api/lists/l1/items': { status: 201, data: makeListItem(firefox, 4) } });
    renderApp('/app-catalogue');
    const card = await screen.findByRole('article', { name: 'Firefox' });
    fireEvent.click(within(card).getByRole('button', { name: 'Add to list: Firefox' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Work laptop/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/lists/l1/items')[0]?.body).toEqual({ appId: 11 }));
    expect(await screen.findByText('Firefox added to Work laptop')).toBeInTheDocument();
  });

  it("says the plan's app limit in the server's words, on the app's card, with the way to upgrade", async () => {
    const message = 'Your plan allows 5 apps per list. Upgrade to Premium for 25.';
    catalogueRoutes({ 'POST /api/lists/l1/items': { status: 403, data: { code: ErrorCode.LIST_APP_LIMIT_REACHED, message } } });
    renderApp('/app-catalogue');
    const card = await screen.findByRole('article', { name: 'Notepad++' });
    fireEvent.click(within(card).getByRole('button', { name: 'Add to list: Notepad++' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Work laptop/ }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing-page');
  });

  it('tells a person without lists to create one first', async () => {
    catalogueRoutes({ 'GET /api/lists': { status: 200, data: [] } });
    renderApp('/app-catalogue');
    expect(await screen.findByText('Start with a list')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Lists' })).toHaveAttribute('href', '/app-list');
  });

  it('offers to clear the filters when nothing matches', async () => {
    catalogueRoutes({ 'GET /catalogue/search': ({ query }) => searched(query, []) });
    renderApp('/app-catalogue');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Search apps' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No apps match these filters')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('The catalogue is empty')).toBeInTheDocument();
  });
});
