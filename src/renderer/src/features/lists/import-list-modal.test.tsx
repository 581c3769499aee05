// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { planStatus } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(() => cleanup());

async function openImport() {
  mockApi({ 'GET /api/lists': { status: 200, data: [] }, 'GET /api/subscription/status': { status: 200, data: planStatus('free') } });
  renderApp('/app-list');
  fireEvent.click((await screen.findAllByRole('button', { name: 'Import' }))[0]!);
  return screen.findByRole('dialog', { name: 'Import a List' });
}

function chooseFile(dialog: HTMLElement, name: string, text: string) {
  const input = within(dialog).getByLabelText('Upload a file');
  fireEvent.change(input, { target: { files: [new File([text], name, { type: 'application/json' })] } });
}

describe('importing a list', () => {
  it('names the list after the file, but never over a name the person typed', async () => {
    const dialog = await openImport();
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

  it('says what is missing before sending anything', async () => {
    const dialog = await openImport();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Choose a file or paste its contents')).toBeInTheDocument();
    expect(within(dialog).getByText('List name is required')).toBeInTheDocument();
  });
});
