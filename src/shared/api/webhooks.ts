import { z } from 'zod';

import { singleLineText } from './common';

/**
 * Outgoing webhooks (Premium and up): the account registers HTTPS endpoints, and Loadout posts
 * each event it subscribed to there, signed, retried with backoff for a day, kept in a delivery
 * log with the answer, and replayable. docs/webhooks.md tells the format and how to verify it.
 */

/** Endpoints one account may have. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 100;
/** Deliveries a page of the log shows at most. */
export const WEBHOOK_DELIVERIES_PAGE_MAX = 100;

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = ['installation.finished', 'drift.detected', 'machine.silent', 'rollback.finished'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Every event a delivery may carry: the subscribable ones and the test event ("Send test event"). */
export type WebhookDeliveryEventType = WebhookEventType | 'ping';

/** What each event is, as the form and the docs say it. */
export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'installation.finished': 'An installation finished, with each app’s outcome and the installer’s log',
  'drift.detected': 'A machine drifted from its groups’ lists',
  'machine.silent': 'A machine has not reported for a day',
  'rollback.finished': 'A rollback to an earlier generation finished',
};

/** The headers each delivery carries. */
export const WEBHOOK_SIGNATURE_HEADER = 'Loadout-Signature';
export const WEBHOOK_EVENT_HEADER = 'Loadout-Event';
export const WEBHOOK_DELIVERY_HEADER = 'Loadout-Delivery';

export const webhookIdSchema = z.string().min(1).max(64);
export const webhookParamsSchema = z.object({ id: webhookIdSchema });
export const webhookDeliveryParamsSchema = z.object({ id: webhookIdSchema, deliveryId: z.string().min(1).max(64) });

const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, 'URL is required')
  .max(WEBHOOK_URL_MAX, `A URL must be at most ${WEBHOOK_URL_MAX} characters`)
  .refine((value) => URL.canParse(value), 'Enter a full address, such as https://example.com/loadout')
  .refine((value) => !URL.canParse(value) || new URL(value).protocol === 'https:', 'The address must start with https://');

const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, 'Choose at least one event')
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

export const webhookDescriptionSchema = singleLineText('Description', WEBHOOK_DESCRIPTION_MAX);

/** POST /api/webhooks */
export const createWebhookRequestSchema = z.object({
  url: webhookUrlSchema,
  description: webhookDescriptionSchema.default(''),
  events: webhookEventsSchema,
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

/** PATCH /api/webhooks/{id}: what is given changes; `enabled: true` turns a disabled endpoint back on. */
export const updateWebhookRequestSchema = z
  .object({
    url: webhookUrlSchema.optional(),
    description: webhookDescriptionSchema.optional(),
    events: webhookEventsSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change' });
export type UpdateWebhookRequest = z.input<typeof updateWebhookRequestSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The last delivery of an endpoint, as its row in the list shows it. */
const lastDeliverySchema = z.object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), at: z.string() }).nullable();

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why Loadout turned it off (it kept failing), or null. */
  disabledReason: z.string().nullable(),
  /** Since when every attempt to reach it has failed, or null. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
  lastDelivery: lastDeliverySchema,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** GET /api/webhooks */
export const webhooksResponseSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhooksResponse = z.infer<typeof webhooksResponseSchema>;

/** POST /api/webhooks and POST /api/webhooks/{id}/secret: the only times the signing secret is shown. */
export const webhookWithSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** One try at a delivery: what the endpoint answered, or why it could not be reached. */
export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** The HTTP status, or null when there was no answer. */
  responseStatus: z.number().int().nullable(),
  /** The start of the answer's body (at most a few KB). */
  responseBody: z.string().nullable(),
  /** Why it failed without an answer (timed out, refused address, redirect, TLS…), or null. */
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  createdAt: z.string(),
  /** When the next try is due, while pending. */
  nextAttemptAt: z.string().nullable(),
  /** The last answer's status, or null. */
  responseStatus: z.number().int().nullable(),
  /** The delivery this one sent again, or null. */
  replayOf: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET /api/webhooks/{id}/deliveries?offset&limit: newest first. */
export const webhookDeliveriesQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_PAGE_MAX).default(20),
});
export const webhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  total: z.number().int(),
  offset: z.number().int(),
});
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponseSchema>;

/** GET /api/webhooks/{id}/deliveries/{deliveryId}: the body as sent and every attempt. */
export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  requestBody: z.string(),
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

/** POST …/test and …/replay: the delivery made, its first try under way. */
export const webhookDeliveryResponseSchema = z.object({ delivery: webhookDeliverySchema });
export type WebhookDeliveryResponse = z.infer<typeof webhookDeliveryResponseSchema>;
