// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { planStatus } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderApp, signIn, testUser } from '../../test/render-app';

/** Stripe.js cannot load here: a stand-in with the calls the page makes. */
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmCardPayment: vi.fn(),
  mount: vi.fn(),
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));

beforeEach(() => {
  localStorage.clear();
  signIn();
  const card = { mount: stripe.mount, on: vi.fn(), destroy: vi.fn() };
  stripe.loadStripe.mockResolvedValue({ elements: () => ({ create: () => card }), confirmCardPayment: stripe.confirmCardPayment });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the payment page with Stripe configured', () => {
  it('mounts Stripe Elements with the publishable key and confirms with the client secret and billing email', async () => {
    const api = mockApi({
      'GET /api/subscription/status': { status: 200, data: planStatus('free') },
      'GET /api/config': { status: 200, data: { googleClientId: null, stripePublishableKey: 'pk_test_123', version: '1.0.0' } },
      'POST /api/payment/create-payment-intent': {
        status: 200,
        data: {
          clientSecret: 'pi_9_secret_y',
          paymentIntentId: 'pi_9',
          amount: 999,
          currency: 'usd',
          publishableKey: 'pk_test_123',
          provider: 'stripe',
        },
      },
      'POST /api/payment/verify': { status: 200, data: { success: true } },
    });
    stripe.confirmCardPayment.mockResolvedValueOnce({ error: { message: 'Your card was declined.' } });
    stripe.confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_9', status: 'succeeded' } });
    const app = renderApp('/payment-page?plan=premium');

    await waitFor(() => expect(stripe.mount).toHaveBeenCalled());
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();

    const purchase = screen.getByRole('button', { name: 'Complete Purchase' });
    await waitFor(() => expect(purchase).toBeEnabled());
    fireEvent.click(purchase);
    expect(await screen.findByText('Payment failed: Your card was declined.')).toBeInTheDocument();
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_9_secret_y', {
      payment_method: { card: expect.anything(), billing_details: { email: testUser.email } },
    });

    fireEvent.click(purchase);
    await waitFor(() => expect(app.currentPath()).toBe('/pricing-page'));
    expect(api.callsTo('POST', '/api/payment/verify')[0]?.body).toEqual({ paymentIntentId: 'pi_9', planType: 'premium' });
  });

  it('says Payment system initialization failed when Stripe.js does not load', async () => {
    stripe.loadStripe.mockResolvedValue(null);
    mockApi({
      'GET /api/subscription/status': { status: 200, data: planStatus('free') },
      'GET /api/config': { status: 200, data: { googleClientId: null, stripePublishableKey: 'pk_test_123', version: '1.0.0' } },
      'POST /api/payment/create-payment-intent': {
        status: 200,
        data: {
          clientSecret: 's',
          paymentIntentId: 'pi_1',
          amount: 999,
          currency: 'usd',
          publishableKey: 'pk_test_123',
          provider: 'stripe',
        },
      },
    });
    renderApp('/payment-page?plan=premium');
    expect((await screen.findAllByText('Payment system initialization failed')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Complete Purchase' })).toBeDisabled();
  });
});
