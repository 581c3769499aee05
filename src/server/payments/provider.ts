import type { CardError, PaymentIntentStatus, PaymentProviderName } from '@shared/api/payment';

/**
 * One interface for the card-payment providers: the built-in sandbox (the default) and Stripe
 * (STRIPE_SECRET_KEY). The plan catalogue sets the amount; the provider only moves money and
 * answers what happened to an intent.
 */
export interface ProviderIntent {
  id: string;
  status: PaymentIntentStatus;
  amount: number;
  currency: string;
  /** What we attached at creation: userId and plan. */
  metadata: Record<string, string>;
  /** The last card error, for people ("Your card was declined."), when the intent failed. */
  lastError: CardError | null;
}

export interface CreatedIntent extends ProviderIntent {
  /** Given to the browser once; stored only hashed. */
  clientSecret: string;
}

export interface CreateIntentInput {
  amount: number;
  currency: string;
  metadata: { userId: string; plan: string; paymentId: string };
  /** Passed on to the provider, so that a retried create makes one intent. */
  idempotencyKey: string | null;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Stripe's publishable key for Stripe Elements; null for the sandbox. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** The intent's client secret again (an Idempotency-Key replay of create); null when unknown. */
  clientSecretOf(id: string): Promise<string | null>;
}

/** Provider failures that are not the card's fault (network, bad key) become a 502 upstream. */
export class ProviderUnavailableError extends Error {}
