// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { notificationsStore } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';
import { WEBHOOK_EVENT_LABELS, type WebhookDelivery } from '@shared/api/webhooks';
import type { PlanId } from '@shared/plans';

import { makeWebhook, makeWebhookAttempt, makeWebhookDelivery, makeWebhookDeliveryDetail, planStatus } from '../../test/factories';
import { mockApi, type MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const MINUTE_MS = 60_000;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE_MS).toISOString();

const endpoint = makeWebhook({
  id: 'w1',
  url: 'https://hooks.example.com/loadout',
  description: 'Build bot',
  events: ['installation.finished', 'machine.silent'],
});

const pinged = makeWebhookDelivery({ id: 'd1', eventType: 'ping', createdAt: '2026-01-02T10:00:00.000Z' });
const failing = makeWebhookDelivery({
  id: 'd2',
  eventType: 'installation.finished',
  status: 'pending',
  attempts: 2,
  responseStatus: 500,
  nextAttemptAt: inMinutes(4),
  createdAt: '2026-01-02T11:00:00.000Z',
});
const replayed = makeWebhookDelivery({ id: 'd3', eventType: 'machine.silent', replayOf: 'd0', createdAt: '2026-01-02T12:00:00.000Z' });

function log(deliveries: WebhookDelivery[], total = deliveries.length) {
  return { status: 200 as const, data: { deliveries, total, offset: 0 } };
}

function serve(routes: MockRoutes, plan: PlanId = 'premium') {
  return mockApi({
    'GET /api/subscription/status': { status: 200, data: planStatus(plan) },
    'GET /api/lists': { status: 200, data: [] },
    'GET /api/webhooks/w1': { status: 200, data: endpoint },
    'GET /api/webhooks/w1/deliveries': log([]),
    ...routes,
  });
}

function toasts(): string[] {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((toast) => (typeof toast.message === 'string' ? toast.message : ''));
}

async function deliveryRows() {
  const table = await screen.findByRole('table', { name: 'Deliveries' });
  return within(table).getAllByRole('row').slice(1);
}

beforeEach(() => {
  localStorage.clear();
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  signIn();
});
afterEach(cleanup);

