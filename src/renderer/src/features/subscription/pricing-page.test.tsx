// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { notificationsStore } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';
import type { SubscriptionStatusResponse } from '@shared/api/subscription';
import { DEVICE_MANAGEMENT_FEATURE, PLANS } from '@shared/plans';

import { planStatus, planWithDowngrade } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderApp, signIn } from '../../test/render-app';

const card = (name: string) => screen.findByRole('article', { name: `${name} plan` });

async function cardState(name: string) {
  const element = await card(name);
  const buttons = within(element).queryAllByRole('button');
  const links = within(element).queryAllByRole('link');
  const control = [...buttons, ...links][0];
  return {
    header: element.querySelector('.mantine-Badge-label')?.textContent,
    button: control?.textContent,
    disabled: control instanceof HTMLButtonElement ? control.disabled : false,
    href: control?.getAttribute('href') ?? null,
  };
}

beforeEach(() => {
  localStorage.clear();
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
});
afterEach(cleanup);

describe('the pricing page, signed in', () => {
  beforeEach(() => signIn());

  it('on free: Current Plan on Free, Upgrade to each paid plan', async () => {
    mockApi({ 'GET /api/subscription/status': { status: 200, data: planStatus('free') } });
    renderApp('/pricing-page');
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    await waitFor(async () => expect((await cardState('Free')).header).toBe('Current Plan'));
    expect(await cardState('Free')).toMatchObject({ button: 'Current Plan', disabled: true });
    expect(await cardState('Premium')).toMatchObject({ header: 'Most Popular', button: 'Upgrade', href: '/payment-page?plan=premium' });
    expect(await cardState('Annual Premium')).toMatchObject({
      header: 'Best Value',
      button: 'Upgrade',
      href: '/payment-page?plan=annual-premium',
    });
    expect(screen.queryByText('Downgrade scheduled')).not.toBeInTheDocument();
  });

  it("states each plan's device, list and app limits on its card", async () => {
    mockApi({ 'GET /api/subscription/status': { status: 200, data: planStatus('free') } });
    renderApp('/pricing-page');
    const free = await card('Free');
    expect(within(free).getByText('Up to 3 devices')).toBeInTheDocument();
    expect(within(free).getByText('1 app list')).toBeInTheDocument();
    expect(within(free).getByText('Up to 5 apps')).toBeInTheDocument();
    expect(within(await card('Premium')).getByText('Up to 10 devices')).toBeInTheDocument();
    expect(within(await card('Premium')).getByText('Up to 25 apps per list')).toBeInTheDocument();
    expect(within(await card('Annual Premium')).getByText('Up to 25 devices')).toBeInTheDocument();
  });

  it('says under Advanced device management what it is, as under monitoring', async () => {
    mockApi({ 'GET /api/subscription/status': { status: 200, data: planStatus('free') } });
    renderApp('/pricing-page');
    const annual = await card('Annual Premium');
    const feature = within(annual).getByText(DEVICE_MANAGEMENT_FEATURE, { exact: false }).closest('li');
    const sentence = PLANS['annual-premium'].deviceManagement ?? '';
    expect(sentence).toMatch(/^Device groups:/);
    expect(within(feature as HTMLElement).getByText(sentence)).toBeInTheDocument();
    // The same dimmed small text as the monitoring line (on the Premium card: Annual Premium's says "Everything in Premium").
    const monitoring = within(await card('Premium')).getByText(PLANS.premium.monitoring);
    expect(within(feature as HTMLElement).getByText(sentence).className).toBe(monitoring.className);
    expect(within(await card('Premium')).queryByText(/^Device groups:/)).not.toBeInTheDocument();
    expect(within(await card('Free')).queryByText(/^Device groups:/)).not.toBeInTheDocument();
  });

  it('on annual premium: Downgrade on the lower plans', async () => {
    mockApi({ 'GET /api/subscription/status': { status: 200, data: planStatus('annual-premium') } });
    renderApp('/pricing-page');
    await waitFor(async () => expect((await cardState('Annual Premium')).header).toBe('Current Plan'));
    expect(await cardState('Premium')).toMatchObject({ header: 'Most Popular', button: 'Downgrade', disabled: false });
    expect(await cardState('Free')).toMatchObject({ header: 'Basic', button: 'Downgrade', disabled: false });
  });

  it('with a scheduled downgrade: Next Plan and Cancel Downgrade on the target, Contact Support on the other lower plan, the bar', async () => {
    mockApi({ 'GET /api/subscription/status': { status: 200, data: planWithDowngrade('annual-premium', 'free') } });
    renderApp('/pricing-page');
    await waitFor(async () => expect((await cardState('Free')).header).toBe('Next Plan'));
    expect(await cardState('Free')).toMatchObject({ button: 'Cancel Downgrade', disabled: false });
    expect(await cardState('Premium')).toMatchObject({ header: 'Most Popular', button: 'Contact Support', disabled: true });
    expect(await cardState('Annual Premium')).toMatchObject({ header: 'Current Plan', button: 'Current Plan', disabled: true });
    const bar = screen.getByRole('alert', { name: /Downgrade scheduled/ });
    expect(bar).toHaveTextContent('Your plan changes to Free on March 1, 2026. Until then you keep everything in Annual Premium.');
  });

  it('schedules a downgrade after the confirmation and shows it after the 1 s refresh', async () => {
    let status: SubscriptionStatusResponse = planStatus('premium');
    const statusFetches: number[] = [];
    // When the answer left: the page's refresh timer starts on it (seeing its text comes later).
    let answeredAt = 0;
    const api = mockApi({
      'GET /api/subscription/status': () => {
        statusFetches.push(Date.now());
        return { status: 200, data: status };
      },
      'POST /api/subscription/downgrade': () => {
        status = planWithDowngrade('premium', 'free');
        answeredAt = Date.now();
        return {
          status: 200,
          data: {
            success: true,
            newPlan: 'free',
            effectiveDate: '2026-03-01T00:00:00.000Z',
            message: 'Your plan stays Premium until 2026-03-01; then it becomes Free.',
            currentPlan: status.currentPlan,
          },
        };
      },
    });
    renderApp('/pricing-page');
    await waitFor(async () => expect((await cardState('Free')).button).toBe('Downgrade'));
    fireEvent.click(within(await card('Free')).getByRole('button', { name: 'Downgrade' }));

    const modal = await screen.findByRole('dialog', { name: 'Confirm Plan Downgrade' });
    expect(modal).toHaveTextContent('You keep your Premium features until the end of the billing period');
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirm Downgrade' }));

    expect(await screen.findByText('Your plan stays Premium until 2026-03-01; then it becomes Free.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.url === '/api/subscription/downgrade')?.body).toEqual({ targetPlan: 'free' });
    const fetchesBefore = statusFetches.length;
    await waitFor(async () => expect((await cardState('Free')).header).toBe('Next Plan'), { timeout: 5000 });
    expect(statusFetches.length).toBe(fetchesBefore + 1);
    expect(statusFetches.at(-1)! - answeredAt).toBeGreaterThanOrEqual(950);
    expect(screen.getByRole('alert', { name: /Downgrade scheduled/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cancels a scheduled downgrade from the bar', async () => {
    let status = planWithDowngrade('premium', 'free');
    mockApi({
      'GET /api/subscription/status': () => ({ status: 200, data: status }),
      'POST /api/subscription/cancel-downgrade': () => {
        status = planStatus('premium');
        return { status: 200, data: { success: true, currentPlan: status.currentPlan } };
      },
    });
    renderApp('/pricing-page');
    const bar = await screen.findByRole('alert', { name: /Downgrade scheduled/ });
    fireEvent.click(within(bar).getByRole('button', { name: 'Cancel Downgrade' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: /Downgrade scheduled/ })).not.toBeInTheDocument());
    expect(await cardState('Free')).toMatchObject({ header: 'Basic', button: 'Downgrade' });
  });

  it("says the product's words when a downgrade or its cancellation fails", async () => {
    mockApi({
      'GET /api/subscription/status': { status: 200, data: planWithDowngrade('annual-premium', 'premium') },
      'POST /api/subscription/cancel-downgrade': {
        status: 500,
        data: { code: ErrorCode.INTERNAL_ERROR, message: 'Internal server error' },
      },
    });
    renderApp('/pricing-page');
    fireEvent.click(await within(await card('Premium')).findByRole('button', { name: 'Cancel Downgrade' }));
    expect(await screen.findByText('An error occurred while cancelling your downgrade')).toBeInTheDocument();
  });

  it('says that a lower paid plan must be paid for when its turn comes', async () => {
    mockApi({ 'GET /api/subscription/status': { status: 200, data: planStatus('annual-premium') } });
    renderApp('/pricing-page');
    await waitFor(async () => expect((await cardState('Premium')).button).toBe('Downgrade'));
    fireEvent.click(within(await card('Premium')).getByRole('button', { name: 'Downgrade' }));
    const modal = await screen.findByRole('dialog', { name: 'Confirm Plan Downgrade' });
    expect(within(modal).getByText(/then pay for Premium to continue with it \(the Free plan applies until you do\)/)).toBeInTheDocument();
  });

  it('refuses a downgrade with the pricing message', async () => {
    mockApi({
      'GET /api/subscription/status': { status: 200, data: planStatus('premium') },
      'POST /api/subscription/downgrade': { status: 400, data: { code: ErrorCode.NOT_A_DOWNGRADE, message: 'Not a downgrade' } },
    });
    renderApp('/pricing-page');
    await waitFor(async () => expect((await cardState('Free')).button).toBe('Downgrade'));
    fireEvent.click(within(await card('Free')).getByRole('button', { name: 'Downgrade' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm Downgrade' }));
    expect(await screen.findByText('Failed to downgrade subscription')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Confirm Plan Downgrade' })).toBeInTheDocument();
  });

  it('says the payment succeeded once and takes payment_success out of the address', async () => {
    mockApi({ 'GET /api/subscription/status': { status: 200, data: planStatus('premium') } });
    const app = renderApp('/pricing-page?payment_success=true');
    expect(await screen.findByText('Payment successful')).toBeInTheDocument();
    await waitFor(() => expect(app.currentPath()).toBe('/pricing-page'));
    expect(await screen.findByText('Thank you! You are now on Premium.')).toBeInTheDocument();
  });

  it('falls back to /api/subscription/test, then to the free plan', async () => {
    const api = mockApi({
      'GET /api/subscription/status': { status: 500, data: { code: ErrorCode.INTERNAL_ERROR, message: 'Internal server error' } },
      'GET /api/subscription/test': { status: 200, data: planStatus('premium') },
    });
    renderApp('/pricing-page');
    await waitFor(async () => expect((await cardState('Premium')).header).toBe('Current Plan'));
    expect(api.calls.map((call) => call.url)).toContain('/api/subscription/test');
    cleanup();

    mockApi({});
    renderApp('/pricing-page');
    expect(await screen.findByText('Failed to fetch subscription status')).toBeInTheDocument();
    expect(await cardState('Free')).toMatchObject({ header: 'Current Plan', button: 'Current Plan' });
  });
});

describe('the pricing page, signed out', () => {
  it('offers Sign Up and upgrades through sign-in', async () => {
    renderApp('/pricing-page');
    expect(await cardState('Free')).toMatchObject({ header: 'Basic', button: 'Sign Up' });
    expect((await cardState('Premium')).href).toMatch(/^\/sign-in\?redirect=/);
  });
});
