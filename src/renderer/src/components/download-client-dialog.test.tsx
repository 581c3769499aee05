// @vitest-environment happy-dom
import '../test/dom-stubs';

import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DownloadClientDialog } from './download-client-dialog';

const downloadFile = vi.hoisted(() => vi.fn(() => Promise.resolve(null)));
vi.mock('../lib/save-file', () => ({ downloadFile }));

/** Kept mounted while closed, as the device selection modal keeps it. */
function Harness() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button onClick={() => setOpened(true)}>Open download</button>
      <output aria-label="Dialog state">{opened ? 'open' : 'closed'}</output>
      <DownloadClientDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

afterEach(() => {
  cleanup();
  downloadFile.mockClear();
  vi.useRealTimers();
});

function renderHarness() {
  render(
    <MantineProvider>
      <Harness />
    </MantineProvider>,
  );
}

describe('DownloadClientDialog', () => {
  it('closes itself 1 s after a download starts (SPEC §4 "Desktop download")', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Open download' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download Desktop Client' });
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
    fireEvent.click(screen.getByRole('button', { name: 'Open download' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download Desktop Client' });
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
});
