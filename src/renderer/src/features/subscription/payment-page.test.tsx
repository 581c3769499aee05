// @vitest-environment happy-dom
import '../../test/dom-stubs';

import { notificationsStore } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';
import type { SandboxConfirmResponse } from '@shared/api/payment';

import { planStatus } from '../../test/factories';
import { mockApi, type MockRoutes, type RecordedCall } from '../../test/mock-api';
import { renderApp, signIn, testUser } from '../../test/render-app';
import { CARD_MESSAGES, cardFormSchema, formatCardNumber, formatExpiry, passesLuhn } from './card-form-schema';

/** The sandbox as the server's cards.ts answers for Stripe's test numbers. */
function sandboxAnswer(call: RecordedCall): SandboxConfirmResponse {
  const { cardNumber } = call.body as { cardNumber: string };
  switch (cardNumber.replace(/\s/g, '')) {
    case '4242424242424242':
      return { paymentIntent: { id: 'pi_1', status: 'succeeded' } };
    case '4000000000000002':
      return { error: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } };
    case '4000000000009995':
      return { error: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' } };
    case '4000002760003184':
      return { paymentIntent: { id: 'pi_1', status: 'requires_action' } };
    default:
      return { paymentIntent: { id: 'pi_1', status: 'processing' } };
  }
}

/** The sandbox's answer to the 3-D Secure challenge. */
function challengeAnswer(call: RecordedCall): SandboxConfirmResponse {
  return (call.body as { result: string }).result === 'complete'
    ? { paymentIntent: { id: 'pi_1', status: 'succeeded' } }
    : { error: { code: 'payment_intent_authentication_failure', message: AUTHENTICATION_FAILED } };
}
const AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

