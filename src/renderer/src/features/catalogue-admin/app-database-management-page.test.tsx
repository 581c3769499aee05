// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';
import { perPackageField } from '@shared/package-managers';

import { makeApp, searchPage } from '../../test/factories';
import { mockApi, type MockRoutes } from '../../test/mock-api';
import { renderApp, signIn, testUser } from '../../test/render-app';

const categories = [{ category_id: 1, category_name: 'Browsers', app_count: 1 }];
const catalogue = {
  'GET /catalogue/categories': { status: 200, data: categories },
  'GET /catalogue/search': {
    status: 200,
    data: searchPage([makeApp({ app_id: 5, name: 'Firefox', category: 1, category_name: 'Browsers' })]),
  },
  'GET /api/admin/own-apps': { status: 200, data: { apps: [] } },
} satisfies MockRoutes;
const userTool = {
  app_id: 70,
  name: 'User tool',
  ...perPackageField(() => null),
  apt_package: 'user-tool',
  platforms: ['linux' as const],
  createdAt: '2026-01-02T00:00:00.000Z',
  listCount: 2,
};

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

beforeEach(() => {
  localStorage.clear();
  signIn({ ...testUser, isAdmin: true });
});
afterEach(cleanup);

describe('App Database Management', () => {
  it('is for admins only', async () => {
    signIn();
    mockApi(catalogue);
    const app = renderApp('/app-database-management');
    await screen.findByRole('heading', { name: 'Your Lists' });
    expect(app.currentPath()).toBe('/app-list');
  });

  it('says what the app form is missing and sends nothing', async () => {
    const api = mockApi(catalogue);
    renderApp('/app-database-management');
    await screen.findByRole('heading', { name: 'App Database Management' });
    fireEvent.click(within(section('Add App')).getByRole('button', { name: 'Add App' }));

    for (const message of [
      'Name is required',
      'Description is required',
      'Category is required',
      'Website must be an http(s) address',
      'File size must be a number of KB',
      'Icon image is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(api.callsTo('POST', '/catalogue/apps')).toHaveLength(0);
  });

  it('checks package ids and shows where the app will install', async () => {
    mockApi(catalogue);
    renderApp('/app-database-management');
    const form = await screen.findByRole('region', { name: 'Add App' });
    fireEvent.change(within(form).getByLabelText('winget id'), { target: { value: 'Mozilla.Firefox' } });
    fireEvent.change(within(form).getByLabelText('Flatpak id'), { target: { value: 'org.mozilla.firefox' } });
    expect(within(form).getByText('Installs on: Windows, Linux')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Snap name'), { target: { value: 'Not A Snap' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add App' }));
    expect(await within(form).findByText('Not a valid snap name (lower-case letters, digits and single hyphens)')).toBeInTheDocument();
  });

  it('asks for a category name and for a selection before deleting', async () => {
    const api = mockApi(catalogue);
    renderApp('/app-database-management');
    await screen.findByRole('heading', { name: 'App Database Management' });

    fireEvent.click(screen.getByRole('button', { name: 'Save Category' }));
    expect(await screen.findByText('Category name is required.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Category' }));
    expect(await screen.findByText('Please select a category to delete.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete App' }));
    expect(await screen.findByText('Please select an app to delete.')).toBeInTheDocument();

    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('puts the server reason under the product’s title when saving a category fails', async () => {
    const api = mockApi({
      ...catalogue,
      'POST /catalogue/categories': {
        status: 409,
        data: { code: ErrorCode.CATEGORY_EXISTS, message: 'A category named Browsers already exists' },
      },
    });
    renderApp('/app-database-management');
    const form = await screen.findByRole('region', { name: 'Add or Update Category' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Category name/ }), { target: { value: 'Browsers' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Category' }));

    expect(await screen.findByText('Error updating/adding category!')).toBeInTheDocument();
    expect(screen.getByText('A category named Browsers already exists')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('POST', '/catalogue/categories')[0]?.body).toEqual({ category_id: null, category_name: 'Browsers' }),
    );
  });

  it('edits an app: its fields come filled in, and only what changed is different in what is sent', async () => {
    const firefox = makeApp({ app_id: 5, name: 'Firefox', category: 1, category_name: 'Browsers', winget_id: 'Mozilla.Firefox' });
    const api = mockApi({
      ...catalogue,
      // The server searches what the admin types: the catalogue is too large to send whole.
      'GET /catalogue/search': ({ query }) => ({ status: 200, data: searchPage(query.q === 'fire' ? [firefox] : []) }),
      'PUT /catalogue/apps/5': { status: 200, data: { ...firefox, name: 'Firefox ESR' } },
    });
    renderApp('/app-database-management');
    const form = await screen.findByRole('region', { name: 'Edit App' });
    const picker = within(form)
      .getAllByLabelText('App to edit')
      .find((element) => element instanceof HTMLInputElement);
    // Typed, as a person would (Mantine takes a change to an unfocused input for autofill).
    picker!.focus();
    fireEvent.change(picker!, { target: { value: 'fire' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Firefox' }));

    const name = await within(form).findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Firefox');
    expect(within(form).getByLabelText('winget id')).toHaveValue('Mozilla.Firefox');
    fireEvent.change(name, { target: { value: 'Firefox ESR' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Firefox ESR updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/catalogue/apps/5')[0]?.body).toEqual({
      name: 'Firefox ESR',
      description: firefox.description,
      category: 1,
      website: firefox.website,
      file_size_kb: firefox.file_size_kb,
      ...perPackageField(() => null),
      winget_id: 'Mozilla.Firefox',
    });
  });

  it('edits an app of unknown size: the size stays empty and is sent as none; a new app still needs one', async () => {
    const chrome = makeApp({
      app_id: 6,
      name: 'Google Chrome',
      category: 1,
      category_name: 'Browsers',
      file_size_kb: null,
      winget_id: 'Google.Chrome',
    });
    const api = mockApi({
      ...catalogue,
      'GET /catalogue/search': { status: 200, data: searchPage([chrome]) },
      'PUT /catalogue/apps/6': { status: 200, data: { ...chrome, description: 'Google’s browser.' } },
    });
    renderApp('/app-database-management');
    const form = await screen.findByRole('region', { name: 'Edit App' });
    const picker = within(form)
      .getAllByLabelText('App to edit')
      .find((element) => element instanceof HTMLInputElement);
    fireEvent.click(picker!);
    fireEvent.click(await screen.findByRole('option', { name: 'Google Chrome' }));

    const size = await within(form).findByRole('textbox', { name: /^File size \(KB\)/ });
    expect(size).toHaveValue('');
    expect(size).not.toBeRequired();
    fireEvent.change(within(form).getByRole('textbox', { name: /^Description/ }), { target: { value: 'Google’s browser.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Google Chrome updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/catalogue/apps/6')[0]?.body).toMatchObject({ description: 'Google’s browser.', file_size_kb: null });
    const add = screen.getByRole('region', { name: 'Add App' });
    expect(within(add).getByRole('textbox', { name: /^File size \(KB\)/ })).toBeRequired();
  });

  it('promotes an app users added into the catalogue, and says what is missing first', async () => {
    const api = mockApi({
      ...catalogue,
      'GET /api/admin/own-apps': { status: 200, data: { apps: [userTool] } },
      'POST /api/admin/own-apps/70/promote': {
        status: 200,
        data: makeApp({ app_id: 70, name: 'User tool', category: 1, category_name: 'Browsers', apt_package: 'user-tool' }),
      },
    });
    renderApp('/app-database-management');
    const form = await screen.findByRole('region', { name: 'Apps users added' });
    fireEvent.click(await within(form).findByRole('button', { name: 'Promote to the catalogue' }));
    expect(await within(form).findByText('Choose an app to promote')).toBeInTheDocument();
    expect(within(form).getByText('Description is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/own-apps/70/promote')).toHaveLength(0);

    const input = (label: RegExp) =>
      within(form)
        .getAllByLabelText(label)
        .find((element) => element instanceof HTMLInputElement)!;
    fireEvent.click(input(/App to promote/));
    fireEvent.click(await screen.findByRole('option', { name: 'User tool (apt package: user-tool; in 2 lists)' }));
    fireEvent.click(input(/Category/));
    fireEvent.click(await screen.findByRole('option', { name: 'Browsers' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /Description/ }), { target: { value: 'A tool people asked for.' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Website/ }), { target: { value: 'https://example.org/' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Promote to the catalogue' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/admin/own-apps/70/promote')[0]?.body).toEqual({
        category: 1,
        description: 'A tool people asked for.',
        website: 'https://example.org/',
      }),
    );
    expect(await screen.findByText('User tool is in the catalogue now')).toBeInTheDocument();
  });
});
