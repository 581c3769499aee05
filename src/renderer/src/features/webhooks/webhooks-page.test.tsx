// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { notificationsStore } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';
import { WEBHOOK_DELIVERIES_PAGE_MAX, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_EVENT_LABELS } from '@shared/api/webhooks';
import type { PlanId } from '@shared/plans';

import { WEBHOOK_DELIVERIES_PAGE } from '../../api/webhooks';
import { makeWebhook, planStatus } from '../../test/factories';
import { mockApi, type MockRoutes } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuv';

const chat = makeWebhook({
  id: 'w1',
  url: 'https://chat.example.com/hooks/loadout',
  description: 'Team chat',
  events: ['installation.finished', 'drift.detected'],
  lastDelivery: { status: 'succeeded', at: '2026-01-02T10:00:00.000Z' },
});
const tickets = makeWebhook({
  id: 'w2',
  url: 'https://tickets.example.com/in',
  events: ['machine.silent'],
  enabled: false,
  disabledReason: 'Every delivery failed for a day',
});

function serve(routes: MockRoutes, plan: PlanId = 'premium') {
  return mockApi({
    'GET /api/subscription/status': { status: 200, data: planStatus(plan) },
    'GET /api/lists': { status: 200, data: [] },
    ...routes,
  });
}

function toasts(): string[] {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((toast) => (typeof toast.message === 'string' ? toast.message : ''));
}

async function openAddDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
  return screen.findByRole('dialog', { name: 'Add endpoint' });
}

function fill(dialog: HTMLElement, url: string, events: string[]) {
  fireEvent.change(within(dialog).getByRole('textbox', { name: /^URL/ }), { target: { value: url } });
  for (const label of events) fireEvent.click(within(dialog).getByRole('checkbox', { name: new RegExp(`^${label}`) }));
}

beforeEach(() => {
  localStorage.clear();
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  signIn();
});
afterEach(cleanup);