function paymentRoutes(extra: MockRoutes = {}) {
  let intents = 0;
  return mockApi({
    'GET /api/subscription/status': { status: 200, data: planStatus('free') },
    'GET /api/config': { status: 200, data: { googleClientId: null, stripePublishableKey: null, version: '1.0.0' } },
    'POST /api/payment/create-payment-intent': (call) => {
      intents += 1;
      const { plan } = call.body as { plan: string };
      const amount = plan === 'annual_premium' ? 9900 : 999;
      return {
        status: 200,
        data: {
          clientSecret: `pi_${intents}_secret_x`,
          paymentIntentId: `pi_${intents}`,
          amount,
          currency: 'usd',
          publishableKey: null,
          provider: 'sandbox',
        },
      };
    },
    'POST /api/payment/sandbox/confirm': (call) => ({ status: 200, data: sandboxAnswer(call) }),
    'POST /api/payment/sandbox/authenticate': (call) => ({ status: 200, data: challengeAnswer(call) }),
    'POST /api/payment/verify': () => ({ status: 200, data: { success: true, currentPlan: planStatus('annual-premium').currentPlan } }),
    ...extra,
  });
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
function enterCard(number: string, expiry = '12 / 34', cvc = '123') {
  fireEvent.change(field('Card number'), { target: { value: number } });
  fireEvent.change(field('Expiration date'), { target: { value: expiry } });
  fireEvent.change(field('Security code'), { target: { value: cvc } });
}
const purchase = () => fireEvent.click(screen.getByRole('button', { name: 'Complete Purchase' }));
const ready = () => screen.findByLabelText('Card number', { selector: 'input' });

beforeEach(() => {
  localStorage.clear();
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  signIn();
});
afterEach(cleanup);

describe('the payment page', () => {
  it.each(['/payment-page', '/payment-page?plan=free', '/payment-page?plan=gold'])(
    '%s: No plan selected, back to pricing',
    async (path) => {
      mockApi({ 'GET /api/subscription/status': { status: 200, data: planStatus('free') } });
      const app = renderApp(path);
      expect(await screen.findByText('No plan selected')).toBeInTheDocument();
      await waitFor(() => expect(app.currentPath()).toBe('/pricing-page'));
    },
  );

  it('shows the plan and the total from the catalogue, and asks for an intent of that amount only when Pay is pressed', async () => {
    const api = paymentRoutes();
    renderApp('/payment-page?plan=annual-premium');
    expect(await screen.findByRole('heading', { name: 'Complete Your Purchase' })).toBeInTheDocument();
    expect(screen.getByText('Annual Premium Plan')).toBeInTheDocument();
    expect(screen.getByTestId('payment-total')).toHaveTextContent('$99.00');
    await ready();
    // Opening the page (or leaving it) makes no payment.
    expect(api.callsTo('POST', '/api/payment/create-payment-intent')).toHaveLength(0);
    enterCard('4242 4242 4242 4242');
    purchase();
    await waitFor(() => expect(api.callsTo('POST', '/api/payment/create-payment-intent')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/payment/create-payment-intent')[0]?.body).toEqual({ plan: 'annual_premium', amount: 9900 });
    expect(api.callsTo('POST', '/api/payment/create-payment-intent')[0]?.headers['idempotency-key']).toMatch(/^payment-[0-9a-f]{32}$/);
    cleanup();

    paymentRoutes();
    renderApp('/payment-page?plan=premium');
    expect(await screen.findByText('Monthly Premium Plan')).toBeInTheDocument();
    expect(screen.getByTestId('payment-total')).toHaveTextContent('$9.99');
  });

  it('checks the card like Stripe does before sending anything', async () => {
    const api = paymentRoutes();
    renderApp('/payment-page?plan=premium');
    await ready();
    purchase();
    expect(await screen.findByText(CARD_MESSAGES.numberIncomplete)).toBeInTheDocument();
    expect(screen.getByText(CARD_MESSAGES.expiryIncomplete)).toBeInTheDocument();
    expect(screen.getByText(CARD_MESSAGES.cvcIncomplete)).toBeInTheDocument();
    expect(field('Card number')).toHaveFocus();

    enterCard('4242424242424241', '01 / 20', '12');
    expect(field('Card number')).toHaveValue('4242 4242 4242 4241');
    purchase();
    expect(await screen.findByText(CARD_MESSAGES.numberInvalid)).toBeInTheDocument();
    expect(screen.getByText(CARD_MESSAGES.expiryYearPast)).toBeInTheDocument();
    expect(screen.getByText(CARD_MESSAGES.cvcIncomplete)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/payment/sandbox/confirm')).toHaveLength(0);
  });

  it.each([
    ['4000 0000 0000 0002', 'Payment failed: Your card was declined.'],
    ['4000 0000 0000 9995', 'Payment failed: Your card has insufficient funds.'],
    ['5105 1051 0510 5100', 'Payment not completed. Status: processing'],
  ])('card %s: %s', async (number, message) => {
    const api = paymentRoutes();
    renderApp('/payment-page?plan=premium');
    await ready();
    enterCard(number);
    purchase();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/payment/sandbox/confirm')[0]?.body).toEqual({
      clientSecret: 'pi_1_secret_x',
      cardNumber: number.replace(/\s/g, ''),
      expiry: '12/34',
      cvc: '123',
      billingEmail: testUser.email,
    });
    expect(api.callsTo('POST', '/api/payment/verify')).toHaveLength(0);

    // The next try asks the server for the intent again (it answers the same unpaid one, or a new one).
    enterCard('4242 4242 4242 4242');
    purchase();
    await waitFor(() => expect(api.callsTo('POST', '/api/payment/verify')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/payment/sandbox/confirm')[1]?.body).toMatchObject({ clientSecret: 'pi_2_secret_x' });
  });

  it('4242: verifies, refreshes the plan and returns to pricing, which says so once', async () => {
    const api = paymentRoutes();
    const app = renderApp('/payment-page?plan=annual-premium');
    await ready();
    enterCard('4242 4242 4242 4242');
    purchase();
    await waitFor(() => expect(app.currentPath()).toBe('/pricing-page'));
    expect(api.callsTo('POST', '/api/payment/verify')[0]?.body).toEqual({ paymentIntentId: 'pi_1', planType: 'annual_premium' });
    expect(api.callsTo('GET', '/api/subscription/status').length).toBeGreaterThanOrEqual(1);
    expect(await screen.findByText('Payment successful')).toBeInTheDocument();
    expect(screen.getAllByText(/Payment successful/)).toHaveLength(1);
  });

  it('4000 0027 6000 3184: the 3-D Secure challenge; completing it pays and changes the plan', async () => {
    const api = paymentRoutes();
    const app = renderApp('/payment-page?plan=premium');
    await ready();
    enterCard('4000 0027 6000 3184');
    purchase();
    const challenge = await screen.findByRole('dialog', { name: 'Authenticate this payment' });
    expect(challenge).toHaveTextContent('$9.99');
    expect(api.callsTo('POST', '/api/payment/verify')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Complete authentication' }));
    await waitFor(() => expect(app.currentPath()).toBe('/pricing-page'));
    expect(api.callsTo('POST', '/api/payment/sandbox/authenticate')[0]?.body).toEqual({
      clientSecret: 'pi_1_secret_x',
      result: 'complete',
    });
    expect(api.callsTo('POST', '/api/payment/verify')[0]?.body).toEqual({ paymentIntentId: 'pi_1', planType: 'premium' });
  });

  it.each([
    ['Fail authentication', 'fails it'],
    ['Close', 'closes it'],
  ])('the 3-D Secure challenge: %s %s, the plan stays and the page says why', async (button) => {
    const api = paymentRoutes();
    const app = renderApp('/payment-page?plan=premium');
    await ready();
    enterCard('4000 0027 6000 3184');
    purchase();
    await screen.findByRole('dialog', { name: 'Authenticate this payment' });
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(`Payment failed: ${AUTHENTICATION_FAILED}`)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/payment/sandbox/authenticate')[0]?.body).toMatchObject({ result: 'fail' });
    expect(api.callsTo('POST', '/api/payment/verify')).toHaveLength(0);
    expect(app.currentPath()).toBe('/payment-page?plan=premium');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says Verification failed when the server does not accept the payment', async () => {
    const api = paymentRoutes({
      'POST /api/payment/verify': { status: 400, data: { code: ErrorCode.PAYMENT_NOT_SUCCEEDED, message: 'Payment not succeeded' } },
    });
    const app = renderApp('/payment-page?plan=premium');
    await ready();
    enterCard('4242 4242 4242 4242');
    purchase();
    expect(await screen.findByText('Verification failed')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/payment/verify')).toHaveLength(1);
    expect(app.currentPath()).toBe('/payment-page?plan=premium');
  });

  it('says Payment system initialization failed when no intent can be created', async () => {
    const api = paymentRoutes({
      'POST /api/payment/create-payment-intent': {
        status: 503,
        data: { code: ErrorCode.PAYMENT_PROVIDER_UNAVAILABLE, message: 'Payments are unavailable' },
      },
    });
    renderApp('/payment-page?plan=premium');
    await ready();
    enterCard('4242 4242 4242 4242');
    purchase();
    expect(
      await screen.findByText('Payment system initialization failed: The payment provider could not be reached. Please try again.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/payment/sandbox/confirm')).toHaveLength(0);
  });

  it('says Payment system initialization failed when the server cannot say how to pay', async () => {
    paymentRoutes({
      'GET /api/config': { status: 500, data: { code: ErrorCode.INTERNAL_ERROR, message: 'Internal server error' } },
    });
    renderApp('/payment-page?plan=premium');
    expect(await screen.findByText('Payment system initialization failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Purchase' })).toBeDisabled();
  });
});

describe('the sandbox card checks', () => {
  it('Luhn, formatting, and expiry against the clock', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(formatCardNumber('4000002760003184')).toBe('4000 0027 6000 3184');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('4')).toBe('04');
    const schema = cardFormSchema(() => new Date('2026-05-10T00:00:00Z'));
    const parse = (expiry: string) => schema.safeParse({ cardNumber: '4242 4242 4242 4242', expiry, cvc: '123' });
    expect(parse('05 / 26').success).toBe(true);
    expect(parse('04 / 26').error?.issues[0]?.message).toBe(CARD_MESSAGES.expiryPast);
    expect(parse('13 / 30').error?.issues[0]?.message).toBe(CARD_MESSAGES.expiryMonthInvalid);
    expect(parse('05 / 26').data).toEqual({ cardNumber: '4242424242424242', expiry: '05/26', cvc: '123' });
  });
});
