import { createHash } from 'node:crypto';

import { ErrorCode } from '@shared/api/errors';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookDeliveriesResponse,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookDeliveryEventType,
  type WebhookEventType,
} from '@shared/api/webhooks';
import { DAY_MS, MINUTE_MS } from '@shared/time';

import { isoNow, type AppContext } from '../../context';
import { findUserById } from '../../db/repositories/users.repository';
import {
  attemptsOf,
  claimDelivery,
  deliveriesOf,
  deliveryById,
  disableFailingEndpoint,
  dueDeliveries,
  endpointById,
  failPendingDeliveries,
  findDelivery,
  insertDeliveries,
  insertNewDeliveries,
  markEndpointFailing,
  markEndpointHealthy,
  pruneDeliveries,
  recordAttempt,
  subscribedEndpoints,
  subscribedEventsOf,
} from '../../db/repositories/webhooks.repository';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { webhookDisabledMail } from '../../mail/notification-templates';
import { newId } from '../../security/tokens';
import type { SubscriptionService } from '../subscription.service';
import { DISABLE_AFTER_FAILING_MS, nextAttemptAt } from './retry-schedule';
import { signatureHeader } from './signature';
import type { WebhookTransport } from './transport';
import { eventsOf, type WebhookEndpointService } from './webhook-endpoints.service';
import { pingData } from './webhook-events';

/** While one process tries a delivery, no other takes it; past this, one that died holding it is taken again. */
const ATTEMPT_LEASE_MS = 2 * MINUTE_MS;
/** Attempts one process makes at once (each may wait its whole timeout). */
const PARALLEL_ATTEMPTS = 8;
/** Due deliveries one scheduler tick takes up. */
const DUE_PER_TICK = 50;
/** Deliveries are kept this long in the log, then pruned. */
export const DELIVERIES_KEPT_MS = 30 * DAY_MS;

const deliveryNotFound = () => notFound('Delivery not found', ErrorCode.WEBHOOK_DELIVERY_NOT_FOUND);
const endpointDisabled = () => conflict('This endpoint is turned off. Turn it on to send to it.', ErrorCode.WEBHOOK_DISABLED);

/** A delivery id that is the same for the same event to the same endpoint: an event told twice is delivered once. */
const deliveryIdOf = (endpointId: string, eventId: string) =>
  `dlv_${createHash('sha256').update(`${endpointId}:${eventId}`).digest('hex').slice(0, 32)}`;

/**
 * Posting events to the account's endpoints. An event becomes one delivery per subscribed
 * endpoint (its body stored, so a replay sends the same bytes), tried at once and then on the
 * retry schedule until it succeeds or a day has passed. Each attempt is signed at the time it
 * is made, recorded with the answer, and claimed first so that of several server processes
 * one makes it. An endpoint that failed every attempt for a day is turned off and its owner
 * told by mail.
 */