describe('the Webhooks screen', () => {
  it('tells a new user what webhooks are for and how to start', async () => {
    serve({ 'GET /api/webhooks': { status: 200, data: { endpoints: [] } } });
    renderApp('/webhooks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    expect(await screen.findByText('No endpoints yet')).toBeInTheDocument();
    expect(screen.getByText(/^Webhooks tell your own tools what happens in Loadout as it happens/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add endpoint' })).toBeEnabled();
    expect(screen.queryByText(/part of Premium/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('shows each endpoint with its address, events, state and last delivery', async () => {
    serve({ 'GET /api/webhooks': { status: 200, data: { endpoints: [chat, tickets] } } });
    renderApp('/webhooks');
    const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
    const first = within(list).getByRole('listitem', { name: chat.url });
    expect(within(first).getByRole('link', { name: chat.url })).toHaveAttribute('href', '/webhooks/w1');
    expect(within(first).getByText('Team chat')).toBeInTheDocument();
    expect(within(first).getByText('installation.finished')).toBeInTheDocument();
    expect(within(first).getByText('drift.detected')).toBeInTheDocument();
    expect(within(first).getByText('On')).toBeInTheDocument();
    expect(within(first).getByText(/^Last delivery succeeded,/)).toBeInTheDocument();

    const second = within(list).getByRole('listitem', { name: tickets.url });
    expect(within(second).getByText('Turned off by Loadout')).toBeInTheDocument();
    expect(within(second).getByText('Nothing sent yet')).toBeInTheDocument();
  });

  it('adds an endpoint and shows its signing secret once, then opens it', async () => {
    const created = makeWebhook({
      id: 'w3',
      url: 'https://hooks.example.com/loadout',
      events: ['installation.finished', 'rollback.finished'],
    });
    const api = serve({
      'GET /api/webhooks': { status: 200, data: { endpoints: [] } },
      'POST /api/webhooks': { status: 201, data: { endpoint: created, secret: SECRET } },
      'GET /api/webhooks/w3': { status: 200, data: created },
      'GET /api/webhooks/w3/deliveries': { status: 200, data: { deliveries: [], total: 0, offset: 0 } },
    });
    const view = renderApp('/webhooks');
    const dialog = await openAddDialog();
    fill(dialog, '  https://hooks.example.com/loadout ', [
      WEBHOOK_EVENT_LABELS['rollback.finished'],
      WEBHOOK_EVENT_LABELS['installation.finished'],
    ]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'Build bot' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const shown = await screen.findByRole('dialog', { name: 'Endpoint added: its signing secret' });
    expect(within(shown).getByTestId('webhook-secret')).toHaveTextContent(SECRET);
    expect(within(shown).getByRole('button', { name: 'Copy signing secret' })).toBeInTheDocument();
    expect(within(shown).getByText('Copy this secret now')).toBeInTheDocument();
    expect(within(shown).getByRole('region', { name: 'How to check a delivery’s signature' })).toHaveTextContent(/HMAC-SHA256/);
    expect(within(shown).getByRole('link', { name: 'Webhooks in the API reference' })).toHaveAttribute('href', '/api/docs#/webhooks');
    // The contract's order, whatever order they were ticked in.
    expect(api.callsTo('POST', '/api/webhooks').map((call) => call.body)).toEqual([
      { url: 'https://hooks.example.com/loadout', description: 'Build bot', events: ['installation.finished', 'rollback.finished'] },
    ]);

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(view.currentPath()).toBe('/webhooks/w3'));
    expect(await screen.findByRole('heading', { level: 1, name: created.url })).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    // Nothing holds it after the dialog: not the store either.
    expect(JSON.stringify(view.store.getState())).not.toContain(SECRET);
  });

  it('says under the URL why the server refused the address, and keeps the dialog open', async () => {
    const message = 'Webhook addresses must be public: 10.0.0.5 is a private address';
    const api = serve({
      'GET /api/webhooks': { status: 200, data: { endpoints: [] } },
      'POST /api/webhooks': { status: 400, data: { code: ErrorCode.WEBHOOK_ADDRESS_NOT_ALLOWED, message } },
    });
    renderApp('/webhooks');
    const dialog = await openAddDialog();
    fill(dialog, 'https://10.0.0.5/hook', [WEBHOOK_EVENT_LABELS['drift.detected']]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    const url = within(dialog).getByRole('textbox', { name: /^URL/ });
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(new RegExp(message));
    expect(api.callsTo('POST', '/api/webhooks')).toHaveLength(1);
    expect(toasts()).not.toContain(message);
    expect(screen.getByRole('dialog', { name: 'Add endpoint' })).toBeInTheDocument();
  });

  it('refuses an address that is not https and a form without events before sending anything', async () => {
    const api = serve({ 'GET /api/webhooks': { status: 200, data: { endpoints: [] } } });
    renderApp('/webhooks');
    const dialog = await openAddDialog();
    fill(dialog, 'http://hooks.example.com/loadout', []);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('The address must start with https://')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/webhooks')).toHaveLength(0);
  });

  it('says so when the account has the most endpoints it may have', async () => {
    const endpoints = Array.from({ length: WEBHOOK_ENDPOINTS_MAX }, (_, index) => makeWebhook({ id: `w${index}` }));
    serve({ 'GET /api/webhooks': { status: 200, data: { endpoints } } });
    renderApp('/webhooks');
    await screen.findByRole('list', { name: 'Webhook endpoints' });
    const add = screen.getByRole('button', { name: 'Add endpoint' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(
      `You have ${WEBHOOK_ENDPOINTS_MAX} endpoints, the most one account may have. Delete one to add another.`,
    );
  });

  it('on the free plan: says what webhooks do and where to get them, and asks nothing of the webhooks API', async () => {
    const api = serve({}, 'free');
    renderApp('/webhooks');
    expect(await screen.findByText(/^Webhooks are part of Premium and Annual Premium/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute('href', '/pricing-page');
    const add = screen.getByRole('button', { name: 'Add endpoint' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(/Webhooks are part of Premium/);
    expect(api.callsTo('GET', '/api/webhooks')).toHaveLength(0);
  });

  it('shows the plan note when the server refuses for the plan', async () => {
    serve({
      'GET /api/webhooks': { status: 403, data: { code: ErrorCode.PLAN_FEATURE_REQUIRED, message: 'Webhooks are part of Premium' } },
    });
    renderApp('/webhooks');
    expect(await screen.findByText(/^Webhooks are part of Premium and Annual Premium/)).toBeInTheDocument();
    expect(screen.queryByText(/We could not load/)).not.toBeInTheDocument();
  });

  it('says so when the endpoints cannot be loaded, and tries again', async () => {
    let calls = 0;
    serve({
      'GET /api/webhooks': () =>
        calls++ === 0
          ? { status: 500, data: { code: ErrorCode.INTERNAL_ERROR, message: 'Internal error' } }
          : { status: 200, data: { endpoints: [chat] } },
    });
    renderApp('/webhooks');
    expect(await screen.findByText('We could not load your webhooks.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: chat.url })).toBeInTheDocument();
  });

  it('asks for a page of deliveries the contract allows', () => {
    expect(WEBHOOK_DELIVERIES_PAGE).toBeLessThanOrEqual(WEBHOOK_DELIVERIES_PAGE_MAX);
  });
});