describe('an endpoint’s page', () => {
  it('shows the address, its state, the events in words and an empty log', async () => {
    serve({});
    renderApp('/webhooks/w1');
    expect(await screen.findByRole('heading', { level: 1, name: endpoint.url })).toBeInTheDocument();
    expect(screen.getByText('Build bot')).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
    const events = screen.getByRole('list', { name: 'Events sent to this endpoint' });
    expect(within(events).getByText(new RegExp(`^${WEBHOOK_EVENT_LABELS['installation.finished']}`))).toBeInTheDocument();
    expect(within(events).getByText(new RegExp(`^${WEBHOOK_EVENT_LABELS['machine.silent']}`))).toBeInTheDocument();
    expect(await screen.findByText('Nothing sent yet. Send a test event to see how your endpoint answers.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All webhooks' })).toHaveAttribute('href', '/webhooks');
  });

  it('lists deliveries newest first with status, attempts, answer, time and replays, and when a retry is due', async () => {
    serve({ 'GET /api/webhooks/w1/deliveries': log([replayed, failing, pinged]) });
    renderApp('/webhooks/w1');
    const [first, second, third] = await deliveryRows();
    expect(within(first!).getByRole('button', { name: 'machine.silent' })).toBeInTheDocument();
    expect(within(first!).getByText('Replay')).toBeInTheDocument();
    expect(within(first!).getByText('Succeeded')).toBeInTheDocument();

    expect(within(second!).getByText('Retrying')).toBeInTheDocument();
    expect(within(second!).getByText(/^Next try in 4 min, at /)).toBeInTheDocument();
    expect(within(second!).getByText('500')).toBeInTheDocument();
    expect(within(second!).getByText('2')).toBeInTheDocument();
    expect(within(second!).queryByText('Replay')).toBeNull();

    expect(within(third!).getByRole('button', { name: 'ping' })).toBeInTheDocument();
    expect(within(third!).getByText('200')).toBeInTheDocument();
    expect(within(third!).getByRole('time')).toHaveAttribute('dateTime', pinged.createdAt);
  });

  it('opens a delivery with its body as sent and every attempt, and replays it', async () => {
    const failed = makeWebhookDelivery({
      id: 'd4',
      eventType: 'installation.finished',
      status: 'failed',
      attempts: 2,
      responseStatus: 500,
    });
    const body = JSON.stringify({ id: 'evt-d4', type: 'installation.finished', data: { installationId: 'inst-9' } });
    const again = makeWebhookDelivery({ id: 'd5', eventType: 'installation.finished', status: 'pending', attempts: 0, replayOf: 'd4' });
    const api = serve({
      'GET /api/webhooks/w1/deliveries': log([failed]),
      'GET /api/webhooks/w1/deliveries/d4': {
        status: 200,
        data: makeWebhookDeliveryDetail(failed, {
          requestBody: body,
          attemptLog: [
            makeWebhookAttempt({ responseStatus: null, responseBody: null, error: 'Timed out after 10 s', durationMs: 10_000 }),
            makeWebhookAttempt({ at: '2026-01-02T10:01:00.000Z', responseStatus: 500, responseBody: 'upstream broke', durationMs: 87 }),
          ],
        }),
      },
      'POST /api/webhooks/w1/deliveries/d4/replay': { status: 202, data: { delivery: again } },
    });
    renderApp('/webhooks/w1');
    const [row] = await deliveryRows();
    fireEvent.click(within(row!).getByRole('button', { name: 'installation.finished' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delivery of installation.finished' });
    const request = await within(dialog).findByRole('region', { name: 'Request body' });
    expect(request.textContent).toContain('"installationId": "inst-9"');
    expect(within(dialog).getByRole('button', { name: 'Copy the body as sent' })).toBeInTheDocument();

    const first = within(dialog).getByRole('listitem', { name: 'Attempt 1' });
    expect(within(first).getByText('No answer')).toBeInTheDocument();
    expect(within(first).getByText('Timed out after 10 s')).toBeInTheDocument();
    expect(within(first).getByText(/10000 ms/)).toBeInTheDocument();
    const second = within(dialog).getByRole('listitem', { name: 'Attempt 2' });
    expect(within(second).getByText('Response 500')).toBeInTheDocument();
    expect(within(second).getByText('upstream broke')).toBeInTheDocument();
    expect(within(second).getByText(/87 ms/)).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Replay' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/webhooks/w1/deliveries/d4/replay')).toHaveLength(1));
    await waitFor(() => expect(toasts()).toContain('Sent again as a new delivery: it is at the top of the log.'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delivery of installation.finished' })).toBeNull());
    // The log is read again and shows the new delivery.
    await waitFor(() => expect(api.callsTo('GET', '/api/webhooks/w1/deliveries').length).toBeGreaterThan(1));
  });

  it('says why Loadout turned the endpoint off, and turns it on', async () => {
    const off = { ...endpoint, enabled: false, disabledReason: 'Every delivery for a day failed: the last answer was 503' };
    let current: typeof endpoint = off;
    const api = serve({
      'GET /api/webhooks/w1': () => ({ status: 200, data: current }),
      'PATCH /api/webhooks/w1': () => {
        current = { ...endpoint };
        return { status: 200, data: current };
      },
    });
    renderApp('/webhooks/w1');
    const notice = (await screen.findByText('Loadout turned this endpoint off')).closest<HTMLElement>('[role="alert"]') ?? document.body;
    expect(within(notice).getByText(off.disabledReason)).toBeInTheDocument();
    expect(screen.getByText('Turned off by Loadout')).toBeInTheDocument();
    const test = screen.getByRole('button', { name: 'Send test event' });
    expect(test).toBeDisabled();
    expect(test).toHaveAccessibleDescription(/Loadout turned this endpoint off/);

    fireEvent.click(within(notice).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/webhooks/w1').map((call) => call.body)).toEqual([{ enabled: true }]));
    await waitFor(() => expect(screen.queryByText('Loadout turned this endpoint off')).toBeNull());
    expect(screen.getByRole('button', { name: 'Send test event' })).toBeEnabled();
    expect(toasts()).toContain('Endpoint turned on: new events are sent to it again.');
  });

  it('says when every try lately has failed, and what Loadout does next', async () => {
    serve({ 'GET /api/webhooks/w1': { status: 200, data: { ...endpoint, failingSince: '2026-01-02T11:00:00.000Z' } } });
    renderApp('/webhooks/w1');
    expect(await screen.findByText('Deliveries are failing')).toBeInTheDocument();
    expect(screen.getByText(/After a day of failures it turns the endpoint off and e-mails you\.$/)).toBeInTheDocument();
    expect(screen.getByText('Failing')).toBeInTheDocument();
  });

  it('sends a test event and shows its delivery', async () => {
    const sent = makeWebhookDelivery({ id: 'd9', status: 'pending', attempts: 0, responseStatus: null });
    let deliveries: WebhookDelivery[] = [];
    const api = serve({
      'GET /api/webhooks/w1/deliveries': () => log(deliveries),
      'POST /api/webhooks/w1/test': () => {
        deliveries = [sent];
        return { status: 202, data: { delivery: sent } };
      },
    });
    renderApp('/webhooks/w1');
    fireEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    const [row] = await deliveryRows();
    expect(within(row!).getByText('Pending')).toBeInTheDocument();
    expect(within(row!).getByText('Sending…')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/webhooks/w1/test')).toHaveLength(1);
    expect(toasts()).toContain('Test event sent: its delivery is at the top of the log.');
  });

  it('rolls the secret after asking, and shows the new one once', async () => {
    const api = serve({ 'POST /api/webhooks/w1/secret': { status: 200, data: { endpoint, secret: 'whsec_new0123456789' } } });
    renderApp('/webhooks/w1');
    fireEvent.click(await screen.findByRole('button', { name: 'Roll secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Roll the signing secret?' });
    expect(within(confirm).getByText(/The old secret stops signing at once/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/webhooks/w1/secret')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Roll secret' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new signing secret' });
    expect(within(shown).getByTestId('webhook-secret')).toHaveTextContent('whsec_new0123456789');
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('whsec_new0123456789')).toBeNull());
  });

  it('edits the address and events', async () => {
    const api = serve({ 'PATCH /api/webhooks/w1': { status: 200, data: { ...endpoint, url: 'https://hooks.example.com/v2' } } });
    renderApp('/webhooks/w1');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    const url = within(dialog).getByRole('textbox', { name: /^URL/ });
    expect(url).toHaveValue(endpoint.url);
    fireEvent.change(url, { target: { value: 'https://hooks.example.com/v2' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: new RegExp(`^${WEBHOOK_EVENT_LABELS['machine.silent']}`) }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/webhooks/w1').map((call) => call.body)).toEqual([
        { url: 'https://hooks.example.com/v2', description: 'Build bot', events: ['installation.finished'] },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit endpoint' })).toBeNull());
  });

  it('deletes the endpoint after asking, and goes back to the list', async () => {
    const api = serve({
      'DELETE /api/webhooks/w1': { status: 200, data: { success: true } },
      'GET /api/webhooks': { status: 200, data: { endpoints: [] } },
    });
    const view = renderApp('/webhooks/w1');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete endpoint?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() => expect(view.currentPath()).toBe('/webhooks'));
    expect(api.callsTo('DELETE', '/api/webhooks/w1')).toHaveLength(1);
    expect(await screen.findByText('No endpoints yet')).toBeInTheDocument();
  });

  it('pages through a long log', async () => {
    const older = makeWebhookDelivery({ id: 'd-old', eventType: 'drift.detected' });
    const api = serve({
      'GET /api/webhooks/w1/deliveries': (call) => (call.query.offset === '20' ? log([older], 45) : log([pinged], 45)),
    });
    renderApp('/webhooks/w1');
    await deliveryRows();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('button', { name: 'drift.detected' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/webhooks/w1/deliveries').map((call) => call.query)).toContainEqual({ offset: '20', limit: '20' });
  });

  it('says when the endpoint is not there', async () => {
    serve({ 'GET /api/webhooks/w1': { status: 404, data: { code: ErrorCode.WEBHOOK_NOT_FOUND, message: 'Webhook not found' } } });
    renderApp('/webhooks/w1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Endpoint not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('href', '/webhooks');
  });

  it('on the free plan: the plan note, and nothing asked of the webhooks API', async () => {
    const api = serve({}, 'free');
    renderApp('/webhooks/w1');
    expect(await screen.findByText(/^Webhooks are part of Premium and Annual Premium/)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.url.startsWith('/api/webhooks'))).toHaveLength(0);
  });
});