export class WebhookDeliveryService {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private lastPrune = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly subscription: SubscriptionService,
    private readonly endpoints: WebhookEndpointService,
    private readonly transport: WebhookTransport,
  ) {}

  /**
   * Tells the owner's endpoints of an event, if their plan has webhooks and any subscribed.
   * `key` names the occurrence (an installation and when it finished): told twice, it is
   * delivered once.
   */
  async emit(userId: string, type: WebhookEventType, key: string, data: unknown): Promise<number> {
    const endpoints = await subscribedEndpoints(this.ctx.db, userId, type);
    if (endpoints.length === 0) return 0;
    if (!(await this.subscription.planOf(userId)).capabilities.webhooks) return 0;
    const eventId = `evt_${createHash('sha256').update(`${userId}:${type}:${key}`).digest('hex').slice(0, 32)}`;
    const rows = await this.deliver(endpoints, eventId, type, data, null);
    return rows.length;
  }

  /**
   * The events the owner's enabled endpoints listen to, under a plan with webhooks: building an
   * event is only worth it for these. One indexed read for an account without endpoints.
   */
  async wanted(userId: string): Promise<ReadonlySet<WebhookEventType>> {
    const lists = await subscribedEventsOf(this.ctx.db, userId);
    if (lists.length === 0 || !(await this.subscription.planOf(userId)).capabilities.webhooks) return new Set();
    return new Set(lists.flatMap((events) => eventsOf({ events })));
  }

  /** "Send test event": a ping to one endpoint, at once. */
  async sendTest(userId: string, endpointId: string): Promise<WebhookDelivery> {
    await this.endpoints.requirePlan(userId);
    const endpoint = await this.endpoints.find(userId, endpointId);
    if (endpoint.enabled !== 1) throw endpointDisabled();
    const [row] = await this.deliver([endpoint], `evt_${newId().replace(/-/g, '')}`, 'ping', pingData(endpoint.id), null);
    return toDelivery(row!);
  }

  /** Sends a delivery's event again, as it was (same event id and body), as a new delivery. */
  async replay(userId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    await this.endpoints.requirePlan(userId);
    const endpoint = await this.endpoints.find(userId, endpointId);
    const original = await findDelivery(this.ctx.db, userId, endpointId, deliveryId);
    if (!original) throw deliveryNotFound();
    if (endpoint.enabled !== 1) throw endpointDisabled();
    const now = isoNow(this.ctx.clock);
    const row: WebhookDeliveriesTable = {
      id: `dlv_${newId().replace(/-/g, '')}`,
      endpoint_id: endpoint.id,
      user_id: userId,
      event_id: original.event_id,
      event_type: original.event_type,
      payload: original.payload,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      response_status: null,
      replay_of: original.id,
      created_at: now,
    };
    await insertDeliveries(this.ctx.db, [row]);
    this.attemptLater([row]);
    return toDelivery(row);
  }

  async log(userId: string, endpointId: string, offset: number, limit: number): Promise<WebhookDeliveriesResponse> {
    await this.endpoints.requirePlan(userId);
    await this.endpoints.find(userId, endpointId);
    const { rows, total } = await deliveriesOf(this.ctx.db, endpointId, offset, limit);
    return { deliveries: rows.map(toDelivery), total, offset };
  }

  async detail(userId: string, endpointId: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
    await this.endpoints.requirePlan(userId);
    await this.endpoints.find(userId, endpointId);
    const row = await findDelivery(this.ctx.db, userId, endpointId, deliveryId);
    if (!row) throw deliveryNotFound();
    const attempts = await attemptsOf(this.ctx.db, row.id);
    return {
      ...toDelivery(row),
      requestBody: row.payload,
      attemptLog: attempts.map((attempt) => ({
        at: attempt.at,
        responseStatus: attempt.response_status,
        responseBody: attempt.response_body,
        error: attempt.error,
        durationMs: attempt.duration_ms,
      })),
    };
  }

  /**
   * A scheduler task: the deliveries whose next attempt is due, tried (in the background, a
   * few at once); and, once an hour, deliveries past DELIVERIES_KEPT_MS pruned. Tests call it
   * and then wait for ctx.tasks. Returns how many were taken up.
   */
  async deliverDue(): Promise<number> {
    const now = this.ctx.clock.now();
    if (now.getTime() - this.lastPrune >= 60 * MINUTE_MS) {
      this.lastPrune = now.getTime();
      await pruneDeliveries(this.ctx.db, new Date(now.getTime() - DELIVERIES_KEPT_MS).toISOString());
    }
    const due = await dueDeliveries(this.ctx.db, now.toISOString(), DUE_PER_TICK);
    this.attemptLater(due);
    return due.length;
  }

  private async deliver(
    endpoints: readonly WebhookEndpointsTable[],
    eventId: string,
    type: WebhookDeliveryEventType,
    data: unknown,
    replayOf: string | null,
  ): Promise<WebhookDeliveriesTable[]> {
    const now = isoNow(this.ctx.clock);
    const payload = JSON.stringify({ id: eventId, type, createdAt: now, data });
    const rows = endpoints.map((endpoint): WebhookDeliveriesTable => ({
      id: deliveryIdOf(endpoint.id, eventId),
      endpoint_id: endpoint.id,
      user_id: endpoint.user_id,
      event_id: eventId,
      event_type: type,
      payload,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      response_status: null,
      replay_of: replayOf,
      created_at: now,
    }));
    // Told twice (a repeated report, two processes), the same delivery ids are there already.
    const inserted = await insertNewDeliveries(this.ctx.db, rows);
    const fresh = rows.filter((row) => inserted.has(row.id));
    this.attemptLater(fresh);
    return fresh;
  }

  /** Each delivery tried in the background, at most PARALLEL_ATTEMPTS at once in this process. */
  private attemptLater(rows: readonly Pick<WebhookDeliveriesTable, 'id' | 'next_attempt_at'>[]): void {
    for (const row of rows)
      this.ctx.tasks.defer('webhook delivery', async () => {
        await this.slot();
        try {
          await this.attempt(row.id, row.next_attempt_at);
        } finally {
          this.active -= 1;
          this.waiting.shift()?.();
        }
      });
  }

  private async slot(): Promise<void> {
    if (this.active < PARALLEL_ATTEMPTS) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
  }

  /** One attempt at a delivery, if this process claims it; the outcome recorded and the next attempt planned. */
  private async attempt(deliveryId: string, expectedNext: string | null): Promise<void> {
    const leaseUntil = new Date(this.ctx.clock.now().getTime() + ATTEMPT_LEASE_MS).toISOString();
    if (!(await claimDelivery(this.ctx.db, deliveryId, expectedNext, leaseUntil))) return;
    const delivery = await deliveryById(this.ctx.db, deliveryId);
    const endpoint = delivery && (await endpointById(this.ctx.db, delivery.endpoint_id));
    if (!delivery || !endpoint || endpoint.enabled !== 1) return;
    const at = this.ctx.clock.now();
    const signature = signatureHeader(this.endpoints.secretOf(endpoint), Math.floor(at.getTime() / 1000), delivery.payload);
    const outcome = await this.transport.post(endpoint.url, delivery.payload, {
      [WEBHOOK_SIGNATURE_HEADER]: signature,
      [WEBHOOK_EVENT_HEADER]: delivery.event_type,
      [WEBHOOK_DELIVERY_HEADER]: delivery.id,
      'user-agent': 'Loadout-Webhooks/1',
    });
    const attempts = delivery.attempts + 1;
    const next = outcome.ok ? null : nextAttemptAt(delivery.created_at, attempts);
    await recordAttempt(
      this.ctx.db,
      {
        id: newId(),
        delivery_id: delivery.id,
        at: at.toISOString(),
        response_status: outcome.responseStatus,
        response_body: outcome.responseBody,
        error: outcome.error,
        duration_ms: outcome.durationMs,
      },
      {
        status: outcome.ok ? 'succeeded' : next === null ? 'failed' : 'pending',
        attempts,
        next_attempt_at: next,
        response_status: outcome.responseStatus,
      },
    );
    if (outcome.ok) await markEndpointHealthy(this.ctx.db, endpoint.id);
    else await this.failed(endpoint, at);
    // Turned off while this attempt was out (by its owner, or by another attempt's day of failures):
    // what this one just planned to retry ends with the others.
    if (next !== null && (await endpointById(this.ctx.db, endpoint.id))?.enabled !== 1)
      await failPendingDeliveries(this.ctx.db, endpoint.id);
  }

  /** An attempt failed: the endpoint is failing since then, and after a day of it, turned off. */
  private async failed(endpoint: WebhookEndpointsTable, at: Date): Promise<void> {
    await markEndpointFailing(this.ctx.db, endpoint.id, at.toISOString());
    const since = endpoint.failing_since ?? at.toISOString();
    if (at.getTime() - new Date(since).getTime() < DISABLE_AFTER_FAILING_MS) return;
    // When it began is the endpoint's failingSince, shown beside the reason in the reader's own time.
    const reason = 'Every attempt to deliver to it failed for a day.';
    if (!(await disableFailingEndpoint(this.ctx.db, endpoint.id, reason, at.toISOString()))) return;
    await failPendingDeliveries(this.ctx.db, endpoint.id);
    const owner = await findUserById(this.ctx.db, endpoint.user_id);
    if (!owner) return;
    await this.ctx.mailer.send({
      to: owner.email,
      ...webhookDisabledMail({
        firstName: owner.first_name,
        url: endpoint.url,
        failingSince: new Date(since).toUTCString(),
        link: `${this.ctx.config.publicUrl}/webhooks/${endpoint.id}`,
      }),
    });
  }
}

function toDelivery(row: WebhookDeliveriesTable): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.created_at,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    responseStatus: row.response_status,
    replayOf: row.replay_of,
  };
}
