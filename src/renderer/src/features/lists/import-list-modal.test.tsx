// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { ImportPreview } from '@shared/api/list-import';

import { makeApp, makeList, makeListItem, planStatus } from '../../test/factories';
import { mockApi, type MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(() => cleanup());

async function openImport(routes: MockRoutes = {}) {
  const api = mockApi({
    'GET /api/lists': { status: 200, data: [] },
    'GET /api/subscription/status': { status: 200, data: planStatus('free') },
    ...routes,
  });
  renderApp('/app-list');
  fireEvent.click((await screen.findAllByRole('button', { name: 'Import' }))[0]!);
  return { api, dialog: await screen.findByRole('dialog', { name: 'Import a List' }) };
}

function chooseFile(dialog: HTMLElement, name: string, text: string) {
  const input = within(dialog).getByLabelText('Upload a file');
  fireEvent.change(input, { target: { files: [new File([text], name, { type: 'application/json' })] } });
}

describe('importing a list', () => {
  it('names the list after the file, but never over a name the person typed', async () => {
    const { dialog } = await openImport();
    chooseFile(dialog, 'Work laptop.json', '{"Sources":[]}');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /List name/ })).toHaveValue('Work laptop'));

    // A name typed while the next file is still being read is kept (the file used to win that race).
    const name = within(dialog).getByRole('textbox', { name: /List name/ });
    fireEvent.change(name, { target: { value: '' } });
    chooseFile(dialog, 'Other.json', '{"Sources":[1]}');
    fireEvent.change(name, { target: { value: 'My own name' } });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Contents' })).toHaveValue('{"Sources":[1]}'));
    expect(name).toHaveValue('My own name');
  });

  it('takes the format from the file’s name', async () => {
    const { dialog } = await openImport();
    const format = within(dialog).getByRole('combobox', { name: 'Format' });
    for (const [name, expected] of [
      ['Dev box.winget.yaml', 'winget-configure'],
      ['flatpak-apps.txt', 'flatpak'],
      ['Brewfile', 'brewfile'],
      ['export.json', 'winget'],
    ] as const) {
      chooseFile(dialog, name, 'x');
      await waitFor(() => expect(format).toHaveValue(expected));
    }
    expect(
      within(dialog).getByText(/as "flatpak list --app --columns=application" prints them|its PackageIdentifier entries/),
    ).toBeInTheDocument();
  });

  it('says what is missing before sending anything', async () => {
    const { dialog } = await openImport();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Choose a file or paste its contents')).toBeInTheDocument();
    expect(within(dialog).getByText('List name is required')).toBeInTheDocument();
  });

  it('asks how a file with more apps than a list holds goes in, and imports only the apps chosen', async () => {
    const tools = Array.from({ length: 7 }, (_, i) => makeApp({ app_id: 100 + i, name: `Tool ${i + 1}` }));
    const preview: ImportPreview = {
      apps: tools.map((tool, i) => ({
        line: i + 2,
        written: `tool-${i + 1}`,
        name: tool.name,
        appId: tool.app_id,
        field: null,
        packageId: null,
      })),
      notes: [{ line: 1, written: 'tap "homebrew/bundle"', reason: 'tap' }],
      appsPerList: 5,
      listsLeft: 0,
    };
    const kept = [0, 2, 3, 4, 6].map((place) => tools[place]!);
    const list = { ...makeList({ id: 'new', name: 'Mac', appCount: 5 }), apps: kept.map(makeListItem) };
    const { api, dialog } = await openImport({
      'POST /api/lists/import/preview': { status: 200, data: preview },
      'POST /api/lists/import': {
        status: 201,
        data: { list, lists: [list], notes: preview.notes, unmatched: ['tap "homebrew/bundle"'], skippedForLimit: ['Tool 2', 'Tool 6'] },
      },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Contents' }), { target: { value: 'brew "tool-1"' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /List name/ }), { target: { value: 'Mac' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await within(dialog).findByText('This file has 7 apps, and a list holds 5 on your plan.')).toBeInTheDocument();
    // The plan has no room for two lists: splitting is offered, disabled, and says why.
    expect(within(dialog).getByRole('radio', { name: /Split into 2 lists/ })).toBeDisabled();
    expect(within(dialog).getByText('Your plan allows 0 more lists')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Choose which apps to keep/ })).toBeChecked();
    expect(within(dialog).getByText('5 of 5 chosen')).toBeInTheDocument();
    // The first five are chosen; at five, the rest cannot be added until one is taken away.
    expect(within(dialog).getByRole('checkbox', { name: 'Tool 7' })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tool 2' }));
    expect(within(dialog).getByText('4 of 5 chosen')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tool 7' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    const done = await screen.findByRole('dialog', { name: 'Import finished' });
    expect(api.callsTo('POST', '/api/lists/import')[0]?.body).toEqual({
      format: 'winget',
      content: 'brew "tool-1"',
      name: 'Mac',
      keep: [0, 2, 3, 4, 6],
    });
    expect(within(done).getByText('Imported 5 apps into “Mac”.')).toBeInTheDocument();
    expect(within(done).getByText('Left out (1)')).toBeInTheDocument();
    expect(within(done).getByText('Line 1:')).toBeInTheDocument();
    expect(within(done).getByText('A tap: Loadout installs from Homebrew’s own repositories only')).toBeInTheDocument();
    expect(within(done).getByText("Skipped for your plan's limit (2)")).toBeInTheDocument();
  });

  it('splits a file into lists when the plan has room for them', async () => {
    const preview: ImportPreview = {
      apps: Array.from({ length: 30 }, (_, i) => ({
        line: null,
        written: `Example.App${i}`,
        name: `Example.App${i}`,
        appId: null,
        field: 'winget_id',
        packageId: `Example.App${i}`,
      })),
      notes: [],
      appsPerList: 25,
      listsLeft: null,
    };
    const first = { ...makeList({ id: 'a', name: 'Work (1 of 2)', appCount: 25 }), apps: [] };
    const second = { ...makeList({ id: 'b', name: 'Work (2 of 2)', appCount: 5 }), apps: [makeListItem(makeApp(), 0)] };
    const { api, dialog } = await openImport({
      'POST /api/lists/import/preview': { status: 200, data: preview },
      'POST /api/lists/import': {
        status: 201,
        data: { list: first, lists: [first, second], notes: [], unmatched: [], skippedForLimit: [] },
      },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Contents' }), { target: { value: '{"Sources":[]}' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /List name/ }), { target: { value: 'Work' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const split = await within(dialog).findByRole('radio', { name: /Split into 2 lists/ });
    expect(split).toBeChecked();
    expect(within(dialog).getByText('“Work (1 of 2)” to “Work (2 of 2)”, in the file’s order')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const done = await screen.findByRole('dialog', { name: 'Import finished' });
    expect(api.callsTo('POST', '/api/lists/import')[0]?.body).toMatchObject({ split: true });
    expect(within(done).getByText('Imported 30 apps into 2 lists: “Work (1 of 2)”, “Work (2 of 2)”.')).toBeInTheDocument();
  });
});
