import type Stripe from 'stripe';

import type { CardError, PaymentIntentStatus } from '@shared/api/payment';

import {
  ProviderUnavailableError,
  type CreatedIntent,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderIntent,
} from './provider';

/**
 * Stripe PaymentIntents (STRIPE_SECRET_KEY). The client confirms with Stripe Elements; we
 * create and retrieve, and learn outcomes from the webhook too. The client is made lazily:
 * the stripe package is loaded only when Stripe is configured.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private client: Promise<Stripe> | null = null;

  constructor(
    private readonly secretKey: string,
    readonly publishableKey: string | null,
    private readonly makeClient: (secretKey: string) => Promise<Stripe> = createStripeClient,
  ) {}

  private stripe(): Promise<Stripe> {
    this.client ??= this.makeClient(this.secretKey);
    return this.client;
  }

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    const stripe = await this.stripe();
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency,
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true },
        },
        input.idempotencyKey ? { idempotencyKey: `create:${input.metadata.userId}:${input.idempotencyKey}` } : undefined,
      );
      if (!intent.client_secret) throw new ProviderUnavailableError('Stripe returned no client secret');
      return { ...fromStripeIntent(intent), clientSecret: intent.client_secret };
    } catch (error) {
      throw asUnavailable(error);
    }
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    if (!/^pi_[A-Za-z0-9]+$/.test(id)) return null;
    const stripe = await this.stripe();
    try {
      return fromStripeIntent(await stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (isStripeError(error) && error.code === 'resource_missing') return null;
      throw asUnavailable(error);
    }
  }

  async clientSecretOf(id: string): Promise<string | null> {
    const stripe = await this.stripe();
    try {
      return (await stripe.paymentIntents.retrieve(id)).client_secret;
    } catch (error) {
      if (isStripeError(error) && error.code === 'resource_missing') return null;
      throw asUnavailable(error);
    }
  }
}

export async function createStripeClient(secretKey: string): Promise<Stripe> {
  const { default: StripeClient } = await import('stripe');
  return new StripeClient(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
}

/** The fields we use of a Stripe PaymentIntent. */
export function fromStripeIntent(
  intent: Pick<Stripe.PaymentIntent, 'id' | 'status' | 'amount' | 'currency' | 'metadata' | 'last_payment_error'>,
): ProviderIntent {
  return {
    id: intent.id,
    status: intent.status as PaymentIntentStatus,
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    lastError: fromStripeError(intent.last_payment_error),
  };
}

export function fromStripeError(
  error: Pick<Stripe.PaymentIntent.LastPaymentError, 'code' | 'decline_code' | 'message'> | null | undefined,
): CardError | null {
  if (!error) return null;
  return {
    code: error.code ?? 'card_error',
    ...(error.decline_code ? { declineCode: error.decline_code } : {}),
    message: error.message ?? 'Your card was declined.',
  };
}

function isStripeError(error: unknown): error is { code?: string; type?: string; message: string } {
  return typeof error === 'object' && error !== null && 'type' in error && typeof error.type === 'string';
}

function asUnavailable(error: unknown): Error {
  if (error instanceof ProviderUnavailableError) return error;
  return new ProviderUnavailableError(error instanceof Error ? error.message : 'Stripe request failed');
}
