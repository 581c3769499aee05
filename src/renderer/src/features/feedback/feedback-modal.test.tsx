// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';

import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

async function openFeedback() {
  fireEvent.click(await screen.findByRole('button', { name: 'Feedback' }));
  return screen.findByRole('dialog', { name: 'Send Feedback' });
}

function typeMessage(dialog: HTMLElement, value: string) {
  fireEvent.change(within(dialog).getByRole('textbox', { name: /Message/ }), { target: { value } });
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the feedback modal', () => {
  it('keeps Send disabled while empty and refuses a blank message with a toast', async () => {
    const api = mockApi({});
    renderApp('/app-list');
    const dialog = await openFeedback();
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    typeMessage(dialog, '   ');
    fireEvent.click(send);
    expect(await screen.findByText('Please enter a message')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/feedback')).toHaveLength(0);
  });

  it('sends the e-mail when one is given, and says so when sending fails', async () => {
    const api = mockApi({ 'POST /api/feedback': { status: 500, data: { code: ErrorCode.INTERNAL_ERROR, message: 'x' } } });
    renderApp('/app-list');
    const dialog = await openFeedback();
    typeMessage(dialog, 'The list page is slow.');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Email/ }), { target: { value: 'ada@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send feedback. Please try again.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/feedback')[0]?.body).toMatchObject({ type: 'bug', email: 'ada@example.com' });
    expect(within(dialog).queryByText('Thank you')).not.toBeInTheDocument();
  });

  it('is not offered on the payment page', async () => {
    mockApi({});
    renderApp('/settings');
    expect(await screen.findByRole('button', { name: 'Feedback' })).toBeInTheDocument();
    cleanup();
    renderApp('/payment-page?plan=premium');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Feedback' })).not.toBeInTheDocument();
  });
  // Last: it moves the clock.
  it('sends the feedback payload and thanks the user, then closes by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ 'POST /api/feedback': { status: 200, data: { success: true, id: 'f1' } } });
    renderApp('/app-list');
    const dialog = await openFeedback();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Suggestion' }));
    typeMessage(dialog, '  Export to Brewfile, please.  ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByText('Your feedback has been sent successfully.')).toBeInTheDocument();
    expect(within(dialog).getByText('Thank you')).toBeInTheDocument();
    const body = api.callsTo('POST', '/api/feedback')[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      type: 'suggestion',
      message: 'Export to Brewfile, please.',
      email: null,
      userAgent: navigator.userAgent,
      url: window.location.href,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Feedback' })).not.toBeInTheDocument());

    // Reopened after the 300 ms reset: a fresh form.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    const again = await openFeedback();
    expect(within(again).getByRole('textbox', { name: /Message/ })).toHaveValue('');
    expect(within(again).getByRole('radio', { name: 'Bug' })).toBeChecked();
  });
});
