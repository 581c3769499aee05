// @vitest-environment happy-dom
import '../test/dom-stubs';

import { MantineProvider } from '@mantine/core';
import { configureStore } from '@reduxjs/toolkit';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { baseApi } from '../lib/base-api';
import { mockApi } from '../test/mock-api';
import { DownloadClientDialog } from './download-client-dialog';

const releases = (desktop: { windows: boolean; macos: boolean; linux: boolean }) => ({
  version: '0.1.0',
  publicKey: 'YW4gRWQyNTUxOSBwdWJsaWMga2V5LCAzMiBieXRlcyE=',
  builds: [],
  desktop,
});

const downloadFile = vi.hoisted(() => vi.fn(() => Promise.resolve(null)));
vi.mock('../lib/save-file', () => ({ downloadFile }));

/** Only the API slice: components sit below app/, where the whole store is made. */
function apiStore() {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (defaults) => defaults().concat(baseApi.middleware),
  });
}

/** Kept mounted while closed, as the device selection modal keeps it. */
function Harness({ onUseAgent }: { onUseAgent?: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button onClick={() => setOpened(true)}>Open download</button>
      <output aria-label="Dialog state">{opened ? 'open' : 'closed'}</output>
      <DownloadClientDialog opened={opened} onClose={() => setOpened(false)} onUseAgent={onUseAgent} />
    </>
  );
}

afterEach(() => {
  cleanup();
  downloadFile.mockClear();
  vi.useRealTimers();
});

function renderHarness({ desktop = { windows: true, macos: true, linux: true }, onUseAgent }: RenderOptions = {}) {
  mockApi({ 'GET /api/client/agent/releases': { status: 200, data: releases(desktop) } });
  render(
    <Provider store={apiStore()}>
      <MemoryRouter>
        <MantineProvider>
          <Harness onUseAgent={onUseAgent} />
        </MantineProvider>
      </MemoryRouter>
    </Provider>,
  );
}

interface RenderOptions {
  desktop?: { windows: boolean; macos: boolean; linux: boolean };
  onUseAgent?: () => void;
}

/** Opens the dialog and waits until it knows which installers the server has. */
async function openDialog(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: 'Open download' }));
  const dialog = await screen.findByRole('dialog', { name: 'Download Desktop Client' });
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Download & Install' })).toBeEnabled());
  return dialog;
}

describe('DownloadClientDialog', () => {
  it('closes itself 1 s after a download starts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderHarness();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download & Install' }));
    await within(dialog).findByRole('button', { name: 'Download & Install' });
    expect(downloadFile).toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.getByRole('status', { name: 'Dialog state' })).toHaveTextContent('open');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(screen.getByRole('status', { name: 'Dialog state' })).toHaveTextContent('closed');
  });

  it('does not close a reopened dialog with the timer of an earlier download', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderHarness();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download & Install' }));
    await within(dialog).findByRole('button', { name: 'Download & Install' });

    // Closed by hand before the 1-second close, then opened again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('status', { name: 'Dialog state' })).toHaveTextContent('closed');
    fireEvent.click(screen.getByRole('button', { name: 'Open download' }));
    expect(screen.getByRole('status', { name: 'Dialog state' })).toHaveTextContent('open');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    expect(screen.getByRole('status', { name: 'Dialog state' })).toHaveTextContent('open');
  });

  it('explains the agent instead of offering an installer the server does not have', async () => {
    const onUseAgent = vi.fn();
    renderHarness({ desktop: { windows: true, macos: false, linux: false }, onUseAgent });
    fireEvent.click(screen.getByRole('button', { name: 'Open download' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download Desktop Client' });
    // happy-dom's user agent says Linux, which has no installer here.
    expect(within(dialog).getByRole('radio', { name: 'Linux' })).toBeChecked();
    expect(await within(dialog).findByText('The desktop client is not available on this server')).toBeInTheDocument();
    expect(within(dialog).getByText(/Connect this computer with the agent instead/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Download & Install' })).not.toBeInTheDocument();

    // On a system with an installer, the download is offered again.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Windows' }));
    expect(within(dialog).getByRole('button', { name: 'Download & Install' })).toBeEnabled();
    expect(within(dialog).queryByText('The desktop client is not available on this server')).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('radio', { name: 'macOS' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect with the agent' }));
    expect(onUseAgent).toHaveBeenCalledTimes(1);
    expect(downloadFile).not.toHaveBeenCalled();
  });

  it('links to the Devices screen when the screen that opened it has no agent to show', async () => {
    renderHarness({ desktop: { windows: false, macos: false, linux: false } });
    fireEvent.click(screen.getByRole('button', { name: 'Open download' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download Desktop Client' });
    expect(await within(dialog).findByRole('link', { name: 'Connect with the agent from the Devices screen' })).toHaveAttribute(
      'href',
      '/devices',
    );
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
  });
});
