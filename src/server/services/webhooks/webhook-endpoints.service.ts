import { ErrorCode } from '@shared/api/errors';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookWithSecret,
} from '@shared/api/webhooks';

import { isoNow, type AppContext } from '../../context';
import {
  countEndpoints,
  deleteEndpoint,
  endpointsOf,
  findEndpoint,
  insertEndpoint,
  lastDeliveriesOf,
  updateEndpoint,
} from '../../db/repositories/webhooks.repository';
import type { WebhookEndpointsTable } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { CodeCipher } from '../../security/code-cipher';
import { AddressRefused } from '../../security/public-address';
import { newId } from '../../security/tokens';
import type { SubscriptionService } from '../subscription.service';
import { newWebhookSecret } from './signature';
import type { WebhookTransport } from './transport';

export function webhooksRequirePremium(): AppError {
  return new AppError(
    403,
    ErrorCode.PLAN_FEATURE_REQUIRED,
    'Webhooks are part of Premium. Upgrade to send Loadout’s events to your own services.',
  );
}

export const webhookNotFound = () => notFound('Webhook endpoint not found', ErrorCode.WEBHOOK_NOT_FOUND);

/** The event types stored on an endpoint (a JSON array), known ones only. */
export function eventsOf(row: Pick<WebhookEndpointsTable, 'events'>): WebhookEventType[] {
  const parsed: unknown = JSON.parse(row.events);
  return WEBHOOK_EVENT_TYPES.filter((type) => Array.isArray(parsed) && parsed.includes(type));
}

/**
 * The account's webhook endpoints: where they post, which events, on or off. An address is
 * checked when it is saved (a public HTTPS address, after DNS) and again at every delivery,
 * since what a name resolves to may change. The signing secret is shown when it is made and
 * kept sealed: it is needed again to sign, so it cannot be a hash.
 */
export class WebhookEndpointService {
  private readonly cipher: CodeCipher;

  constructor(
    private readonly ctx: AppContext,
    private readonly subscription: SubscriptionService,
    private readonly transport: Pick<WebhookTransport, 'checkAddress'>,
  ) {
    this.cipher = new CodeCipher(ctx.config.jwtSecret, 'webhook-secrets');
  }

  async list(userId: string): Promise<WebhookEndpoint[]> {
    await this.requirePlan(userId);
    const rows = await endpointsOf(this.ctx.db, userId);
    const last = await lastDeliveriesOf(
      this.ctx.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toEndpoint(row, last.get(row.id)));
  }

  async get(userId: string, id: string): Promise<WebhookEndpoint> {
    await this.requirePlan(userId);
    const row = await this.find(userId, id);
    return toEndpoint(row, (await lastDeliveriesOf(this.ctx.db, [row.id])).get(row.id));
  }

  async create(userId: string, input: { url: string; description: string; events: WebhookEventType[] }): Promise<WebhookWithSecret> {
    await this.requirePlan(userId);
    if ((await countEndpoints(this.ctx.db, userId)) >= WEBHOOK_ENDPOINTS_MAX)
      throw badRequest(
        `You can have up to ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Delete one to add another.`,
        ErrorCode.WEBHOOK_LIMIT_REACHED,
      );
    const url = await this.checkedUrl(input.url);
    const secret = newWebhookSecret();
    const now = isoNow(this.ctx.clock);
    const row: WebhookEndpointsTable = {
      id: `whk_${newId().replace(/-/g, '')}`,
      user_id: userId,
      url,
      description: input.description,
      events: JSON.stringify(input.events),
      secret_sealed: this.cipher.encrypt(secret),
      enabled: 1,
      disabled_reason: null,
      failing_since: null,
      created_at: now,
      updated_at: now,
    };
    await insertEndpoint(this.ctx.db, row);
    return { endpoint: toEndpoint(row, undefined), secret };
  }

  /** Changes what is given; turning an endpoint on forgets its failures, so it gets a fresh day. */
  async update(
    userId: string,
    id: string,
    input: { url?: string; description?: string; events?: WebhookEventType[]; enabled?: boolean },
  ): Promise<WebhookEndpoint> {
    await this.requirePlan(userId);
    const row = await this.find(userId, id);
    const changes: Partial<WebhookEndpointsTable> = { updated_at: isoNow(this.ctx.clock) };
    if (input.url !== undefined) changes.url = await this.checkedUrl(input.url);
    if (input.description !== undefined) changes.description = input.description;
    if (input.events !== undefined) changes.events = JSON.stringify(input.events);
    if (input.enabled === true && row.enabled !== 1) Object.assign(changes, { enabled: 1, disabled_reason: null, failing_since: null });
    if (input.enabled === false) Object.assign(changes, { enabled: 0, disabled_reason: null });
    await updateEndpoint(this.ctx.db, userId, id, changes);
    return this.get(userId, id);
  }

  /** Deleting stays open after a downgrade: what the plan no longer allows can still be removed. */
  async remove(userId: string, id: string): Promise<void> {
    if (!(await deleteEndpoint(this.ctx.db, userId, id))) throw webhookNotFound();
  }

  /** A new secret; the old one signs nothing from now on. */
  async rollSecret(userId: string, id: string): Promise<WebhookWithSecret> {
    await this.requirePlan(userId);
    await this.find(userId, id);
    const secret = newWebhookSecret();
    await updateEndpoint(this.ctx.db, userId, id, { secret_sealed: this.cipher.encrypt(secret), updated_at: isoNow(this.ctx.clock) });
    return { endpoint: await this.get(userId, id), secret };
  }

  /** The endpoint's secret, to sign a delivery with. */
  secretOf(row: Pick<WebhookEndpointsTable, 'secret_sealed'>): string {
    return this.cipher.decrypt(row.secret_sealed);
  }

  async find(userId: string, id: string): Promise<WebhookEndpointsTable> {
    const row = await findEndpoint(this.ctx.db, userId, id);
    if (!row) throw webhookNotFound();
    return row;
  }

  async requirePlan(userId: string): Promise<void> {
    if (!(await this.subscription.planOf(userId)).capabilities.webhooks) throw webhooksRequirePremium();
  }

  /** The address as stored: https, no credentials or fragment, and a host that is public now. */
  private async checkedUrl(text: string): Promise<string> {
    const url = new URL(text);
    const refuse = (message: string) => badRequest(message, ErrorCode.WEBHOOK_ADDRESS_NOT_ALLOWED, { url: message });
    if (url.protocol !== 'https:') throw refuse('The address must start with https://');
    if (url.username !== '' || url.password !== '')
      throw refuse('The address must not hold a user name or password: verify deliveries with the signing secret instead');
    url.hash = '';
    try {
      await this.transport.checkAddress(url.hostname);
    } catch (error) {
      if (error instanceof AddressRefused) throw refuse(`Webhook addresses must be public: ${error.message}`);
      throw error;
    }
    return url.toString();
  }
}

function toEndpoint(
  row: WebhookEndpointsTable,
  last: { status: 'pending' | 'succeeded' | 'failed'; created_at: string } | undefined,
): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: eventsOf(row),
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since,
    createdAt: row.created_at,
    lastDelivery: last ? { status: last.status, at: last.created_at } : null,
  };
}
