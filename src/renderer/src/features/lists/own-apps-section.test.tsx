// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { OwnApp } from '@shared/api/own-apps';
import { perPackageField } from '@shared/package-managers';

import { devicesResponse, makeApp, makeDevice, makeList, makeListItem, planStatus, searchPage } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const firefox = makeApp({ app_id: 11, name: 'Firefox', category_name: 'Browsers', platforms: ['windows'] });
const list = makeList({ id: 'l1', name: 'Work laptop', appCount: 1, sizeKb: 0 });
const ownTool: OwnApp = {
  app_id: 70,
  name: 'My tool',
  ...perPackageField(() => null),
  apt_package: 'my-tool',
  platforms: ['linux'],
  createdAt: '2026-01-02T00:00:00.000Z',
};

function routes(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/lists': { status: 200, data: [list] },
    'GET /api/lists/l1/items': { status: 200, data: { items: [makeListItem(firefox, 0)] } },
    'GET /api/subscription/status': { status: 200, data: planStatus('free') },
    'GET /catalogue/categories': { status: 200, data: [] },
    'GET /catalogue/search': { status: 200, data: searchPage([firefox]) },
    'GET /api/own-apps': { status: 200, data: { apps: [ownTool] } },
    ...extra,
  });
}

async function openDrawer() {
  renderApp('/app-list');
  const card = await screen.findByRole('region', { name: 'Work laptop' });
  fireEvent.click(within(card).getByRole('button', { name: 'Add apps' }));
  return screen.findByRole('dialog', { name: 'Add apps to Work laptop' });
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(cleanup);

describe('your own apps in "Add apps"', () => {
  it('lists your apps with their package ids and adds one to the list', async () => {
    const api = routes({ 'POST /api/lists/l1/items': { status: 201, data: { ...makeListItem(firefox, 1), app_id: 70, own_app: true } } });
    const drawer = await openDrawer();
    const yours = await within(drawer).findByRole('list', { name: 'Your apps' });
    const row = within(yours).getByRole('listitem', { name: 'My tool' });
    expect(within(row).getByText('apt package: my-tool')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Add My tool' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/lists/l1/items')[0]?.body).toEqual({ appId: 70 }));
  });

  it('filters your apps by the search too', async () => {
    routes();
    const drawer = await openDrawer();
    await within(drawer).findByRole('listitem', { name: 'My tool' });
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Search apps' }), { target: { value: 'zzz' } });
    expect(await within(drawer).findByText('None of your apps match your search.')).toBeInTheDocument();
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Search apps' }), { target: { value: 'TOOL' } });
    expect(await within(drawer).findByRole('listitem', { name: 'My tool' })).toBeInTheDocument();
  });

  it('says the limit when your account has as many apps as it may keep', async () => {
    const message = 'You have 500 apps of your own, the most an account may keep. Delete one to add another.';
    routes({ 'POST /api/own-apps': { status: 403, data: { code: 'OWN_APP_LIMIT_REACHED', message } } });
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Add your own app' }));
    const form = within(drawer).getByRole('form', { name: 'Add your own app' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'One more' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Snap name' }), { target: { value: 'one-more' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save and add' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('deletes one of your apps after asking, saying it leaves your lists', async () => {
    const api = routes({ 'DELETE /api/own-apps/70': { status: 200, data: { success: true } } });
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Delete My tool from your apps' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete your app?' });
    expect(within(confirm).getByText(/My tool leaves your apps and every list of yours/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/own-apps/70')).toHaveLength(1));
    expect(await screen.findByText('My tool is deleted from your apps')).toBeInTheDocument();
  });

  it('edits one of your apps in place, its fields filled in, and says why the server refused', async () => {
    const api = routes({
      'PUT /api/own-apps/70': (call) =>
        (call.body as OwnApp).apt_package === 'other-tool'
          ? { status: 409, data: { code: 'OWN_APP_EXISTS', message: 'Your app “Other tool” has one of these package ids already.' } }
          : { status: 200, data: { ...ownTool, apt_package: 'my-tool2' } },
    });
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Edit My tool' }));
    const form = within(drawer).getByRole('form', { name: 'Edit My tool' });
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveValue('My tool');
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveFocus();
    // Which app it is about, in words: its row is further down the drawer.
    expect(within(form).getByText('Edit My tool')).toBeVisible();
    expect(within(form).getByRole('textbox', { name: 'apt package' })).toHaveValue('my-tool');
    expect(within(drawer).queryByRole('button', { name: 'Add your own app' })).not.toBeInTheDocument();

    fireEvent.change(within(form).getByRole('textbox', { name: 'apt package' }), { target: { value: 'other-tool' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your app “Other tool” has one of these package ids already.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/own-apps/70')[0]?.body).toEqual({
      name: 'My tool',
      ...perPackageField(() => null),
      apt_package: 'other-tool',
    });

    fireEvent.change(within(form).getByRole('textbox', { name: 'apt package' }), { target: { value: 'my-tool2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('My tool is saved')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).queryByRole('form', { name: 'Edit My tool' })).not.toBeInTheDocument());
  });

  it('says what to do when you have none', async () => {
    routes({ 'GET /api/own-apps': { status: 200, data: { apps: [] } } });
    const drawer = await openDrawer();
    expect(await within(drawer).findByText(/An app the catalogue lacks\? Add it with its package id/)).toBeInTheDocument();
  });

  it('checks each package id against its manager before sending, and shows the server’s message under the field', async () => {
    const api = routes({
      'POST /api/own-apps': {
        status: 400,
        data: {
          code: 'VALIDATION_ERROR',
          message: 'Invalid request',
          details: { snap_name: 'Not a valid snap name (lower-case letters, digits and single hyphens)' },
        },
      },
    });
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Add your own app' }));
    const form = within(drawer).getByRole('form', { name: 'Add your own app' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'Sneaky' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'apt package' }), { target: { value: '-oAPT::Get=1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save and add' }));
    expect(await within(form).findByText(/Not a valid Debian package name/)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'apt package' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/own-apps')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: 'apt package' }), { target: { value: '' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Snap name' }), { target: { value: 'sneaky' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save and add' }));
    expect(await within(form).findByText('Not a valid snap name (lower-case letters, digits and single hyphens)')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/own-apps')[0]?.body).toEqual({
      name: 'Sneaky',
      ...perPackageField(() => null),
      snap_name: 'sneaky',
    });
  });

  it('refuses a new app with a package id you have, names your app under the form and adds that one instead', async () => {
    const message = 'You already have “My tool” with this apt package.';
    const api = routes({
      'POST /api/own-apps': {
        status: 409,
        data: { code: 'OWN_APP_EXISTS', message, details: { appId: '70', apt_package: 'Your app “My tool” has this id' } },
      },
      'POST /api/lists/l1/items': { status: 201, data: { ...makeListItem(firefox, 1), app_id: 70, own_app: true } },
    });
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Add your own app' }));
    const form = within(drawer).getByRole('form', { name: 'Add your own app' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'Tool again' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'apt package' }), { target: { value: 'my-tool' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save and add' }));

    const alert = await within(drawer).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent('Add it to this list instead, or change the package id to add a different app.');
    expect(within(form).getByRole('textbox', { name: 'apt package' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('Your app “My tool” has this id')).toBeInTheDocument();
    // Nothing was saved or added, and no toast claims otherwise.
    expect(api.callsTo('POST', '/api/lists/l1/items')).toHaveLength(0);
    expect(screen.queryByText(/is saved in your apps/)).not.toBeInTheDocument();

    fireEvent.click(within(alert).getByRole('button', { name: 'Add My tool to this list' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/lists/l1/items')[0]?.body).toEqual({ appId: 70 }));
    await waitFor(() => expect(within(drawer).queryByRole('form', { name: 'Add your own app' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/own-apps')).toHaveLength(1);
  });

  it('forgets the refusal once the package id changes, and says so when that app is in the list already', async () => {
    routes({
      'GET /api/lists/l1/items': {
        status: 200,
        data: { items: [makeListItem(firefox, 0), { ...makeListItem(firefox, 1), app_id: 70, name: 'My tool', own_app: true }] },
      },
      'POST /api/own-apps': {
        status: 409,
        data: {
          code: 'OWN_APP_EXISTS',
          message: 'You already have “My tool” with this apt package.',
          details: { appId: '70', apt_package: 'Your app “My tool” has this id' },
        },
      },
    });
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Add your own app' }));
    const form = within(drawer).getByRole('form', { name: 'Add your own app' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'Tool again' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'apt package' }), { target: { value: 'my-tool' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save and add' }));
    const alert = await within(drawer).findByRole('alert');
    expect(alert).toHaveTextContent('It is in this list already. Change the package id to add a different app.');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();

    fireEvent.change(within(form).getByRole('textbox', { name: 'apt package' }), { target: { value: 'my-tool-two' } });
    await waitFor(() => expect(within(drawer).queryByRole('alert')).not.toBeInTheDocument());
  });

  it('saves a new app and adds it to the list', async () => {
    const api = routes({
      'POST /api/own-apps': { status: 201, data: { ...ownTool, app_id: 71, name: 'New tool', apt_package: 'new-tool' } },
      'POST /api/lists/l1/items': { status: 201, data: { ...makeListItem(firefox, 1), app_id: 71, own_app: true } },
    });
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Add your own app' }));
    const form = within(drawer).getByRole('form', { name: 'Add your own app' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'New tool' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'apt package' }), { target: { value: 'new-tool' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save and add' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/lists/l1/items')[0]?.body).toEqual({ appId: 71 }));
  });

  it('offers to search one of your machines when the catalogue has nothing, with the words filled in', async () => {
    const box = makeDevice({ device_id: 'dev_buildbox0001', device_name: 'Build box', platform: 'linux' });
    const browserOnly = makeDevice({
      device_id: 'dev_browser00001',
      device_name: 'This browser',
      registration_method: 'account',
      device_type: 'primary',
    });
    routes({
      'GET /catalogue/search': (call) => ({ status: 200, data: searchPage(call.query.q ? [] : [firefox]) }),
      'GET /api/devices': { status: 200, data: devicesResponse([browserOnly, box]) },
    });
    const drawer = await openDrawer();
    await within(drawer).findByRole('list', { name: 'Catalogue apps' });
    expect(within(drawer).queryByRole('button', { name: /Search Build box/ })).not.toBeInTheDocument();

    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Search apps' }), { target: { value: 'zstd ' } });
    expect(await within(drawer).findByText('No apps match your search.')).toBeInTheDocument();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Search Build box' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search Build box' });
    expect(within(dialog).getByRole('textbox', { name: 'Search for' })).toHaveValue('zstd');
  });

  it('offers no machine search without a machine that has the agent (a browser cannot search)', async () => {
    const browserOnly = makeDevice({
      device_id: 'dev_browser00001',
      device_name: 'This browser',
      registration_method: 'account',
      device_type: 'primary',
    });
    const api = routes({
      'GET /catalogue/search': (call) => ({ status: 200, data: searchPage(call.query.q ? [] : [firefox]) }),
      'GET /api/devices': { status: 200, data: devicesResponse([browserOnly]) },
    });
    const drawer = await openDrawer();
    fireEvent.change(await within(drawer).findByRole('textbox', { name: 'Search apps' }), { target: { value: 'zstd' } });
    expect(await within(drawer).findByText('No apps match your search.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/devices')).toHaveLength(1));
    // The answer is rendered a moment after it is recorded.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(drawer).queryByText(/Your machines’ package managers may have it/)).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Search/ })).not.toBeInTheDocument();
  });

  it('shows "Your app" on an own app in the list', async () => {
    routes({
      'GET /api/lists/l1/items': {
        status: 200,
        data: {
          items: [makeListItem(firefox, 0), { ...makeListItem(firefox, 1), app_id: 70, name: 'My tool', category_name: '', own_app: true }],
        },
      },
    });
    renderApp('/app-list');
    const card = await screen.findByRole('region', { name: 'Work laptop' });
    const row = await within(card).findByRole('listitem', { name: 'My tool' });
    expect(within(row).getByText('Your app')).toBeInTheDocument();
    expect(within(within(card).getByRole('listitem', { name: 'Firefox' })).queryByText('Your app')).not.toBeInTheDocument();
  });
});
