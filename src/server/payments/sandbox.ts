import { randomBytes } from 'node:crypto';
import { z } from 'zod';

import type { CardError, PaymentIntentStatus, SandboxConfirmResponse } from '@shared/api/payment';

import type { Clock } from '../clock';
import { readJsonColumn } from '../db/json-column';
import {
  findSandboxIntent,
  findSandboxIntentBySecretHash,
  insertSandboxIntent,
  updateSandboxIntent,
} from '../db/repositories/payments.repository';
import type { Db, SandboxPaymentIntentsTable } from '../db/schema';
import { hashToken } from '../security/tokens';
import { AUTHENTICATION_FAILED, cardOutcome, type CardOutcome } from './cards';
import type { CreatedIntent, CreateIntentInput, PaymentProvider, ProviderIntent } from './provider';

const ERROR_MESSAGES: Record<string, CardError> = {
  generic_decline: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  payment_intent_authentication_failure: AUTHENTICATION_FAILED,
};

/**
 * The built-in payment provider (no STRIPE_SECRET_KEY): PaymentIntents kept in the database
 * (so every server process sees them), moving through Stripe's states with Stripe's test
 * cards. The browser confirms through POST /api/payment/sandbox/confirm, which answers like
 * Stripe's confirmCardPayment.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Derives an intent's client secret from its id with a server key: it need not be stored. */
    private readonly secretFor: (intentId: string) => string,
  ) {}

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    const id = `pi_sb_${randomBytes(12).toString('hex')}`;
    const clientSecret = `${id}_secret_${this.secretFor(id)}`;
    const now = this.clock.now().toISOString();
    const row: SandboxPaymentIntentsTable = {
      id,
      client_secret_hash: hashToken(clientSecret),
      amount: input.amount,
      currency: input.currency,
      status: 'requires_payment_method',
      metadata: JSON.stringify(input.metadata),
      last_error_code: null,
      created_at: now,
      updated_at: now,
    };
    await insertSandboxIntent(this.db, row);
    return { ...toIntent(row), clientSecret };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    const row = await findSandboxIntent(this.db, id);
    return row ? toIntent(row) : null;
  }

  async clientSecretOf(id: string): Promise<string | null> {
    return (await findSandboxIntent(this.db, id)) ? `${id}_secret_${this.secretFor(id)}` : null;
  }

  /**
   * confirmCardPayment: the card decides. A declined card leaves the intent in
   * requires_payment_method (another card may be tried, as in Stripe); a 3-D Secure card moves
   * it to requires_action until the challenge is answered (authenticate); a succeeded intent
   * cannot be confirmed again.
   */
  async confirm(clientSecret: string, card: { number: string; expiry: string; cvc: string }): Promise<SandboxResult> {
    const row = await findSandboxIntentBySecretHash(this.db, hashToken(clientSecret));
    if (!row) return unknownSecret();
    // An intent already paid is refused as Stripe refuses it, whatever the card, and charges
    // nothing again; the error carries the intent (as Stripe's does), so the browser that lost the
    // first answer learns it is paid and goes on to verify.
    if (!CONFIRMABLE.includes(row.status)) return unexpectedState(row);
    const outcome = cardOutcome(card, this.clock.now());
    if (outcome.kind === 'error' && !outcome.intentFails) {
      // Stripe.js refuses these before anything reaches the intent.
      return { response: { error: outcome.error }, intent: toIntent(row), outcome };
    }
    const status: PaymentIntentStatus = outcome.kind === 'error' ? 'requires_payment_method' : outcome.kind;
    const errorCode = outcome.kind === 'error' ? (outcome.error.declineCode ?? outcome.error.code) : null;
    return this.move(row, CONFIRMABLE, { status, errorCode }, outcome);
  }

  /**
   * The answer to the 3-D Secure challenge (Stripe's test page: "Complete authentication" or
   * "Fail authentication"). Completing pays the intent; failing sends it back to
   * requires_payment_method with Stripe's authentication error, as Stripe does.
   */
  async authenticate(clientSecret: string, result: 'complete' | 'fail'): Promise<SandboxResult> {
    const row = await findSandboxIntentBySecretHash(this.db, hashToken(clientSecret));
    if (!row) return unknownSecret();
    // The challenge answered twice (a lost answer, a second tab) says what the first did.
    if (row.status === 'succeeded') return paid(toIntent(row));
    if (row.status !== 'requires_action') return unexpectedState(row);
    const outcome: CardOutcome =
      result === 'complete' ? { kind: 'succeeded' } : { kind: 'error', error: AUTHENTICATION_FAILED, intentFails: true };
    return result === 'complete'
      ? this.move(row, ['requires_action'], { status: 'succeeded', errorCode: null }, outcome)
      : this.move(row, ['requires_action'], { status: 'requires_payment_method', errorCode: AUTHENTICATION_FAILED.code }, outcome);
  }

  /** Moves the intent on only from `from` (a concurrent confirm loses), and answers like Stripe.js. */
  private async move(
    row: SandboxPaymentIntentsTable,
    from: readonly PaymentIntentStatus[],
    change: { status: PaymentIntentStatus; errorCode: string | null },
    outcome: CardOutcome,
  ): Promise<SandboxResult> {
    const at = this.clock.now().toISOString();
    const moved = await updateSandboxIntent(this.db, row.id, from, { status: change.status, lastErrorCode: change.errorCode, at });
    const current = await findSandboxIntent(this.db, row.id);
    if (!moved || !current) {
      return {
        response: {
          error: { code: 'payment_intent_unexpected_state', message: 'This PaymentIntent was confirmed at the same time elsewhere.' },
        },
        intent: current ? toIntent(current) : null,
        outcome: null,
      };
    }
    const intent = toIntent(current);
    if (outcome.kind === 'error') return { response: { error: outcome.error }, intent, outcome };
    return { response: { paymentIntent: { id: intent.id, status: intent.status } }, intent, outcome };
  }
}

/** What a sandbox call answers the browser, and what it did to the intent (for the payment's record). */
export interface SandboxResult {
  response: SandboxConfirmResponse;
  intent: ProviderIntent | null;
  outcome: CardOutcome | null;
}

/** Stripe confirms an intent that waits for a payment method, a confirmation or (with a new card) an action. */
const CONFIRMABLE: readonly PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

const unknownSecret = (): SandboxResult => ({
  response: { error: { code: 'resource_missing', message: 'No such payment_intent: the client secret is not known.' } },
  intent: null,
  outcome: null,
});

const paid = (intent: ProviderIntent): SandboxResult => ({
  response: { paymentIntent: { id: intent.id, status: intent.status } },
  intent,
  outcome: null,
});

/** Stripe's refusal to confirm an intent in another state, with Stripe's words and the intent. */
const unexpectedState = (row: SandboxPaymentIntentsTable): SandboxResult => ({
  response: {
    error: {
      code: 'payment_intent_unexpected_state',
      message:
        row.status === 'succeeded'
          ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
          : `You cannot confirm this PaymentIntent because it has a status of ${row.status}.`,
    },
    paymentIntent: { id: row.id, status: row.status },
  },
  intent: toIntent(row),
  outcome: null,
});

function toIntent(row: SandboxPaymentIntentsTable): ProviderIntent {
  const lastError = row.last_error_code
    ? (ERROR_MESSAGES[row.last_error_code] ?? {
        code: 'card_declined',
        declineCode: row.last_error_code,
        message: 'Your card was declined.',
      })
    : null;
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    metadata: readJsonColumn(z.record(z.string(), z.string()), row.metadata, {}),
    lastError,
  };
}
